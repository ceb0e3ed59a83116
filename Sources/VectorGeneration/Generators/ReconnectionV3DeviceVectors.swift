import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/reconnect-v3-device.json`: the phone's side of a version 3 reconnection
/// (V3-RECON-1, V3-RECON-4): message 1 at once, message 2 read on a copy so that a refused one
/// leaves it waiting, the key confirmation sent.
enum ReconnectionV3DeviceVectors {
    private typealias Script = ReconnectionV3Script

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "reconnect-v3-device",
            description:
                "The phone's side of a version 3 reconnection (reconnect-v3-device): message 1 at once, message 2 read "
                + "and answered with the key confirmation, and the refusals that leave the phone waiting.",
            flags: [
                "Genuine": Flag(
                    description: "The paired core answers.",
                    bug: "No confirmation sent, or a session used before message 2 is authenticated."
                ),
                "Frames": ChannelV3FrameVectors.flag,
                "Refusal": Flag(
                    description: "A message the phone must refuse; the genuine message 2 after it still connects.",
                    bug: "A message 2 accepted from another core or psk, or a refusal that loses the phone's state."
                ),
            ]
        )
        let s = Script(id: file.id("phone"))
        var core = s.core()
        let phone = try s.device("a")
        guard
            let two = try core.receive(phone.messageOne, now: Script.start, coreEphemeralPrivate: s.coreEphemeral("a"))
                .reply
        else { throw GenerationError("no message 2") }

        func receive(_ message: [UInt8]) -> JSONValue { ["receive": ["message": .hex(message)]] }
        func add(
            _ name: String,
            _ requirements: [String],
            _ comment: String,
            flag: String,
            _ steps: [(JSONValue, String?)]
        ) throws {
            try file.add(
                name,
                operation: "reconnect-v3-device",
                requirements: ["ADP-129", "V3-RECON-4"] + requirements,
                comment: comment,
                flags: [flag],
                input: s.deviceInput("a", steps.map(\.0)),
                expect: .steps(steps.map(\.1))
            )
        }

        try add(
            "genuine",
            ["V3-RECON-1", "V3-NOISE-1", "V3-PSK-2"],
            "Message 2 from the paired core connects the phone, which sends the 17-byte key confirmation.",
            flag: "Genuine",
            [(receive(two), nil)]
        )
        try add(
            "second-message-2",
            [],
            "A message 2 after the phone connected is unexpected_type.",
            flag: "Refusal",
            [(receive(two), nil), (receive(two), "unexpected_type")]
        )
        try add(
            "second-message-2-tampered",
            [],
            "A message 2 after the phone connected is unexpected_type before its tag is looked at, even a tampered one.",
            flag: "Refusal",
            [(receive(two), nil), (receive(Array(two.dropLast()) + [two[two.count - 1] ^ 1]), "unexpected_type")]
        )
        try add(
            "refused-octet-alone",
            ["V3-RECON-1"],
            "The octet 0x14 alone is frame_too_short; the genuine message 2 connects.",
            flag: "Refusal",
            [(receive([ReconnectionV3Message.messageTwo]), "frame_too_short"), (receive(two), nil)]
        )
        var otherCore = CoreReconnectionV3(
            coreStaticPrivate: LabelDerived.privateKey(id: s.id, name: "other-core-static"),
            channelID: NoiseFixture.channelID,
            devicePublicKey: s.devicePublic,
            reconnectPsk: s.reconnectPsk
        )
        var otherPskCore = CoreReconnectionV3(
            coreStaticPrivate: s.coreStatic,
            channelID: NoiseFixture.channelID,
            devicePublicKey: s.devicePublic,
            reconnectPsk: LabelDerived.bytes(32, id: s.id, name: "other-psk")
        )
        var laterCore = s.core()
        let later = try s.device("b")
        let forged: [(String, [UInt8]?, String)] = [
            (
                "another-core",
                try? otherCore.receive(phone.messageOne, now: Script.start, coreEphemeralPrivate: s.coreEphemeral("a"))
                    .reply,
                "A message 2 from a core with another static key"
            ),
            (
                "another-psk",
                try otherPskCore.receive(
                    phone.messageOne,
                    now: Script.start,
                    coreEphemeralPrivate: s.coreEphemeral("a")
                ).reply, "A message 2 under another psk"
            ),
            (
                "answer-to-another-message-1",
                try laterCore.receive(later.messageOne, now: Script.start, coreEphemeralPrivate: s.coreEphemeral("b"))
                    .reply,
                "The core's answer to another message 1"
            ),
        ]
        for (name, message, comment) in forged {
            guard let message else { continue }
            try add(
                "refused-\(name)",
                ["V3-NOISE-3"],
                "\(comment) is auth_failed; the genuine one after it connects.",
                flag: "Refusal",
                [(receive(message), "auth_failed"), (receive(two), nil)]
            )
        }
        var tampered = two
        tampered[tampered.count - 1] ^= 0x01
        try add(
            "refused-tampered",
            ["V3-NOISE-3"],
            "Message 2 with its last tag byte flipped is auth_failed; the genuine one connects.",
            flag: "Refusal",
            [(receive(tampered), "auth_failed"), (receive(two), nil)]
        )
        for (name, message, error) in [
            ("48-bytes", Array(two.dropLast()), "frame_too_short"), ("50-bytes", two + [0], "frame_too_large"),
            ("65-bytes", two + [UInt8](repeating: 0, count: 16), "frame_too_large"),
        ] {
            try add(
                "refused-\(name)",
                ["V3-RECON-1"],
                "Message 2 of \(message.count) bytes is \(error); the 49-byte one connects.",
                flag: "Refusal",
                [(receive(message), error), (receive(two), nil)]
            )
        }
        let point = LowOrderPoints.all[0]
        try add(
            "refused-low-order-e",
            ["V3-NOISE-2"],
            "A message 2 whose e is the all-zero point is low_order_key at ee; the genuine one connects.",
            flag: "Refusal",
            [
                (
                    receive([ReconnectionV3Message.messageTwo] + point.bytes + [UInt8](repeating: 0, count: 16)),
                    "low_order_key"
                ),
                (receive(two), nil),
            ]
        )
        let body = Array(two.dropFirst())
        var octets: [(String, [UInt8], String)] = [
            ("empty", [], "empty_frame"), ("0x01", [0x01] + body, "legacy_frame"),
        ]
        for type: UInt8 in [0x02, 0x03, 0x04, 0x10, 0x11, 0x12, 0x13, 0x15, 0x16] {
            octets.append(("0x" + String(type, radix: 16).leftPadded(to: 2), [type] + body, "unexpected_type"))
        }
        for type: UInt8 in [0x00, 0x05, 0xff] {
            octets.append(("0x" + String(type, radix: 16).leftPadded(to: 2), [type] + body, "unsupported_type"))
        }
        for (name, message, error) in octets {
            try add(
                "octet-\(name)",
                [],
                "\(name == "empty" ? "An empty message" : "Message 2's bytes under octet " + name) is \(error); the genuine one connects.",
                flag: "Refusal",
                [(receive(message), error), (receive(two), nil)]
            )
        }
        try file.add(
            "low-order-core-key",
            operation: "reconnect-v3-device",
            requirements: ["ADP-129", "V3-NOISE-2"],
            comment:
                "A low-order core key makes es all zero: message 1 cannot be built, low_order_key for the request.",
            flags: ["Refusal"],
            input: s.deviceInput("a", []).setting("corePublicKey", .hex(LowOrderPoints.all[1].bytes)),
            expect: .error("low_order_key")
        )
        try ChannelV3FrameVectors.addReconnectDevice(&file, s)
        return try file.build()
    }
}
