import OpenHumanTunnel
import VectorFormat

/// `vectors/frame-open.json`: one frame opened by a fresh session (FRAME-OPEN-1 to
/// FRAME-OPEN-6): every type octet, every truncation of a short frame, the size limit, and
/// every way authentication must fail, each built so that the check under test fires first.
enum FrameOpenVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "frame-open",
            description:
                "Opening one session frame with a fresh session: each of the 256 type octets, truncation at every "
                + "length, the 49,152-byte limit, the order of the checks, and authentication failures.",
            flags: [
                "ExtremeValue": ExtremeValueVectors.flag,
                "TypeOctet": Flag(
                    description: "The first byte is changed; the rest is an authentic frame.",
                    bug:
                        "Type octet not checked, a wrong error for a registered type, or a legacy frame treated as unknown."
                ),
                "Truncated": Flag(
                    description: "An authentic frame cut short.",
                    bug:
                        "Out-of-bounds read on a short frame, or the wrong error for a length between the minimum and the original."
                ),
                "SizeLimit": Flag(
                    description: "Frame length at or just over 49,152 bytes; the oversize frame is authentic.",
                    bug:
                        "No receive limit (a peer can make the receiver decrypt arbitrarily large frames), or off by one."
                ),
                "CheckOrder": Flag(
                    description: "Two checks fail at once; the earlier one in FRAME-OPEN-1 decides the error.",
                    bug: "Checks in another order: implementations disagree on the error code."
                ),
                "Role": Flag(
                    description: "The frame was sealed by the opener's own role (a reflection).",
                    bug: "One key for both directions: a relay can reflect a party's frames back to it."
                ),
                "Tampered": Flag(
                    description:
                        "One byte of nonce, ciphertext or tag changed, or the frame sealed with AAD or another key.",
                    bug: "Tag not verified, or AAD used where the protocol has none."
                ),
                "Valid": Flag(
                    description: "An authentic frame that MUST be accepted.",
                    bug: "A positive control: an implementation that refuses everything fails it."
                ),
            ]
        )
        try addValid(&file)
        try addTypeSweep(&file)
        try addTruncations(&file)
        try addSizeLimit(&file)
        try addAuthentication(&file)
        try ExtremeValueVectors.addFrameOpen(to: &file)
        return try file.build()
    }

    private static func open(_ fixture: SessionFixture, role: Role, _ frame: [UInt8]) -> JSONValue {
        fixture.input(role: role).setting("frame", .hex(frame))
    }

    private static func addValid(_ file: inout VectorFileBuilder) throws {
        for role in Role.allCases {
            let name = "\(role.rawValue)-opens-\(role.peer.rawValue)-frame"
            let fixture = SessionFixture(id: file.id(name))
            try file.add(
                name,
                operation: "frame-open",
                requirements: ["FRAME-OPEN-6", "KDF-5"],
                comment:
                    "The \(role.rawValue) opens a frame sealed by the \(role.peer.rawValue) with \(role == .device ? "s2c" : "c2s").",
                flags: ["Valid"],
                input: open(fixture, role: role, try fixture.sealed(by: role.peer, "message")),
                expect: .output(["plaintext": .hex(fixture.plaintext("message", length: 16))])
            )
        }
        let fixture = SessionFixture(id: file.id("length-41-empty-plaintext"))
        try file.add(
            "length-41-empty-plaintext",
            operation: "frame-open",
            requirements: ["FRAME-OPEN-3", "FRAME-OPEN-6"],
            comment: "A 41-byte frame, the shortest, carries an empty plaintext and is accepted.",
            flags: ["Valid"],
            input: open(fixture, role: .core, try fixture.sealed(by: .device, "message", length: 0)),
            expect: .output(["plaintext": ""])
        )
    }

    /// All 256 first bytes on an otherwise authentic frame.
    private static func addTypeSweep(_ file: inout VectorFileBuilder) throws {
        let fixture = SessionFixture(id: file.id("type-sweep"))
        let frame = try fixture.sealed(by: .device, "message", length: 8)
        for byte in UInt8.min...UInt8.max {
            let outcome = TypeOctets.outcome(byte, accepting: MessageType.session.rawValue)
            var changed = frame
            changed[0] = byte
            try file.add(
                outcome.name,
                operation: "frame-open",
                requirements: outcome.requirements + ["FRAME-OPEN-2"],
                comment: outcome.error.map { "A session receiver answers type octet \(hexByte(byte)) with \($0)." }
                    ?? "The unchanged frame (type 0x02) opens: the positive control of the sweep.",
                flags: outcome.error == nil ? ["Valid"] : ["TypeOctet"],
                input: open(fixture, role: .core, changed),
                expect: outcome.error.map { .error($0) } ?? .valid
            )
        }
    }

    /// Every prefix of a 46-byte frame (5-byte plaintext): 0 is empty, 1 to 40 too short,
    /// 41 to 45 long enough but unauthentic, 46 the frame itself.
    private static func addTruncations(_ file: inout VectorFileBuilder) throws {
        let fixture = SessionFixture(id: file.id("truncated"))
        let frame = try fixture.sealed(by: .device, "message", length: 5)
        for length in 0..<frame.count {
            let (error, requirements): (String, [String]) =
                switch length {
                case 0: ("empty_frame", ["TYPE-2", "FRAME-OPEN-2", "ADP-10"])
                case 1..<Limits.sessionFrameOverhead: ("frame_too_short", ["FRAME-OPEN-3"])
                default: ("auth_failed", ["FRAME-OPEN-6"])
                }
            try file.add(
                "truncated-to-\(length)",
                operation: "frame-open",
                requirements: requirements,
                comment: "A 46-byte frame cut to \(length) bytes: \(error).",
                flags: ["Truncated"],
                input: open(fixture, role: .core, Array(frame.prefix(length))),
                expect: .error(error)
            )
        }
    }

    private static func addSizeLimit(_ file: inout VectorFileBuilder) throws {
        let largest = SessionFixture(id: file.id("length-49152-maximum"))
        try file.add(
            "length-49152-maximum",
            operation: "frame-open",
            requirements: ["SIZE-1", "FRAME-OPEN-4"],
            comment: "A 49,152-byte frame (49,111-byte plaintext), the largest, is accepted.",
            flags: ["Valid"],
            input: open(
                largest,
                role: .core,
                try largest.sealed(by: .device, "message", length: Limits.maximumPlaintextLength)
            ),
            expect: .valid
        )
        let belowLargest = SessionFixture(id: file.id("length-49151"))
        try file.add(
            "length-49151",
            operation: "frame-open",
            requirements: ["SIZE-1", "FRAME-OPEN-4"],
            comment: "A 49,151-byte frame (49,110-byte plaintext), one below the largest, is accepted.",
            flags: ["Valid"],
            input: open(
                belowLargest,
                role: .core,
                try belowLargest.sealed(by: .device, "message", length: Limits.maximumPlaintextLength - 1)
            ),
            expect: .valid
        )
        let oversize = SessionFixture(id: file.id("length-49153-too-large"))
        let nonce = oversize.nonce("message")
        let frame = oversize.rawSealed(
            by: .device,
            nonce: nonce,
            plaintext: oversize.plaintext("message", length: Limits.maximumPlaintextLength + 1)
        )
        try file.add(
            "length-49153-too-large",
            operation: "frame-open",
            requirements: ["SIZE-1", "FRAME-OPEN-4"],
            comment: "An authentic 49,153-byte frame is refused with frame_too_large before any decryption.",
            flags: ["SizeLimit"],
            input: open(oversize, role: .core, frame),
            expect: .error("frame_too_large")
        )
        // Check order: the type octet is judged before the length, in both directions.
        let orderCases: [(String, UInt8, [UInt8], String, String)] = [
            (
                "order-legacy-before-too-large", 0x01, frame, "legacy_frame",
                "A 49,153-byte frame of type 0x01 is legacy_frame, not frame_too_large."
            ),
            (
                "order-unsupported-before-too-large", 0x05, frame, "unsupported_type",
                "A 49,153-byte frame of type 0x05 is unsupported_type, not frame_too_large."
            ),
            (
                "order-legacy-before-too-short", 0x01, Array(frame.prefix(40)), "legacy_frame",
                "A 40-byte frame of type 0x01 is legacy_frame, not frame_too_short."
            ),
            (
                "order-legacy-one-byte", 0x01, Array(frame.prefix(1)), "legacy_frame",
                "The single byte 0x01 is legacy_frame: the type check comes before the length check."
            ),
            (
                "order-unexpected-before-too-short", 0x03, Array(frame.prefix(40)), "unexpected_type",
                "A 40-byte frame of type 0x03 is unexpected_type, not frame_too_short."
            ),
        ]
        for (name, byte, base, error, comment) in orderCases {
            var changed = base
            changed[0] = byte
            try file.add(
                name,
                operation: "frame-open",
                requirements: ["FRAME-OPEN-1", "FRAME-OPEN-2"],
                comment: comment,
                flags: ["CheckOrder"],
                input: open(oversize, role: .core, changed),
                expect: .error(error)
            )
        }
    }

    private static func addAuthentication(_ file: inout VectorFileBuilder) throws {
        for role in Role.allCases {
            let name = "reflected-\(role.rawValue)-frame"
            let fixture = SessionFixture(id: file.id(name))
            try file.add(
                name,
                operation: "frame-open",
                requirements: ["KDF-5", "FRAME-OPEN-6"],
                comment:
                    "The \(role.rawValue) opens a frame it sealed itself: its opening key differs, so auth_failed.",
                flags: ["Role"],
                input: open(fixture, role: role, try fixture.sealed(by: role, "message")),
                expect: .error("auth_failed")
            )
        }
        let fixture = SessionFixture(id: file.id("tampered"))
        let frame = try fixture.sealed(by: .device, "message", length: 16)
        let flips: [(String, Int, String)] = [
            ("nonce-first-byte", 1, "the nonce's first byte"), ("nonce-last-byte", 24, "the nonce's last byte"),
            ("ciphertext-first-byte", 25, "the ciphertext's first byte"),
            ("tag-last-byte", frame.count - 1, "the tag's last byte"),
        ]
        for (name, index, what) in flips {
            var changed = frame
            changed[index] ^= 0x80
            try file.add(
                "tampered-\(name)",
                operation: "frame-open",
                requirements: ["FRAME-OPEN-6"],
                comment: "An authentic frame with \(what) flipped fails authentication.",
                flags: ["Tampered"],
                input: open(fixture, role: .core, changed),
                expect: .error("auth_failed")
            )
        }
        let nonce = fixture.nonce("with-aad"), plaintext = fixture.plaintext("with-aad", length: 16)
        let header = [MessageType.session.rawValue] + nonce
        try file.add(
            "sealed-with-header-as-aad",
            operation: "frame-open",
            requirements: ["FRAME-OPEN-6", "FRAME-SEAL-1"],
            comment: "A frame sealed with 0x02 || nonce as AAD fails: session frames have no AAD.",
            flags: ["Tampered"],
            input: open(
                fixture,
                role: .core,
                fixture.rawSealed(by: .device, nonce: nonce, plaintext: plaintext, aad: header)
            ),
            expect: .error("auth_failed")
        )
        let other = SessionFixture(id: file.id("wrong-key"))
        try file.add(
            "wrong-key",
            operation: "frame-open",
            requirements: ["FRAME-OPEN-6"],
            comment: "A frame sealed under another session's c2s fails authentication.",
            flags: ["Tampered"],
            input: open(fixture, role: .core, try other.sealed(by: .device, "message")),
            expect: .error("auth_failed")
        )
    }
}

/// `0x0a` style, for comments.
func hexByte(_ byte: UInt8) -> String { "0x" + String(byte, radix: 16).leftPadded(to: 2) }
