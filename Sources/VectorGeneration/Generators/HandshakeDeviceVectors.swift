import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `device/...`: the device between its handshake and its session (operation
/// `handshake-device`): refused acks change nothing (ACK-5), and after one accepted ack the ack
/// opener is closed, so every later message goes to the new session's opener (ACK-6).
enum HandshakeDeviceVectors {
    static func add(to file: inout VectorFileBuilder) throws {
        try addRefusalsKeepState(&file)
        try addOpenerClosed(&file)
    }

    private static func device(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        _ f: HandshakeFixture,
        _ messages: [[UInt8]],
        errors: [String?]
    ) throws {
        let input: JSONValue = [
            "corePublicKey": .hex(f.corePublic), "deviceStaticPrivate": .hex(f.devicePrivate),
            "clientEphemeralPrivate": .hex(f.clientEphemeralPrivate),
            "steps": .array(messages.map { ["frame": .hex($0)] }),
        ]
        try file.add(
            "device/\(name)",
            operation: "handshake-device",
            requirements: requirements + ["ADP-33"],
            comment: comment,
            flags: ["StepSequence"],
            input: input,
            expect: .steps(errors)
        )
    }

    /// The session keys the device derives from `f`'s ack.
    private static func keys(_ f: HandshakeFixture) throws -> SessionKeys {
        SessionKeys.derive(
            staticDH: try X25519.sharedSecret(privateKey: f.devicePrivate, publicKey: f.corePublic),
            ephemeralDH: try X25519.sharedSecret(
                privateKey: f.clientEphemeralPrivate,
                publicKey: f.serverEphemeralPublic
            ),
            clientEphemeralPublic: f.clientEphemeralPublic,
            serverEphemeralPublic: f.serverEphemeralPublic
        )
    }

    private static func addRefusalsKeepState(_ file: inout VectorFileBuilder) throws {
        var f = HandshakeFixture(id: file.id("device/sequence/tampered-then-valid"))
        var tampered = try f.ack()
        tampered[tampered.count - 1] ^= 0x01
        try device(
            &file,
            "sequence/tampered-then-valid",
            ["ACK-5", "ACK-4-5"],
            "A tampered ack is auth_failed and changes nothing: the genuine ack after it is accepted.",
            f,
            [tampered, try f.ack()],
            errors: ["auth_failed", nil]
        )
        f = HandshakeFixture(id: file.id("device/sequence/every-refusal-then-valid"))
        let lowOrder = "\"\(Base64URL.encode(LowOrderPoints.all[0].bytes))\""
        let refused: [[UInt8]] = [
            [],
            [MessageType.session.rawValue] + Array(try f.ack().dropFirst()),
            Array(try f.ack().prefix(40)),
            try f.ack(plaintext: f.ackMembers.replacingValue(of: "kind", with: "\"handshake_ok\"").bytes),
            try f.ack(plaintext: f.ackMembers.replacingValue(of: "server_ephemeral_pubkey", with: lowOrder).bytes),
            try f.otherCore("impostor").ack(),
        ]
        try device(
            &file,
            "sequence/every-refusal-then-valid",
            ["ACK-5", "ACK-4-1", "ACK-4-2", "ACK-4-5", "ACK-4-6", "ACK-4-7"],
            "Empty, 0x02, 40 bytes, a wrong kind, a low-order server key, an impostor's ack: each refused, then the genuine ack is accepted.",
            f,
            refused + [try f.ack()],
            errors: [
                "empty_frame", "unexpected_type", "frame_too_short", "bad_field_value", "low_order_key", "auth_failed",
                nil,
            ]
        )
    }

    private static func addOpenerClosed(_ file: inout VectorFileBuilder) throws {
        var f = HandshakeFixture(id: file.id("device/sequence/second-ack-refused"))
        try device(
            &file,
            "sequence/second-ack-refused",
            ["ACK-6", "TYPE-4"],
            "The same ack twice: accepted, then unexpected_type from the session opener.",
            f,
            [try f.ack(), try f.ack()],
            errors: [nil, "unexpected_type"]
        )
        f = HandshakeFixture(id: file.id("device/sequence/other-ack-refused"))
        let other = f.round("other")
        try device(
            &file,
            "sequence/other-ack-refused",
            ["ACK-6", "TYPE-4"],
            "A genuine ack, then an ack of the same core with another server ephemeral key: unexpected_type.",
            f,
            [try f.ack(), try other.ack()],
            errors: [nil, "unexpected_type"]
        )
        f = HandshakeFixture(id: file.id("device/sequence/session-after-ack"))
        let frame = try SessionCipher(role: .core, keys: try keys(f)).seal(
            Array("first frame".utf8),
            nonce: LabelDerived.nonce(id: f.id, name: "frame")
        )
        try device(
            &file,
            "sequence/session-after-ack",
            ["ACK-6", "SESS-1", "KDF-5"],
            "After the ack, a core frame sealed with the new s2c opens at the device's session, and its replay is refused.",
            f,
            [try f.ack(), frame, frame],
            errors: [nil, nil, "replayed"]
        )
    }
}
