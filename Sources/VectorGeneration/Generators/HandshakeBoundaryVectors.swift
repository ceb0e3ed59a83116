import OpenHumanTunnel
import VectorFormat

/// `handshake/...` boundary vectors (issue 9 section 4): every time comparison at, one before
/// and one after its boundary in every channel state, times past the original pairing's expiry,
/// times that do not fit 32 bits, and the extreme values of every fixed-size input.
enum HandshakeBoundaryVectors {
    static let largestSafeInteger: Int64 = (1 << 53) - 1

    static func add(to file: inout VectorFileBuilder) throws {
        try addPendingTimes(&file)
        try addPairedAndRevokedTimes(&file)
        try addExtremeValues(&file)
    }

    private static func core(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        input: JSONValue,
        errors: [String?]
    ) throws {
        try file.add(
            "core/\(name)",
            operation: "handshake-core",
            requirements: requirements,
            comment: comment,
            flags: ["TimeBoundary"],
            input: input,
            expect: .steps(errors)
        )
    }

    private static func addPendingTimes(_ file: inout VectorFileBuilder) throws {
        let e = HandshakeFixture.expiresAt
        var f = HandshakeFixture(id: file.id("core/pending-one-before-expiry"))
        try core(
            &file,
            "pending-one-before-expiry",
            ["CHAN-2", "HS-4"],
            "now == expiresAt - 1: accepted.",
            input: f.coreInput(steps: [f.coreStep(try f.handshake(), now: e - 1)]),
            errors: [nil]
        )
        let edges: [(String, Int64, Int64, String?, String)] = [
            (
                "pending-expires-at-0-now-0", 0, 0, nil,
                "A channel pending until 0 at now 0, the bottom of the range: equal, accepted."
            ),
            (
                "pending-expires-at-0-now-1", 0, 1, "pairing_expired",
                "A channel pending until 0 at now 1: pairing_expired."
            ),
            (
                "pending-expires-at-0-now-ordinary", 0, HandshakeFixture.now, "pairing_expired",
                "A channel pending until 0 at an ordinary now: pairing_expired; 0 is a time, not 'no expiry'."
            ),
            (
                "pending-expires-at-max-now-max-minus-1", largestSafeInteger, largestSafeInteger - 1, nil,
                "Pending until 2^53 - 1, now one before: accepted."
            ),
            (
                "pending-expires-at-max-minus-1-now-max", largestSafeInteger - 1, largestSafeInteger, "pairing_expired",
                "Pending until 2^53 - 2, now 2^53 - 1: pairing_expired."
            ),
            (
                "pending-expires-at-2-pow-32-minus-1-now-2-pow-32", (1 << 32) - 1, 1 << 32, "pairing_expired",
                "Pending until 2^32 - 1 (2106), now 2^32: pairing_expired; 32-bit times would wrap now to 0 and accept."
            ),
            (
                "pending-expires-at-2-pow-32-now-2-pow-32-minus-1", 1 << 32, (1 << 32) - 1, nil,
                "Pending until 2^32, now 2^32 - 1: accepted; 32-bit times would wrap expiresAt to 0 and refuse."
            ),
        ]
        for (name, expiresAt, now, error, comment) in edges {
            f = HandshakeFixture(id: file.id("core/\(name)"))
            try core(
                &file,
                name,
                ["CHAN-2", "HS-4", "ENC-4"],
                comment,
                input: f.coreInput(
                    channel: .pending(expiresAt: expiresAt),
                    steps: [f.coreStep(try f.handshake(), now: now)]
                ),
                errors: [error]
            )
        }
        f = HandshakeFixture(id: file.id("core/sequence/expired-then-at-expiry"))
        try core(
            &file,
            "sequence/expired-then-at-expiry",
            ["CHAN-2", "CHAN-6", "ADP-16"],
            "Pending: the handshake at expiresAt + 1 is pairing_expired and leaves it pending; the same one at expiresAt pairs.",
            input: f.coreInput(steps: [
                f.coreStep(try f.handshake(), now: e + 1), f.coreStep(try f.handshake(), now: e),
            ]),
            errors: ["pairing_expired", nil]
        )
    }

    private static func addPairedAndRevokedTimes(_ file: inout VectorFileBuilder) throws {
        let e = HandshakeFixture.expiresAt
        let f = HandshakeFixture(id: file.id("core/sequence/paired-past-pairing-expiry"))
        let rounds = ["at-expiry", "one-after", "far-after"].map { f.round($0) }
        try core(
            &file,
            "sequence/paired-past-pairing-expiry",
            ["CHAN-2", "CHAN-3", "CHAN-9", "HS-4", "ENC-4"],
            "Pending until e: pairs at e - 1, then reconnects at e, e + 1 and 2^53 - 1: a paired channel has no expiry.",
            input: f.coreInput(steps: [
                f.coreStep(try f.handshake(), now: e - 1),
                rounds[0].coreStep(try rounds[0].handshake(), now: e),
                rounds[1].coreStep(try rounds[1].handshake(), now: e + 1),
                rounds[2].coreStep(try rounds[2].handshake(), now: largestSafeInteger),
            ]),
            errors: [nil, nil, nil, nil]
        )
        let paired = HandshakeFixture(id: file.id("core/paired-at-times"))
        for (name, now) in [("0", Int64(0)), ("2-pow-53-minus-1", largestSafeInteger)] {
            try core(
                &file,
                "paired-at-now-\(name)",
                ["CHAN-3", "HS-4"],
                "A paired channel accepts its device at now \(name).",
                input: paired.coreInput(
                    channel: .paired(devicePublicKey: paired.devicePublic, lastHandshakeEphemeral: nil),
                    steps: [paired.coreStep(try paired.handshake(), now: now)]
                ),
                errors: [nil]
            )
        }
        let revoked = HandshakeFixture(id: file.id("core/revoked-at-times"))
        let times: [Int64] = [0, e - 1, e, e + 1, largestSafeInteger]
        try core(
            &file,
            "revoked-at-times",
            ["CHAN-4", "HS-4"],
            "A revoked channel refuses its own device at now 0, e - 1, e, e + 1 and 2^53 - 1: revocation does not depend on time.",
            input: revoked.coreInput(
                channel: .revoked,
                steps: times.map { revoked.coreStep(try! revoked.handshake(), now: $0) }
            ),
            errors: times.map { _ in "channel_revoked" }
        )
    }

