import OpenHumanTunnel
import VectorFormat

/// `vectors/pairing-v3-core.json`: a version 3 channel of the core from its QR code to `paired`
/// or `revoked` (spec/13-handshake-v3.md 13.6 to 13.8), one step sequence per vector.
enum PairingV3CoreVectors {
    typealias Script = PairingV3Script
    static let t0 = Script.start

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "pairing-v3-core",
            description: "A version 3 channel of the core (pairing-v3-core): the genuine pairing in either order of "
                + "the two confirmations, the attempt limit, the refusals in order (type, length, state, rate, replay, "
                + "tags), the reveal against the commitment, each user's answer, the deadline and the version binding.",
            flags: [
                "Genuine": Flag(
                    description: "An honest phone and core, start to finish.",
                    bug: "A commit before both confirmations, or a code that differs between the two sides."
                ),
                "Order": Flag(
                    description: "A message refused by an early check of V3-CORE-1.",
                    bug: "A check done later than its place, so a cheaper refusal costs a DH or reveals state."
                ),
                "Attempt": Flag(
                    description: "The attempts one QR secret admits.",
                    bug: "No attempt limit, a limit off by one, or attempts counted for messages without the secret."
                ),
                "User": Flag(
                    description: "A user's answer: Yes, Match, No, or none before the deadline.",
                    bug:
                        "A one-sided confirmation, a Yes for a code the dialog did not show, a No that leaves the channel open."
                ),
                "Frames": ChannelV3FrameVectors.flag,
                "Lie": Flag(
                    description: "A device that ran the genuine handshake but reveals or confirms something else.",
                    bug: "A reveal not checked against the commitment, or a record accepted for its tag alone."
                ),
            ]
        )
        let script = Script(id: file.id("channel"))
        try addGenuine(&file, script)
        try addOrder(&file, script)
        try addAttempts(&file, script)
        try addUsers(&file, script)
        try addLies(&file, script)
        try ChannelV3FrameVectors.addPairingCore(&file, script)
        return try file.build()
    }

    private static func add(
        _ file: inout VectorFileBuilder,
        _ script: Script,
        _ name: String,
        _ requirements: [String],
        _ comment: String,
        flag: String,
        _ steps: [(JSONValue, String?)]
    ) throws {
        try file.add(
            name,
            operation: "pairing-v3-core",
            requirements: ["ADP-54"] + requirements,
            comment: comment,
            flags: [flag],
            input: script.input(steps.map(\.0)),
            expect: .steps(steps.map(\.1))
        )
    }

    private static func addGenuine(_ file: inout VectorFileBuilder, _ s: Script) throws {
        var (device, _, messageOne, reveal) = try s.exchange()
        let code = try device.code ?? { throw GenerationError("no code") }()
        let match = try device.match(code: code, now: 0)
        try add(
            &file,
            s,
            "genuine-desktop-first",
            ["V3-MSG-1", "V3-CORE-1", "V3-COMMIT-2", "V3-CONFIRM-1", "V3-CONFIRM-2"],
            "Message 1 is answered with message 2, the reveal shows the code, the desktop's Yes alone commits nothing, the phone's Match pairs.",
            flag: "Genuine",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil), (s.receive(reveal, now: t0 + 1), nil),
                (Script.confirm(code, now: t0 + 2), nil), (s.receive(match, now: t0 + 3), nil),
            ]
        )
        try add(
            &file,
            s,
            "genuine-phone-first",
            ["V3-CONFIRM-1", "V3-CONFIRM-2"],
            "The phone's Match arrives before the desktop's Yes: the channel pairs at the Yes.",
            flag: "Genuine",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil), (s.receive(reveal, now: t0 + 1), nil),
                (s.receive(match, now: t0 + 2), nil), (Script.confirm(code, now: t0 + 3), nil),
            ]
        )
        try add(
            &file,
            s,
            "paired-channel-refuses-message-1",
            ["V3-CORE-1"],
            "A paired channel refuses a message 1, even the one that paired it: unexpected_type.",
            flag: "Order",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil), (s.receive(reveal, now: t0 + 1), nil),
                (s.receive(match, now: t0 + 2), nil), (Script.confirm(code, now: t0 + 3), nil),
                (s.receive(messageOne, now: t0 + 20, attempt: "again"), "unexpected_type"),
            ]
        )
    }

    private static func addOrder(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let (_, _, messageOne, reveal) = try s.exchange()
        for (name, message, error) in [
            ("empty-message", [UInt8](), "empty_frame"),
            ("legacy-0x01", [0x01] + Array(messageOne.dropFirst()), "legacy_frame"),
            ("version-2-handshake-0x03", [0x03] + Array(messageOne.dropFirst()), "version_mismatch"),
            ("session-frame-0x02", [0x02] + Array(messageOne.dropFirst()), "unexpected_type"),
            ("ack-0x04", [0x04] + Array(messageOne.dropFirst()), "unexpected_type"),
            ("message-2-0x11", [0x11] + Array(messageOne.dropFirst()), "unexpected_type"),
            ("unregistered-0x00", [0x00] + Array(messageOne.dropFirst()), "unsupported_type"),
            ("unregistered-0x08", [0x08] + Array(messageOne.dropFirst()), "unsupported_type"),
            ("message-1-one-byte-short", Array(messageOne.dropLast()), "frame_too_short"),
            ("message-1-one-byte-long", messageOne + [0], "frame_too_large"),
        ] {
            try add(
                &file,
                s,
                name,
                name.hasPrefix("version") ? ["V3-BIND-1", "V3-CORE-1"] : ["V3-CORE-1", "V3-MSG-1"],
                "Refused with \(error) before any DH, counted as no attempt; the genuine message 1 after it is attempt 1.",
                flag: "Order",
                [
                    (s.receive(message, now: t0, attempt: "x"), error),
                    (s.receive(messageOne, now: t0 + 1, attempt: "phone"), nil),
                ]
            )
        }
        try add(
            &file,
            s,
            "record-before-any-attempt",
            ["V3-CORE-1"],
            "A record on a channel that answered no message 1 is unexpected_type.",
            flag: "Order",
            [(s.receive(reveal, now: t0), "unexpected_type")]
        )
        for (name, record, error) in [
            ("reveal-one-byte-short", Array(reveal.dropLast()), "frame_too_short"),
            ("reveal-one-byte-long", reveal + [0], "frame_too_large"),
            (
                "reveal-changed", reveal.enumerated().map { $0.offset == 10 ? $0.element ^ 1 : $0.element },
                "auth_failed"
            ),
        ] {
            try add(
                &file,
                s,
                name,
                ["V3-CORE-1", "V3-MSG-1", "V3-NOISE-3"],
                "A reveal refused with \(error) changes nothing: the genuine reveal after it shows the code.",
                flag: "Order",
                [
                    (s.receive(messageOne, now: t0, attempt: "phone"), nil), (s.receive(record, now: t0 + 1), error),
                    (s.receive(reveal, now: t0 + 2), nil),
                ]
            )
        }
        try add(
            &file,
            s,
            "replayed-message-1",
            ["V3-CORE-1"],
            "The same message 1 again is handshake_replayed and counts nothing; the first attempt's reveal still opens.",
            flag: "Order",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil),
                (s.receive(messageOne, now: t0 + 1, attempt: "replay"), "handshake_replayed"),
                (s.receive(reveal, now: t0 + 2), nil),
            ]
        )
        var zeroEphemeral = messageOne
        zeroEphemeral.replaceSubrange(1..<33, with: [UInt8](repeating: 0, count: 32))
        try add(
            &file,
            s,
            "message-1-low-order-ephemeral",
            ["V3-CORE-1", "V3-NOISE-2"],
            "A message 1 whose ephemeral key is the zero point: low_order_key, no attempt counted.",
            flag: "Order",
            [
                (s.receive(zeroEphemeral, now: t0, attempt: "x"), "low_order_key"),
                (s.receive(messageOne, now: t0 + 1, attempt: "phone"), nil),
            ]
        )
        try add(
            &file,
            s,
            "message-1-at-expiry",
            ["V3-CORE-1"],
            "A message 1 at expiresAt is pairing_expired and revokes the channel; the next is channel_revoked.",
            flag: "Order",
            [
                (s.receive(messageOne, now: Script.expiresAt, attempt: "phone"), "pairing_expired"),
                (s.receive(messageOne, now: Script.expiresAt + 1, attempt: "again"), "channel_revoked"),
            ]
        )
        try add(
            &file,
            s,
            "tick-at-expiry",
            ["V3-CORE-1"],
            "The clock reaching expiresAt revokes a pending channel; one second earlier it stays pending.",
            flag: "Order",
            [
                (Script.user("tick", now: Script.expiresAt - 1), nil),
                (Script.user("tick", now: Script.expiresAt), nil),
                (s.receive(messageOne, now: Script.expiresAt + 1, attempt: "phone"), "channel_revoked"),
            ]
        )
        try add(
            &file,
            s,
            "refused-at-step-1-after-expiry",
            ["V3-CORE-1"],
            "An empty message at expiresAt is empty_frame and changes nothing: the channel stays pending until a message passes step 1 or the clock ticks.",
            flag: "Order",
            [
                (s.receive([], now: Script.expiresAt, attempt: nil), "empty_frame"),
                (Script.user("tick", now: Script.expiresAt), nil),
            ]
        )
        let strangers = try (0..<3).map {
            try s.device("stranger-\($0)", pairingSecret: [UInt8](repeating: UInt8($0), count: 16))
        }
        try add(
            &file,
            s,
            "rate-limited-before-any-dh",
            ["V3-RATE-1"],
            "Three message 1s without the secret take the three tokens; a fourth at the same second is rate_limited, 12 s later it is answered.",
            flag: "Order",
            strangers.map { (s.receive($0.messageOne, now: t0, attempt: "x"), "auth_failed") } + [
                (s.receive(messageOne, now: t0, attempt: "phone"), "rate_limited"),
                (s.receive(messageOne, now: t0 + 12, attempt: "phone"), nil),
            ]
        )
    }

    private static func addAttempts(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let devices = try (0..<5).map { try s.device("attempt-\($0)") }
        let answered = (0..<3).map {
            (s.receive(devices[$0].messageOne, now: t0 + 12 * Int64($0), attempt: "attempt-\($0)"), String?.none)
        }
        try add(
            &file,
            s,
            "fourth-attempt-revokes",
            ["V3-ATTEMPT-1"],
            "Three message 1s with the secret are answered; the fourth is too_many_attempts and revokes; the fifth is channel_revoked.",
            flag: "Attempt",
            answered + [
                (s.receive(devices[3].messageOne, now: t0 + 36, attempt: "attempt-3"), "too_many_attempts"),
                (s.receive(devices[4].messageOne, now: t0 + 48, attempt: "attempt-4"), "channel_revoked"),
            ]
        )
        let stranger = try s.device("stranger", pairingSecret: [UInt8](repeating: 7, count: 16))
        let (_, _, messageOne, _) = try s.exchange()
        try add(
            &file,
            s,
            "message-1-without-the-secret-not-counted",
            ["V3-ATTEMPT-1", "V3-NOISE-3"],
            "A message 1 under another QR secret is auth_failed and counted as no attempt: the relay cannot spend them.",
            flag: "Attempt",
            [
                (s.receive(stranger.messageOne, now: t0, attempt: "x"), "auth_failed"),
                (s.receive(messageOne, now: t0 + 1, attempt: "phone"), nil),
            ]
        )
        let (_, _, secondOne, secondReveal) = try s.exchange("second")
        let (_, _, _, firstReveal) = try s.exchange()
        try add(
            &file,
            s,
            "later-attempt-replaces-earlier",
            ["V3-ATTEMPT-1"],
            "Two attempts answered: the first one's reveal no longer opens (auth_failed), the second one's shows the code.",
            flag: "Attempt",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil),
                (s.receive(secondOne, now: t0 + 1, attempt: "second"), nil),
                (s.receive(firstReveal, now: t0 + 2), "auth_failed"), (s.receive(secondReveal, now: t0 + 3), nil),
            ]
        )
        try add(
            &file,
            s,
            "message-1-while-confirming",
            ["V3-CORE-1"],
            "Once a code is shown, a message 1 is pairing_unconfirmed and counts nothing.",
            flag: "Attempt",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil), (s.receive(firstReveal, now: t0 + 1), nil),
                (s.receive(secondOne, now: t0 + 2, attempt: "second"), "pairing_unconfirmed"),
            ]
        )
    }

    private static func addUsers(_ file: inout VectorFileBuilder, _ s: Script) throws {
        var (device, _, messageOne, reveal) = try s.exchange()
        let code = device.code ?? ""
        let other = code == "000000" ? "000001" : "000000"
        var matcher = device
        let matchOfGenuine = try matcher.match(code: code, now: 0)
        let opening = [
            (s.receive(messageOne, now: t0, attempt: "phone"), String?.none), (s.receive(reveal, now: t0 + 1), nil),
        ]
        try add(
            &file,
            s,
            "yes-for-another-code-is-stale",
            ["V3-CONFIRM-2"],
            "The desktop's Yes for a code its dialog did not show is stale_confirmation and changes nothing; the shown code is accepted.",
            flag: "User",
            opening + [
                (Script.confirm(other, now: t0 + 2), "stale_confirmation"), (Script.confirm(code, now: t0 + 3), nil),
            ]
        )
        try add(
            &file,
            s,
            "yes-before-the-reveal",
            ["V3-CONFIRM-2"],
            "A Yes before any code is shown is not_confirming.",
            flag: "User",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil),
                (Script.confirm(code, now: t0 + 1), "not_confirming"),
            ]
        )
        try add(
            &file,
            s,
            "second-yes",
            ["V3-CONFIRM-2"],
            "A second Yes is not_confirming: the first one was sent.",
            flag: "User",
            opening + [(Script.confirm(code, now: t0 + 2), nil), (Script.confirm(code, now: t0 + 3), "not_confirming")]
        )
        try add(
            &file,
            s,
            "desktop-no",
            ["V3-CONFIRM-1"],
            "The desktop's No sends the core's rejection record and revokes the channel.",
            flag: "User",
            opening + [
                (Script.user("reject", now: t0 + 2), nil),
                (s.receive(messageOne, now: t0 + 20, attempt: "x"), "channel_revoked"),
            ]
        )
        try add(
            &file,
            s,
            "desktop-no-after-its-yes",
            ["V3-CONFIRM-2"],
            "After the desktop's Yes its No is not_confirming and changes nothing; the phone's Match then pairs.",
            flag: "User",
            opening + [
                (Script.confirm(code, now: t0 + 2), nil), (Script.user("reject", now: t0 + 3), "not_confirming"),
                (s.receive(matchOfGenuine, now: t0 + 4), nil),
            ]
        )
        try add(
            &file,
            s,
            "desktop-no-before-the-reveal",
            ["V3-CONFIRM-1"],
            "A No before the reveal revokes the channel and sends nothing: no keys are confirmed to tell.",
            flag: "User",
            [(s.receive(messageOne, now: t0, attempt: "phone"), nil), (Script.user("reject", now: t0 + 1), nil)]
        )
        let refusal = try device.refuse() ?? []
        try add(
            &file,
            s,
            "phone-no",
            ["V3-CONFIRM-1"],
            "The phone's No arrives as its rejection record: the channel is revoked, and the desktop's Yes after it is channel_revoked.",
            flag: "User",
            opening + [(s.receive(refusal, now: t0 + 2), nil), (Script.confirm(code, now: t0 + 3), "channel_revoked")]
        )
        try add(
            &file,
            s,
            "deadline",
            ["V3-CONFIRM-3"],
            "119 s after the reveal the code still waits; at 120 s the channel is revoked and the Yes is channel_revoked.",
            flag: "User",
            opening + [
                (Script.user("tick", now: t0 + 1 + 119), nil), (Script.user("tick", now: t0 + 1 + 120), nil),
                (Script.confirm(code, now: t0 + 122), "channel_revoked"),
            ]
        )
        var matching = try s.exchange().device
        let match = try matching.match(code: code, now: 0)
        try add(
            &file,
            s,
            "second-match",
            ["V3-CORE-1"],
            "A second record after the phone's Match is unexpected_type.",
            flag: "User",
            opening + [(s.receive(match, now: t0 + 2), nil), (s.receive(match, now: t0 + 3), "unexpected_type")]
        )
    }

    private static func addLies(_ file: inout VectorFileBuilder, _ s: Script) throws {
        let committed = LabelDerived.bytes(32, id: s.id, name: "committed"),
            other = LabelDerived.bytes(32, id: s.id, name: "other")
        let lie = try s.lyingDevice(committed: committed, records: [other])
        try add(
            &file,
            s,
            "reveal-opens-no-commitment",
            ["V3-COMMIT-2"],
            "The device reveals another nonce than it committed to: commitment_mismatch, and the channel is revoked.",
            flag: "Lie",
            [
                (s.receive(lie.messageOne, now: t0, attempt: "liar"), nil),
                (s.receive(lie.records[0], now: t0 + 1), "commitment_mismatch"),
            ]
        )
        let honest = try s.lyingDevice(committed: committed, records: [committed, other])
        try add(
            &file,
            s,
            "forged-confirmation",
            ["V3-CONFIRM-1"],
            "After a true reveal, a record that is neither the device's confirmation nor its rejection: confirmation_mismatch, revoked.",
            flag: "Lie",
            [
                (s.receive(honest.messageOne, now: t0, attempt: "liar"), nil),
                (s.receive(honest.records[0], now: t0 + 1), nil),
                (s.receive(honest.records[1], now: t0 + 2), "confirmation_mismatch"),
            ]
        )
    }
}
