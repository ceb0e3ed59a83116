import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/noise-handshake.json`: the Noise profile of version 3 (spec/13-handshake-v3.md,
/// V3-NOISE-*), one whole handshake per vector in the form of the public Noise test vectors, so
/// any Noise library can replay them (`tools/noise-interop`).
enum NoiseHandshakeVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "noise-handshake",
            description: "The two Noise handshakes of wire version 3, IKpsk1 (first pairing) and KKpsk2 "
                + "(reconnection): the public IKpsk1 test vector, the kit's pairing and reconnection, the longest "
                + "message, and each refusal of a receiver: another psk, prologue or static key, a changed byte "
                + "in every part of every message, and a low-order ephemeral key.",
            flags: [
                "KnownAnswer": Flag(
                    description: "Bytes of a public Noise test vector.",
                    bug:
                        "Any departure from Noise revision 34: name padded instead of hashed, psk without MixKey(e), wrong nonce encoding."
                ),
                "Binding": Flag(
                    description: "The responder holds another psk, prologue or initiator key than the initiator used.",
                    bug:
                        "A psk, prologue or static key that is not mixed in, or mixed in after the tag it should protect."
                ),
                "Tamper": Flag(
                    description: "One byte of one message changed on the wire.",
                    bug:
                        "A part of a message that no tag covers (an ephemeral key hashed but not mixed, an unauthenticated transport message)."
                ),
                "LowOrder": Flag(
                    description: "An ephemeral key replaced by a low-order point.",
                    bug: "No all-zero check on a Noise DH (DH-2): the keys then follow from public values."
                ),
                "Boundary": Flag(
                    description: "A message of exactly 65,535 bytes, the longest Noise allows.",
                    bug: "A length held in 16 bits that overflows, or a limit off by one."
                ),
            ]
        )
        try addKnownAnswer(&file)
        try addGenuine(&file)
        try addBindings(&file)
        try addTampering(&file)
        try addLowOrder(&file)
        return try file.build()
    }

    private static func addKnownAnswer(_ file: inout VectorFileBuilder) throws {
        typealias Known = KnownAnswers.NoiseIKpsk1
        func key(_ text: String) -> [UInt8] { Hex.decode(text)! }
        let run = NoiseHandshakeRun(
            pattern: .ikpsk1,
            prologue: key(Known.prologue),
            psk: key(Known.psk),
            initiatorStatic: key(Known.initiatorStatic),
            initiatorEphemeral: key(Known.initiatorEphemeral),
            responderStatic: key(Known.responderStatic),
            responderEphemeral: key(Known.responderEphemeral),
            payloads: Known.messages.map { key($0.0) }
        )
        let result = try run.execute()
        guard result.messages.map(Hex.encode) == Known.messages.map(\.1),
            Hex.encode(result.handshakeHash) == Known.handshakeHash
        else { throw GenerationError("the reference departs from the public IKpsk1 vector") }
        try file.add(
            "ikpsk1-public-vector",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-1"],
            comment:
                "The public Noise_IKpsk1_25519_ChaChaPoly_SHA256 vector: two handshake messages, four transport messages, its handshake hash.",
            flags: ["KnownAnswer"],
            source: Known.source,
            input: run.input,
            expect: .valid
        )
    }

    private static func addGenuine(_ file: inout VectorFileBuilder) throws {
        let fixture = NoiseFixture(id: file.id("pairing"))
        try file.add(
            "ikpsk1-pairing",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-1", "V3-PRO-1", "V3-PSK-1", "V3-COMMIT-1"],
            comment:
                "A first pairing: the prologue of the QR example's cid, the psk from a QR secret, message 1 carries the commitment, message 2 the core's nonce, then the reveal.",
            input: fixture.pairing.input,
            expect: .valid
        )
        try file.add(
            "kkpsk2-reconnection",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-1", "V3-PSK-2"],
            comment:
                "A reconnection after that pairing under its reconnection psk, empty handshake payloads, then one transport message each way.",
            input: try fixture.reconnection().input,
            expect: .valid
        )
        var records = fixture.pairing
        records.payloads += [
            PairingV3Record.confirmation(by: .core, handshakeHash: try fixture.pairingHash(), code: "000000"),
            PairingV3Record.confirmation(by: .device, handshakeHash: try fixture.pairingHash(), code: "000000"),
        ]
        try file.add(
            "ikpsk1-pairing-records",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-1"],
            comment:
                "The pairing with the records after the reveal: the core's at its counter 0, the device's second at counter 1, so the counter's byte order matters.",
            input: records.input,
            expect: .valid
        )
        var empty = fixture.pairing
        empty.prologue = []
        empty.payloads = [[], []]
        try file.add(
            "ikpsk1-empty-prologue-and-payloads",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-1"],
            comment:
                "An empty prologue and empty payloads: message 1 is 96 bytes, message 2 48 (e, encrypted s, tags only).",
            input: empty.input,
            expect: .valid
        )
        var longest = try fixture.reconnection()
        let longestPayload = NoisePattern.maximumMessageLength - longest.pattern.messageLength(1, payloadLength: 0)
        longest.payloads = [
            [], LabelDerived.bytes(longestPayload, id: file.id("kkpsk2-longest-message"), name: "payload"),
            LabelDerived.bytes(
                NoisePattern.maximumMessageLength - 16,
                id: file.id("kkpsk2-longest-message"),
                name: "transport"
            ),
        ]
        try file.add(
            "kkpsk2-longest-message",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-1"],
            comment: "Message 2 and a transport message of exactly 65,535 bytes, the longest Noise message.",
            flags: ["Boundary"],
            input: longest.input,
            expect: .valid
        )
    }

    private static func addBindings(_ file: inout VectorFileBuilder) throws {
        let fixture = NoiseFixture(id: file.id("pairing"))
        var wrongPsk = fixture.pairing
        wrongPsk.responderPsk = PairingV3.psk(
            pairingSecret: LabelDerived.bytes(16, id: file.id("ikpsk1-other-pairing-secret"), name: "ps"),
            channelID: NoiseFixture.channelID
        )
        try file.add(
            "ikpsk1-other-pairing-secret",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-3", "V3-PSK-1"],
            comment:
                "The core holds another QR secret than the device used: message 1's payload tag fails (psk1), auth_failed.",
            flags: ["Binding"],
            input: wrongPsk.input,
            expect: .error("auth_failed")
        )
        var otherChannel = fixture.pairing
        otherChannel.responderPrologue = PairingV3.prologue(channelID: "ANOTHERCHANNELID234567ABCDEFGHIJ")
        try file.add(
            "ikpsk1-other-channel-prologue",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-3", "V3-PRO-1"],
            comment:
                "The core reads message 1 with the prologue of another channel: the first tag (on the device's static key) fails, auth_failed.",
            flags: ["Binding"],
            input: otherChannel.input,
            expect: .error("auth_failed")
        )
        let reconnection = try fixture.reconnection()
        var unknownDevice = reconnection
        unknownDevice.responderKnowsInitiator = X25519.publicKey(
            privateKey: LabelDerived.privateKey(id: file.id("kkpsk2-unknown-device"), name: "other-device")
        )
        try file.add(
            "kkpsk2-unknown-device",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-3"],
            comment:
                "The core holds another device key than the one that sends message 1: ss differs, message 1's tag fails, auth_failed.",
            flags: ["Binding"],
            input: unknownDevice.input,
            expect: .error("auth_failed")
        )
        var stalePsk = reconnection
        stalePsk.responderPsk = LabelDerived.key(id: file.id("kkpsk2-other-reconnect-psk"), name: "psk")
        try file.add(
            "kkpsk2-other-reconnect-psk",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-3", "V3-PSK-2"],
            comment:
                "The core answers under another reconnection psk: the psk enters at the end of message 2 (psk2), so the device's read of message 2 fails, auth_failed.",
            flags: ["Binding"],
            input: stalePsk.input,
            expect: .error("auth_failed")
        )
    }

    /// A flipped bit in each part of each message: the ephemeral key, the encrypted static key,
    /// the payload's tag, and a transport message.
    private static func addTampering(_ file: inout VectorFileBuilder) throws {
        let fixture = NoiseFixture(id: file.id("pairing"))
        let pairing = fixture.pairing, reconnection = try fixture.reconnection()
        let cases: [(String, NoiseHandshakeRun, Int, Int, String)] = [
            ("ikpsk1-message-1-ephemeral", pairing, 0, 0, "message 1's ephemeral key"),
            ("ikpsk1-message-1-static", pairing, 0, 40, "message 1's encrypted static key"),
            ("ikpsk1-message-1-payload-tag", pairing, 0, pairing.messageLength(0) - 1, "message 1's payload tag"),
            ("ikpsk1-message-2-ephemeral", pairing, 1, 0, "message 2's ephemeral key"),
            ("ikpsk1-message-2-payload", pairing, 1, 32, "message 2's encrypted payload"),
            ("ikpsk1-reveal", pairing, 2, 0, "the reveal, the first transport message"),
            ("kkpsk2-message-1-ephemeral", reconnection, 0, 31, "message 1's ephemeral key, its last byte"),
            ("kkpsk2-message-2-tag", reconnection, 1, reconnection.messageLength(1) - 16, "message 2's tag"),
            ("kkpsk2-transport-reply", reconnection, 3, 4, "the core's transport message"),
        ]
        for (name, run, message, offset, part) in cases {
            let original = run.payloads.indices.contains(message) ? try run.execute().messages[message][offset] : 0
            var tampered = run
            tampered.substitution = .init(message: message, offset: offset, bytes: [original ^ 0x01])
            try file.add(
                name + "-changed",
                operation: "noise-handshake",
                requirements: ["ADP-58", "V3-NOISE-3"],
                comment: "One bit of \(part) flipped on the wire: its receiver refuses it, auth_failed.",
                flags: ["Tamper"],
                input: tampered.input,
                expect: .error("auth_failed")
            )
        }
    }

    /// Every low-order encoding as message 1's ephemeral key (the core's first DH, es, is all
    /// zero) and one as message 2's (the device's ee).
    private static func addLowOrder(_ file: inout VectorFileBuilder) throws {
        let fixture = NoiseFixture(id: file.id("pairing"))
        for point in LowOrderPoints.all {
            var run = fixture.pairing
            run.substitution = .init(message: 0, offset: 0, bytes: point.bytes)
            try file.add(
                "ikpsk1-message-1-ephemeral-\(point.name)",
                operation: "noise-handshake",
                requirements: ["ADP-58", "V3-NOISE-2"],
                comment:
                    "Message 1's ephemeral key is the low-order point \(point.name): the core's es is all zero, low_order_key.",
                flags: ["LowOrder"],
                input: run.input,
                expect: .error("low_order_key")
            )
        }
        var reply = try fixture.reconnection()
        reply.substitution = .init(message: 1, offset: 0, bytes: LowOrderPoints.all[0].bytes)
        try file.add(
            "kkpsk2-message-2-ephemeral-zero",
            operation: "noise-handshake",
            requirements: ["ADP-58", "V3-NOISE-2"],
            comment: "Message 2's ephemeral key is the zero point: the device's ee is all zero, low_order_key.",
            flags: ["LowOrder"],
            input: reply.input,
            expect: .error("low_order_key")
        )
    }
}
