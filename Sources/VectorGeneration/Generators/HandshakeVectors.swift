import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/handshake.json`: the device building the 0x03 (`start/...`), the core opening it
/// under each channel state (`core/...`), and the device opening the 0x04 (`finish/...`).
enum HandshakeVectors {
    static func make() throws -> VectorFile {
        var flags = JSONCase.flags
        flags.merge([
            "Valid": Flag(
                description: "A well-formed exchange that MUST succeed.",
                bug: "A positive control: an implementation that refuses everything fails it."
            ),
            "TypeOctet": Flag(
                description: "The first byte is changed; the rest is an authentic message.",
                bug: "Type octet not checked, or the wrong error for a registered type at the wrong receiver."
            ),
            "Truncated": Flag(
                description: "An authentic message cut short, or a minimum-length message.",
                bug: "Out-of-bounds reads, or a length check that is off by one."
            ),
            "SizeLimit": Flag(
                description: "A message of 49,152 bytes (accepted) or 49,153 bytes (refused), authentic either way.",
                bug: "No receive limit, or an off-by-one limit."
            ),
            "CheckOrder": Flag(
                description: "Several checks fail at once; the earliest in HS-4 or ACK-4 decides the error.",
                bug: "Checks in another order, so implementations disagree on the error (or do needless X25519 work)."
            ),
            "LowOrder": Flag(
                description: "A peer key is one of the fourteen low-order encodings: the X25519 output is all zero.",
                bug: "A DH site without the all-zero check: the session key becomes public."
            ),
            "Tampered": Flag(
                description:
                    "The message was sealed with another key, AAD or nonce than the receiver uses, or altered.",
                bug: "AAD not bound, wrong key derivation, or tag not verified."
            ),
            "ChannelState": Flag(
                description: "The outcome depends on the channel state (pending, paired, revoked) or time.",
                bug: "Re-pairing on any handshake, an expiry off by one, or impostors accepted on a paired channel."
            ),
            "StepSequence": Flag(
                description: "Several handshakes against one channel, with the state shown after each.",
                bug: "State changed by a failed handshake, or not updated by an accepted one."
            ),
            "TimeBoundary": Flag(
                description:
                    "now at, one before or one after a time boundary, at the ends of the time range, or past 2^32.",
                bug: "An off-by-one comparison, times kept in 32 bits, or a paired channel that expires."
            ),
            "ExtremeValue": Flag(
                description: "A fixed-size private key or nonce of all zero or all 0xff bytes, a legal value.",
                bug: "A key refused for being all zero, a scalar not clamped, a nonce treated as a counter."
            ),
        ]) { current, _ in current }
        var file = VectorFileBuilder(
            area: "handshake",
            description: "The bootstrap: the device's handshake (0x03, operation handshake-device-start), the core's "
                + "checks HS-4 under each channel state (handshake-core, step sequences with the channel state after "
                + "each step), and the device's checks ACK-4 on the ack (0x04, handshake-device-finish).",
            flags: flags
        )
        try HandshakeStartVectors.add(to: &file)
        try HandshakeCoreVectors.add(to: &file)
        try HandshakeFinishVectors.add(to: &file)
        try HandshakeBoundaryVectors.add(to: &file)
        try HandshakeDeviceVectors.add(to: &file)
        return try file.build()
    }
}

/// `start/...`: the device's 0x03 (HS-1 to HS-3).
enum HandshakeStartVectors {
    static func add(to file: inout VectorFileBuilder) throws {
        let name = "start/sender-form"
        let fixture = HandshakeFixture(id: file.id(name))
        try file.add(
            name,
            operation: "handshake-device-start",
            requirements: ["HS-1", "HS-2", "KDF-3", "TYPE-1", "ENC-2"],
            comment:
                "The handshake equals 0x03 || hs_eph_pub || nonce || AEAD(k_hs, nonce, exact HS-2 plaintext, first 33 bytes).",
            flags: ["Valid"],
            input: fixture.startInput(),
            expect: .output(["frame": .hex(try fixture.handshake())])
        )
        for point in LowOrderPoints.all {
            let name = "start/low-order-core-key-\(point.name)"
            let fixture = HandshakeFixture(id: file.id(name))
            try file.add(
                name,
                operation: "handshake-device-start",
                requirements: ["HS-3", "DH-2"],
                comment:
                    "A core public key \(point.name) (from a QR payload) makes hs_dh all zero: the device refuses to build the handshake.",
                flags: ["LowOrder"],
                input: fixture.startInput().setting("corePublicKey", .hex(point.bytes)),
                expect: .error("low_order_key")
            )
        }
    }
}
