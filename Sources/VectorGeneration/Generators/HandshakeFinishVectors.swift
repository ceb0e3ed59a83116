import OpenHumanTunnel
import TunnelCrypto

/// `finish/...`: the device opening 0x04 (ACK-4).
enum HandshakeFinishVectors {
    static func add(to file: inout VectorFileBuilder) throws {
        try addValid(&file)
        try addTypeSweep(&file)
        try addTruncations(&file)
        try addSizeLimit(&file)
        try addLowOrder(&file)
        try addAuthentication(&file)
        try addJSON(&file)
    }

    private static func finish(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        flags: [String],
        _ f: HandshakeFixture,
        _ frame: [UInt8],
        error: String?
    ) throws {
        try file.add(
            "finish/\(name)",
            operation: "handshake-device-finish",
            requirements: requirements,
            comment: comment,
            flags: flags,
            input: f.finishInput(frame),
            expect: error.map { .error($0) } ?? .valid
        )
    }

    /// One finish vector named by its fixture (whose seed is the vector's id), so the name is written once.
    private static func finish(
        _ file: inout VectorFileBuilder,
        _ requirements: [String],
        _ comment: String,
        flags: [String],
        _ f: HandshakeFixture,
        _ frame: [UInt8],
        error: String?
    ) throws {
        try file.add(
            fixture: f,
            operation: "handshake-device-finish",
            requirements: requirements,
            comment: comment,
            flags: flags,
            input: f.finishInput(frame),
            expect: error.map { .error($0) } ?? .valid
        )
    }

    private static func fixture(_ file: VectorFileBuilder, _ name: String) -> HandshakeFixture {
        HandshakeFixture(id: file.id("finish/\(name)"))
    }

