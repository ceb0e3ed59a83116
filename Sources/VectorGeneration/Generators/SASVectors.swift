import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/sas.json`: the pairing code of SAS-1 and SAS-2 (operation `sas`), on complete
/// exchanges built by the reference, and one exchange per attack of chapter 9: a rogue device,
/// the relay pairing its own device, and a replayed handshake, each with its own code.
enum SASVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "sas",
            description:
                "The six-digit pairing code: HKDF-SHA256 over static_dh || eph_dh, salted with the SHA-256 of the "
                + "length-prefixed 0x03 and 0x04 messages, reduced modulo 10^6 from 64 bits, written with leading zeros.",
            flags: [
                "Exchange": Flag(
                    description: "The inputs come from a complete handshake and ack between two reference parties.",
                    bug: "A derivation that differs from SAS-1 in any input, order or length."
                ),
                "Attack": Flag(
                    description: "An exchange an attacker can cause; its code differs from the genuine exchange's.",
                    bug: "A code that ignores the device key, the ephemeral secret or the exact messages."
                ),
                "Encoding": Flag(
                    description: "The code's digits: leading zeros, the 64-bit reduction.",
                    bug: "Dropped leading zeros, or a 32-bit reduction."
                ),
            ]
        )
        let genuine = HandshakeFixture(id: file.id("genuine"))
        try add(&file, "genuine", genuine, comment: "The code of a genuine first pairing.", flags: ["Exchange"])
        try add(
            &file,
            "rogue-device",
            genuine.otherDevice("rogue"),
            comment: "Another device completes a handshake with the same core: another static_dh, another code.",
            flags: ["Exchange", "Attack"]
        )
        try add(
            &file,
            "relay-device",
            genuine.otherDevice("relay"),
            comment: "The relay pairs a device of its own with the core's cpk: its code differs from the genuine one.",
            flags: ["Exchange", "Attack"]
        )
        try add(
            &file,
            "replayed-handshake",
            genuine.replayedTo("replay"),
            comment:
                "The genuine 0x03 replayed: the core answers with a new server_eph and ack nonce, so the code differs.",
            flags: ["Exchange", "Attack"]
        )
        try addLeadingZeros(&file, name: "leading-zeros", prefix: "000")
        try addLeadingZeros(&file, name: "leading-zero", prefix: "0")
        return try file.build()
    }

    /// The `sas` input of a complete exchange: the device's handshake and the core's ack as the
    /// reference builds them, and the two Diffie-Hellman secrets.
    static func input(_ f: HandshakeFixture) throws -> JSONValue {
        let handshake = try DeviceHandshake.start(
            corePublicKey: f.corePublic,
            deviceStaticPrivate: f.devicePrivate,
            handshakeEphemeralPrivate: f.handshakeEphemeralPrivate,
            clientEphemeralPrivate: f.clientEphemeralPrivate,
            nonce: f.handshakeNonce
        )
        return [
            "staticDh": .hex(try X25519.sharedSecret(privateKey: f.devicePrivate, publicKey: f.corePublic)),
            "ephemeralDh": .hex(
                try X25519.sharedSecret(privateKey: f.clientEphemeralPrivate, publicKey: f.serverEphemeralPublic)
            ),
            "handshake": .hex(handshake), "ack": .hex(try f.ack()),
        ]
    }

    private static func add(
        _ file: inout VectorFileBuilder,
        _ name: String,
        _ f: HandshakeFixture,
        comment: String,
        flags: [String]
    ) throws {
        try file.add(
            name,
            operation: "sas",
            requirements: ["SAS-1", "SAS-2"],
            comment: comment,
            flags: flags,
            input: try input(f),
            expect: .valid
        )
    }

    /// The first label-derived input whose code starts with `prefix`: a small code must still
    /// have six digits.
    private static func addLeadingZeros(_ file: inout VectorFileBuilder, name vectorName: String, prefix: String) throws
    {
        let id = file.id(vectorName)
        for attempt in 0..<100_000 {
            let name = "attempt-\(attempt)"
            let staticDH = LabelDerived.bytes(32, id: id, name: name + "/static_dh")
            let ephemeralDH = LabelDerived.bytes(32, id: id, name: name + "/eph_dh")
            let handshake = LabelDerived.bytes(208, id: id, name: name + "/handshake")
            let ack = LabelDerived.bytes(137, id: id, name: name + "/ack")
            let code = ShortAuthenticationString.derive(
                staticDH: staticDH,
                ephemeralDH: ephemeralDH,
                handshake: handshake,
                ack: ack
            )
            guard code.hasPrefix(prefix) else { continue }
            try file.add(
                vectorName,
                operation: "sas",
                requirements: ["SAS-2"],
                comment: "A code whose first digits are zero keeps them: six digits, starting with \(prefix).",
                flags: ["Encoding"],
                input: [
                    "staticDh": .hex(staticDH), "ephemeralDh": .hex(ephemeralDH), "handshake": .hex(handshake),
                    "ack": .hex(ack),
                ],
                expect: .output(["sas": .string(code)])
            )
            return
        }
        throw GenerationError("\(id): no code starting with \(prefix) in 100,000 attempts")
    }
}