    /// All zero and all 0xff for every fixed-size private key and nonce of the three handshake
    /// operations: each is a legal input (X25519 clamps any 32 bytes), so each run succeeds.
    private static func addExtremeValues(_ file: inout VectorFileBuilder) throws {
        for (byteName, byte) in [("zero", UInt8(0x00)), ("ff", UInt8(0xff))] {
            for member in ["coreStaticPrivate", "serverEphemeralPrivate", "ackNonce"] {
                let name = "core/extreme-\(member)-\(byteName)"
                let base = HandshakeFixture(id: file.id(name))
                let f = base.replacing(member, with: [UInt8](repeating: byte, count: member == "ackNonce" ? 24 : 32))
                try file.add(
                    name,
                    operation: "handshake-core",
                    requirements: ["HS-4", "ACK-1", "KDF-2", "DH-1"],
                    comment:
                        "\(member) all \(byteName == "zero" ? "zero" : "0xff"): a legal value; the exact ack and keys.",
                    flags: ["ExtremeValue"],
                    input: f.coreInput(steps: [f.coreStep(try f.handshake())]),
                    expect: .output(["steps": [try f.acceptance()]])
                )
            }
            for member in ["deviceStaticPrivate", "handshakeEphemeralPrivate", "clientEphemeralPrivate", "nonce"] {
                let name = "start/extreme-\(member)-\(byteName)"
                let f = HandshakeFixture(id: file.id(name))
                    .replacing(member, with: [UInt8](repeating: byte, count: member == "nonce" ? 24 : 32))
                try file.add(
                    name,
                    operation: "handshake-device-start",
                    requirements: ["HS-1", "HS-2", "KDF-3", "DH-1"],
                    comment:
                        "\(member) all \(byteName == "zero" ? "zero" : "0xff"): a legal value; the exact 0x03 message.",
                    flags: ["ExtremeValue"],
                    input: f.startInput(),
                    expect: .output(["frame": .hex(try f.handshake())])
                )
            }
            // The channel's stored keys: an all-zero or all-0xff devicePublicKey is some other
            // device's key (unknown_device); such a lastHandshakeEphemeral is not this hs_eph_pub.
            let extremeKey = [UInt8](repeating: byte, count: 32)
            var name = "core/extreme-devicePublicKey-\(byteName)"
            var f = HandshakeFixture(id: file.id(name))
            try file.add(
                name,
                operation: "handshake-core",
                requirements: ["CHAN-3", "HS-4-8"],
                comment:
                    "A channel paired with a devicePublicKey of all \(byteName == "zero" ? "zero" : "0xff") bytes refuses another device: unknown_device.",
                flags: ["ExtremeValue"],
                input: f.coreInput(
                    channel: .paired(devicePublicKey: extremeKey, lastHandshakeEphemeral: nil),
                    steps: [f.coreStep(try f.handshake())]
                ),
                expect: .steps(["unknown_device"])
            )
            name = "core/extreme-lastHandshakeEphemeral-\(byteName)"
            f = HandshakeFixture(id: file.id(name))
            try file.add(
                name,
                operation: "handshake-core",
                requirements: ["CHAN-5", "CHAN-3"],
                comment:
                    "lastHandshakeEphemeral of all \(byteName == "zero" ? "zero" : "0xff") bytes is not this hs_eph_pub: accepted.",
                flags: ["ExtremeValue"],
                input: f.coreInput(
                    channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: extremeKey),
                    steps: [f.coreStep(try f.handshake())]
                ),
                expect: .output(["steps": [try f.acceptance()]])
            )
            let corePublicName = "start/extreme-corePublicKey-\(byteName)"
            if byte == 0xff {
                // All 0xff is 2^255 - 1 once the top bit is masked, that is p + 18: not low order.
                let f = HandshakeFixture(id: file.id(corePublicName))
                try file.add(
                    corePublicName,
                    operation: "handshake-device-start",
                    requirements: ["HS-1", "HS-3", "DH-1"],
                    comment: "corePublicKey all 0xff (p + 18 after masking, not low order): the handshake is built.",
                    flags: ["ExtremeValue"],
                    input: f.startInput().setting("corePublicKey", .hex([UInt8](repeating: 0xff, count: 32))),
                    expect: .valid
                )
            }
            for member in ["deviceStaticPrivate", "clientEphemeralPrivate"] {
                let name = "finish/extreme-\(member)-\(byteName)"
                let f = HandshakeFixture(id: file.id(name)).replacing(member, with: [UInt8](repeating: byte, count: 32))
                try file.add(
                    name,
                    operation: "handshake-device-finish",
                    requirements: ["ACK-4", "KDF-2", "DH-1"],
                    comment:
                        "\(member) all \(byteName == "zero" ? "zero" : "0xff"): a legal value; the exact session keys.",
                    flags: ["ExtremeValue"],
                    input: f.finishInput(try f.ack()),
                    expect: .output(try f.sessionKeys())
                )
            }
        }
    }
}