    private static func addValid(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "sender-form")
        try file.add(
            fixture: f,
            operation: "handshake-device-finish",
            requirements: ["ACK-4", "ACK-1", "ACK-2", "KDF-2", "KDF-4"],
            comment: "The ack in the exact ACK-2 form opens, and the device derives the same c2s and s2c as the core.",
            flags: ["Valid"],
            input: f.finishInput(try f.ack()),
            expect: .output(try f.sessionKeys())
        )
    }

    private static func addTypeSweep(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "type-sweep")
        let frame = try f.ack()
        for byte in UInt8.min...UInt8.max {
            let outcome = TypeOctets.outcome(byte, accepting: MessageType.handshakeAck.rawValue)
            var changed = frame
            changed[0] = byte
            try finish(
                &file,
                outcome.name,
                outcome.requirements + ["ACK-4"],
                outcome.error.map { "The device's ack opener answers type octet \(hexByte(byte)) with \($0)." }
                    ?? "The unchanged ack (type 0x04) is accepted: the positive control of the sweep.",
                flags: outcome.error == nil ? ["Valid"] : ["TypeOctet"],
                f,
                changed,
                error: outcome.error
            )
        }
    }

    /// Every prefix of the 137-byte ack.
    private static func addTruncations(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "truncated")
        let frame = try f.ack()
        for length in 0..<frame.count {
            let (error, requirements): (String, [String]) =
                switch length {
                case 0: ("empty_frame", ["TYPE-2", "ACK-4"])
                case 1..<41: ("frame_too_short", ["ACK-4"])
                default: ("auth_failed", ["ACK-4", "ACK-1"])
                }
            try finish(
                &file,
                "truncated-to-\(length)",
                requirements,
                "A \(frame.count)-byte ack cut to \(length) bytes: \(error).",
                flags: ["Truncated"],
                f,
                Array(frame.prefix(length)),
                error: error
            )
        }
    }

    private static func addSizeLimit(_ file: inout VectorFileBuilder) throws {
        for (length, error) in [
            (Limits.maximumMessageLength - 1, nil), (Limits.maximumMessageLength, nil),
            (Limits.maximumMessageLength + 1, "frame_too_large"),
        ] as [(Int, String?)] {
            let name =
                length == Limits.maximumMessageLength - 1
                ? "length-49151"
                : error == nil ? "length-49152-maximum" : "length-49153-too-large"
            let f = fixture(file, name)
            let frame = try HandshakeCoreVectors.padded(f, members: f.ackMembers, length: length, overhead: 41) {
                try $0.ack(plaintext: $1)
            }
            try finish(
                &file,
                ["SIZE-1", "ACK-4", "JSON-5"],
                error == nil
                    ? "A \(length)-byte ack (an unknown member pads it) is accepted."
                    : "An authentic 49,153-byte ack is frame_too_large.",
                flags: ["SizeLimit"],
                f,
                frame,
                error: error
            )
        }
        let f = fixture(file, "order-too-large-before-low-order")
        let frame = try HandshakeCoreVectors.padded(
            f,
            members: f.ackMembers,
            length: Limits.maximumMessageLength + 1,
            overhead: 41
        ) { try $0.ack(plaintext: $1) }
        try file.add(
            fixture: f,
            operation: "handshake-device-finish",
            requirements: ["ACK-4"],
            comment: "A 49,153-byte ack with a low-order core key: frame_too_large (step 3 before step 4).",
            flags: ["CheckOrder"],
            input: f.finishInput(frame).setting("corePublicKey", .hex(LowOrderPoints.all[0].bytes)),
            expect: .error("frame_too_large")
        )
        try finish(
            &file,
            "order-legacy-one-byte",
            ["ACK-4", "TYPE-3"],
            "The single byte 0x01: legacy_frame (type before length).",
            flags: ["CheckOrder"],
            f,
            [0x01],
            error: "legacy_frame"
        )
    }

    private static func addLowOrder(_ file: inout VectorFileBuilder) throws {
        for point in LowOrderPoints.all {
            var f = fixture(file, "low-order-core-key-\(point.name)")
            try file.add(
                fixture: f,
                operation: "handshake-device-finish",
                requirements: ["ACK-4", "DH-2"],
                comment: "corePublicKey = \(point.name): static_dh is all zero, low_order_key before any decryption.",
                flags: ["LowOrder"],
                input: f.finishInput(try f.ack()).setting("corePublicKey", .hex(point.bytes)),
                expect: .error("low_order_key")
            )
            f = fixture(file, "low-order-server-ephemeral-\(point.name)")
            let frame = try f.ack(
                plaintext: f.ackMembers
                    .replacingValue(of: "server_ephemeral_pubkey", with: "\"\(Base64URL.encode(point.bytes))\"").bytes
            )
            try finish(
                &file,
                ["ACK-4", "DH-2"],
                "server_ephemeral_pubkey = \(point.name) in an authentic ack: eph_dh is all zero, low_order_key.",
                flags: ["LowOrder"],
                f,
                frame,
                error: "low_order_key"
            )
        }
    }

    private static func addAuthentication(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "authentication")
        let frame = try f.ack()
        func flipped(_ index: Int) -> [UInt8] {
            var copy = frame
            copy[index] ^= 0x01
            return copy
        }
        let staticDH = try X25519.sharedSecret(privateKey: f.corePrivate, publicKey: f.devicePublic)
        let key = KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: f.clientEphemeralPublic)
        let noAAD =
            [MessageType.handshakeAck.rawValue] + f.ackNonce
            + XChaCha20Poly1305.seal(key: key, nonce: f.ackNonce, plaintext: f.ackMembers.bytes, aad: [])
        let cases: [(String, String, [UInt8])] = [
            ("tampered-nonce", "A bit of the nonce flipped: auth_failed.", flipped(3)),
            ("tampered-ciphertext", "A bit of the ciphertext flipped: auth_failed.", flipped(30)),
            ("tampered-tag", "A bit of the tag flipped: auth_failed.", flipped(frame.count - 1)),
            (
                "sealed-without-aad",
                "The ack sealed with an empty aad instead of 0x04 || client_eph_pub: auth_failed.", noAAD
            ),
            (
                "ack-for-another-handshake",
                "An ack answering another handshake of this device (another client_eph): auth_failed.",
                try f.round("earlier").ack()
            ),
            (
                "ack-from-impostor-core", "An ack sealed by a core with another static key (an impostor): auth_failed.",
                try f.otherCore("impostor").ack()
            ),
        ]
        for (name, comment, message) in cases {
            try finish(
                &file,
                name,
                ["ACK-4", "ACK-1", "KDF-4"],
                comment,
                flags: ["Tampered"],
                f,
                message,
                error: "auth_failed"
            )
        }
    }

    private static func addJSON(_ file: inout VectorFileBuilder) throws {
        let f = fixture(file, "json")
        let members = f.ackMembers
        let otherKey = "\"\(Base64URL.encode(f.round("duplicate").serverEphemeralPublic))\""
        var cases = JSONCases.document(members, firstRequired: "kind")
        cases += JSONCases.member("kind", in: members, isKey: false, otherValid: "\"other\"")
        for (suffix, value, comment) in [
            ("handshake", "handshake", "kind is \"handshake\""),
            ("upper-case", "HANDSHAKE_ACK", "kind is \"HANDSHAKE_ACK\" (case-sensitive)"),
            ("trailing-space", "handshake_ack ", "kind has a trailing space"),
            ("empty", "", "kind is the empty string"),
            ("trailing-nul", "handshake_ack\\u0000", "kind ends in an escaped NUL"),
        ] {
            cases.append(
                JSONCase(
                    name: "kind-value-\(suffix)",
                    comment: "\(comment): bad_field_value.",
                    plaintext: members.replacingValue(of: "kind", with: "\"\(value)\"").bytes,
                    error: "bad_field_value",
                    requirements: ["ACK-4"],
                    flag: "MemberValue"
                )
            )
        }
        cases.append(
            JSONCase(
                name: "kind-escaped-value",
                comment: "kind written as \"handshake\\u005fack\" is \"handshake_ack\" after unescaping.",
                plaintext: members.replacingValue(of: "kind", with: "\"handshake\\u005fack\"").bytes,
                error: nil,
                requirements: ["ACK-4", "JSON-1"],
                flag: "JSONLiberal"
            )
        )
        cases += JSONCases.member("server_ephemeral_pubkey", in: members, isKey: true, otherValid: otherKey)
        cases.append(
            JSONCase(
                name: "order-kind-first",
                comment: "kind is wrong and server_ephemeral_pubkey absent: kind is checked first.",
                plaintext: Array("{\"kind\":\"other\"}".utf8),
                error: "bad_field_value",
                requirements: ["JSON-7", "ACK-4"],
                flag: "MemberOrder"
            )
        )
        for jsonCase in cases {
            try finish(
                &file,
                jsonCase.name,
                jsonCase.requirements + ["ACK-4"],
                jsonCase.comment,
                flags: [jsonCase.flag],
                f,
                try f.ack(plaintext: jsonCase.plaintext),
                error: jsonCase.error
            )
        }
    }
}
