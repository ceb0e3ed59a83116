import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/reconnect-v3-core.json`: a paired version 3 channel of the core receiving
/// reconnections (V3-RECON-1 to V3-RECON-3): the commit on the key confirmation and not before,
/// every refusal of V3-RECON-2 in order, replays, a pending reconnection replaced.
enum ReconnectionV3CoreVectors {
    private typealias Script = ReconnectionV3Script

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "reconnect-v3-core",
            description:
                "A paired version 3 channel of the core (reconnect-v3-core): message 1 answered with message 2, the "
                + "session committed only by the device's key confirmation, the refusals of V3-RECON-2 in order, "
                + "replayed and replaced reconnections.",
            flags: [
                "Genuine": Flag(
                    description: "The paired phone reconnects, start to finish.",
                    bug: "A session committed at message 1, or a confirmation that does not commit."
                ),
                "Refusal": Flag(
                    description: "A message the core must refuse, with no change to the channel.",
                    bug: "Another device or psk answered, a wrong size read, or a refusal that changes the session."
                ),
                "Replay": Flag(
                    description: "A message 1 or a confirmation sent again.",
                    bug: "A replayed message 1 that commits, or one answered that should be refused."
                ),
                "Frames": ChannelV3FrameVectors.flag,
                "CheckOrder": Flag(
                    description: "The octet, the size, the rate and the replay check come in V3-RECON-2's order.",
                    bug: "Checks in another order: implementations disagree on the code, or a DH is spent first."
                ),
            ]
        )
        let s = Script(id: file.id("channel"))
        try addGenuine(&file, s)
        try addOctets(&file, s)
        try addSizesAndRate(&file, s)
        try addAuthentication(&file, s)
        try addReplays(&file, s)
        try ChannelV3FrameVectors.addReconnectCore(&file, s)
        return try file.build()
    }

    private static func add(
        _ file: inout VectorFileBuilder,
        _ s: Script,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        flag: String,
        _ steps: [(JSONValue, String?)]
    ) throws {
        try file.add(
            name,
            operation: "reconnect-v3-core",
            requirements: ["ADP-128", "V3-RECON-2"] + requirements,
            comment: comment,
            flags: [flag],
            input: s.coreInput(steps.map(\.0)),
            expect: .steps(steps.map(\.1))
        )
    }

    private static func addGenuine(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let a = try s.exchange("a"), b = try s.exchange("b")
        try add(
            &file,
            s,
            "genuine",
            ["V3-RECON-1", "V3-RECON-3", "V3-NOISE-1", "V3-PSK-2"],
            "Message 1 is answered with message 2 and stays pending; the key confirmation commits it.",
            flag: "Genuine",
            [(s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil)]
        )
        try add(
            &file,
            s,
            "genuine-twice",
            ["V3-RECON-1"],
            "A second reconnection replaces the first session when its own confirmation arrives.",
            flag: "Genuine",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil),
                (s.receive(b.one, now: Script.start + 1, answering: "b"), nil), (s.receive(b.confirmation), nil),
            ]
        )
        try add(
            &file,
            s,
            "no-confirmation-no-commit",
            ["V3-RECON-3"],
            "Without its confirmation an answered reconnection stays pending: the earlier session is still the channel's.",
            flag: "Genuine",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil),
                (s.receive(b.one, now: Script.start + 1, answering: "b"), nil),
            ]
        )
        try add(
            &file,
            s,
            "confirmation-without-reconnection",
            [],
            "A key confirmation with no pending reconnection is unexpected_type; the reconnection after it works.",
            flag: "Refusal",
            [
                (s.receive(a.confirmation), "unexpected_type"), (s.receive(a.one, answering: "a"), nil),
                (s.receive(a.confirmation), nil),
            ]
        )
    }

    private static func addOctets(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let a = try s.exchange("a")
        let body = Array(a.one.dropFirst())
        var cases: [(String, [UInt8], String)] = [
            ("empty", [], "empty_frame"), ("type-0x01", [0x01] + body, "legacy_frame"),
            ("type-0x03", [0x03] + body, "version_mismatch"),
        ]
        for type: UInt8 in [0x02, 0x04, 0x10, 0x11, 0x12, 0x14] {
            cases.append(("type-0x\(String(type, radix: 16).leftPadded(to: 2))", [type] + body, "unexpected_type"))
        }
        // A session frame's octet goes to the session, and there is none yet (V3-CHAN-1).
        cases.append(("type-0x16", [0x16] + body, "no_session"))
        for type: UInt8 in [0x00, 0x05, 0x0f, 0xfe, 0xff] {
            cases.append(("type-0x\(String(type, radix: 16).leftPadded(to: 2))", [type] + body, "unsupported_type"))
        }
        let versionTwoHandshake = [UInt8](repeating: 0x03, count: 73)
        try add(
            &file,
            s,
            "version-2-handshake",
            ["V3-BIND-1"],
            "A version 2 handshake of its own size (73 bytes) on the paired version 3 channel is version_mismatch.",
            flag: "Refusal",
            [
                (s.receive(versionTwoHandshake, answering: "a"), "version_mismatch"),
                (s.receive(a.one, answering: "a"), nil),
            ]
        )
        for (name, message, error) in cases {
            try add(
                &file,
                s,
                "octet-\(name)",
                error == "version_mismatch" ? ["V3-BIND-1"] : [],
                "\(name == "empty" ? "An empty message" : "Message 1's bytes under octet " + name.dropFirst(5)) is \(error); the genuine message 1 after it is answered.",
                flag: "Refusal",
                [(s.receive(message, answering: "a"), error), (s.receive(a.one, answering: "a"), nil)]
            )
        }
    }

    private static func addSizesAndRate(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let a = try s.exchange("a")
        let sizes: [(String, [UInt8], String)] = [
            ("message-1-48-bytes", Array(a.one.dropLast()), "frame_too_short"),
            ("message-1-50-bytes", a.one + [0], "frame_too_large"),
        ]
        for (name, message, error) in sizes {
            try add(
                &file,
                s,
                name,
                ["V3-RECON-1"],
                "Message 1 of \(message.count) bytes is \(error); the 49-byte one is answered.",
                flag: "Refusal",
                [(s.receive(message, answering: "a"), error), (s.receive(a.one, answering: "a"), nil)]
            )
        }
        for (name, message, error) in [
            ("confirmation-16-bytes", Array(a.confirmation.dropLast()), "frame_too_short"),
            ("confirmation-18-bytes", a.confirmation + [0], "frame_too_large"),
        ] {
            try add(
                &file,
                s,
                name,
                ["V3-RECON-1"],
                "A confirmation of \(message.count) bytes is \(error) and the reconnection stays pending; the 17-byte one commits.",
                flag: "Refusal",
                [
                    (s.receive(a.one, answering: "a"), nil), (s.receive(message), error),
                    (s.receive(a.confirmation), nil),
                ]
            )
        }
        let phones = try ["r1", "r2", "r3", "r4", "r5"].map { try s.exchange($0) }
        try add(
            &file,
            s,
            "rate-fourth-message-1",
            ["V3-RATE-1", "HS-RATE-1"],
            "Three message 1s in one second are answered, the 4th is rate_limited; 12 s later a token is back.",
            flag: "CheckOrder",
            [
                (s.receive(phones[0].one, answering: "r1"), nil), (s.receive(phones[1].one, answering: "r2"), nil),
                (s.receive(phones[2].one, answering: "r3"), nil),
                (s.receive(phones[3].one, answering: "r4"), "rate_limited"),
                (s.receive(phones[4].one, now: Script.start + 12, answering: "r5"), nil),
                (s.receive(phones[4].confirmation), nil),
            ]
        )
        try add(
            &file,
            s,
            "rate-refill-takes-12-seconds",
            ["V3-RATE-1", "HS-RATE-1"],
            "After three message 1s, one 11 s later is rate_limited and one 12 s later is answered.",
            flag: "CheckOrder",
            [
                (s.receive(phones[0].one, answering: "r1"), nil), (s.receive(phones[1].one, answering: "r2"), nil),
                (s.receive(phones[2].one, answering: "r3"), nil),
                (s.receive(phones[3].one, now: Script.start + 11, answering: "r4"), "rate_limited"),
                (s.receive(phones[4].one, now: Script.start + 12, answering: "r5"), nil),
            ]
        )
        try add(
            &file,
            s,
            "rate-after-size-long",
            ["V3-RATE-1"],
            "Three 50-byte message 1s take no token: the genuine one after them is answered.",
            flag: "CheckOrder",
            Array(repeating: (s.receive(a.one + [0], answering: "a"), "frame_too_large"), count: 3)
                + [(s.receive(a.one, answering: "a"), nil)]
        )
        try add(
            &file,
            s,
            "rate-after-size",
            ["V3-RATE-1"],
            "Three short message 1s take no token: the genuine one after them is answered.",
            flag: "CheckOrder",
            Array(repeating: (s.receive(Array(a.one.dropLast()), answering: "a"), "frame_too_short"), count: 3)
                + [(s.receive(a.one, answering: "a"), nil)]
        )
    }

    private static func addAuthentication(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let a = try s.exchange("a")
        let stranger = try s.device("a", deviceStatic: LabelDerived.privateKey(id: s.id, name: "stranger-static"))
        let guessed = try s.device("a", reconnectPsk: LabelDerived.bytes(32, id: s.id, name: "guessed-psk"))
        let elsewhere = try s.device("a", channelID: "ABCDEFGHIJKLMNOPQRSTUVWXYZ234568")
        var tampered = a.one
        tampered[tampered.count - 1] ^= 0x01
        let refusals: [(String, [UInt8], String, [String], String)] = [
            (
                "another-device", stranger.messageOne, "auth_failed", ["V3-NOISE-3"],
                "A message 1 from another static key (ss differs) is auth_failed."
            ),
            (
                "another-channel", elsewhere.messageOne, "auth_failed", ["V3-NOISE-3", "V3-PRO-1"],
                "A message 1 for another channel id (prologue) is auth_failed."
            ),
            (
                "tampered-tag", tampered, "auth_failed", ["V3-NOISE-3"],
                "Message 1 with its last tag byte flipped is auth_failed."
            ),
        ]
        for (name, message, error, requirements, comment) in refusals {
            try add(
                &file,
                s,
                "message-1-\(name)",
                requirements,
                comment + " The genuine one after it commits.",
                flag: "Refusal",
                [
                    (s.receive(message, answering: "a"), error), (s.receive(a.one, answering: "a"), nil),
                    (s.receive(a.confirmation), nil),
                ]
            )
        }
        // The phone cannot read message 2 (its tag depends on the psk), so any confirmation it
        // sends is under keys it guessed.
        let guessedConfirmation =
            [ReconnectionV3Message.keyConfirmation] + LabelDerived.bytes(16, id: s.id, name: "guessed-tag")
        try add(
            &file,
            s,
            "message-1-another-psk",
            ["V3-PSK-2", "V3-RECON-3"],
            "A phone with another psk passes message 1 (KKpsk2's psk enters in message 2) and is answered, but it cannot read message 2, so its confirmation under its own keys is auth_failed and nothing is committed.",
            flag: "Refusal",
            [
                (s.receive(guessed.messageOne, answering: "a"), nil),
                (s.receive(guessedConfirmation), "auth_failed"),
            ]
        )
        for point in LowOrderPoints.all.prefix(2) {
            let message = [ReconnectionV3Message.messageOne] + point.bytes + [UInt8](repeating: 0, count: 16)
            try add(
                &file,
                s,
                "message-1-low-order-\(point.name)",
                ["V3-NOISE-2"],
                "A message 1 whose e is the low-order point \(point.name) is low_order_key at es.",
                flag: "Refusal",
                [(s.receive(message, answering: "a"), "low_order_key"), (s.receive(a.one, answering: "a"), nil)]
            )
        }
        var badConfirmation = a.confirmation
        badConfirmation[1] ^= 0x01
        try add(
            &file,
            s,
            "confirmation-tampered",
            ["V3-RECON-3"],
            "A confirmation with a flipped byte is auth_failed and the reconnection stays pending; the genuine one commits.",
            flag: "Refusal",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(badConfirmation), "auth_failed"),
                (s.receive(a.confirmation), nil),
            ]
        )
    }

    private static func addReplays(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let a = try s.exchange("a"), b = try s.exchange("b")
        try add(
            &file,
            s,
            "replay-pending-message-1",
            [],
            "The pending reconnection's message 1 again is handshake_replayed; its confirmation still commits.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.one, answering: "a"), "handshake_replayed"),
                (s.receive(a.confirmation), nil),
            ]
        )
        try add(
            &file,
            s,
            "replay-current-message-1",
            [],
            "The committed session's message 1 again is handshake_replayed, and the session is unchanged.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil),
                (s.receive(a.one, now: Script.start + 1, answering: "a"), "handshake_replayed"),
            ]
        )
        try add(
            &file,
            s,
            "replay-pending-message-1-later",
            [],
            "The pending reconnection's message 1 again 20 s later, with tokens to spare, is still handshake_replayed.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil),
                (s.receive(a.one, now: Script.start + 20, answering: "a"), "handshake_replayed"),
            ]
        )
        try add(
            &file,
            s,
            "replay-current-message-1-after-two",
            [],
            "After two reconnections, the second (current) one's message 1 again is handshake_replayed.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil),
                (s.receive(b.one, now: Script.start + 1, answering: "b"), nil), (s.receive(b.confirmation), nil),
                (s.receive(b.one, now: Script.start + 30, answering: "b"), "handshake_replayed"),
            ]
        )
        try add(
            &file,
            s,
            "replay-confirmation",
            [],
            "The confirmation again after the commit is unexpected_type: no reconnection is pending.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil),
                (s.receive(a.confirmation), "unexpected_type"),
            ]
        )
        try add(
            &file,
            s,
            "replay-older-message-1",
            ["V3-RECON-3"],
            "An older message 1 is answered under a fresh e and becomes pending, but its old confirmation fails (auth_failed): the current session stays.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(a.confirmation), nil),
                (s.receive(b.one, now: Script.start + 1, answering: "b"), nil), (s.receive(b.confirmation), nil),
                (s.receive(a.one, now: Script.start + 2, answering: "a-replayed"), nil),
                (s.receive(a.confirmation), "auth_failed"),
            ]
        )
        try add(
            &file,
            s,
            "later-message-1-replaces-pending",
            [],
            "A second message 1 replaces the pending reconnection: the first one's confirmation is auth_failed, the second's commits.",
            flag: "Replay",
            [
                (s.receive(a.one, answering: "a"), nil), (s.receive(b.one, answering: "b"), nil),
                (s.receive(a.confirmation), "auth_failed"), (s.receive(b.confirmation), nil),
            ]
        )
    }
}
