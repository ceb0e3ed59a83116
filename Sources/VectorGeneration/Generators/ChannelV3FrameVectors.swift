import OpenHumanTunnel
import VectorFormat

/// The vectors of session frames on version 3's channels (spec/14-sessions-v3.md 14.7:
/// V3-CHAN-1 to V3-CHAN-3, ADP-133), one function per channel operation: where a `0x16` goes
/// before, during and after each handshake, and the session a commit starts, its counters
/// (V3-SESS-1) and its clock (V3-REKEY-2). The frames are the library parties' own, so each
/// vector's frames are the ones an honest peer sends.
enum ChannelV3FrameVectors {
    /// The flag of these vectors in each of the four files.
    static let flag = Flag(
        description:
            "A session frame 0x16 on the channel, or a message sent under its session (V3-CHAN-1 to V3-CHAN-3).",
        bug: "A frame refused by the channel, opened under a pending or replaced session's keys, or a session that "
            + "starts at the wrong counters or time."
    )
    private static let requirements = ["ADP-133", "V3-CHAN-1"]

    /// What the phone sends: an envelope's text, opaque to this layer.
    static let phoneMessage = Array(#"{"kind":"request","requestId":"r-1","method":"openhuman.ping"}"#.utf8)
    /// What the core answers.
    static let coreMessage = Array(#"{"kind":"response","requestId":"r-1","result":{"ok":true}}"#.utf8)
    /// One byte over what one frame carries whole (V3-FRAG-1): two fragments.
    static let largeMessage = [UInt8](repeating: 0x61, count: MessageRecord.largestWhole + 1)

    static func send(_ message: [UInt8], now: Int64) -> JSONValue {
        ["send": ["message": .hex(message), "now": .int(now)]]
    }

    // MARK: - reconnect-v3-core

    static func addReconnectCore(_ file: inout VectorFileBuilder, _ s: ReconnectionV3Script) throws {
        let t0 = ReconnectionV3Script.start
        let a = try s.exchange("a"), b = try s.exchange("b")
        var phoneA = try s.device("a"), phoneB = try s.device("b")
        _ = try phoneA.receive(a.two, now: t0)
        _ = try phoneB.receive(b.two, now: t0)
        let fromA = try phoneA.send(phoneMessage, now: t0), againFromA = try phoneA.send(phoneMessage, now: t0)
        let fromB = try phoneB.send(phoneMessage, now: t0), laterFromB = try phoneB.send(phoneMessage, now: t0)
        let largeFromA = try phoneA.send(largeMessage, now: t0)
        func receive(_ message: [UInt8], now: Int64 = t0, answering name: String? = nil) -> JSONValue {
            s.receive(message, now: now, answering: name)
        }
        func add(_ name: String, _ more: [String], _ comment: String, _ steps: [(JSONValue, String?)]) throws {
            try file.add(
                name,
                operation: "reconnect-v3-core",
                requirements: ["ADP-128"] + requirements + more,
                comment: comment,
                flags: ["Frames"],
                input: s.coreInput(steps.map(\.0)),
                expect: .steps(steps.map(\.1))
            )
        }
        let reconnectA = [(receive(a.one, answering: "a"), String?.none), (receive(a.confirmation), nil)]
        try add(
            "frame-without-session",
            ["V3-RECON-2", "SIG-CORE-1"],
            "A session frame on a paired channel with no session (a core that restarted) is no_session; after the "
                + "phone reconnects the same frame is delivered.",
            [(receive(fromA[0]), "no_session")] + reconnectA + [(receive(fromA[0]), nil)]
        )
        try add(
            "frame-delivered-and-answered",
            ["V3-CHAN-2", "V3-SESS-1", "V3-WINDOW-2"],
            "After the key confirmation the phone's first frame (counter 1) is delivered and the core answers under "
                + "the session (counter 0); the same frame again is replayed.",
            reconnectA + [(receive(fromA[0]), nil), (send(coreMessage, now: t0), nil), (receive(fromA[0]), "replayed")]
        )
        try add(
            "frames-while-reconnection-pending",
            ["V3-CHAN-2", "V3-RECON-3"],
            "While a second reconnection is pending the current session's frames are delivered, the pending one's "
                + "(its counter 2, new to the current session) fail their tag, and the core sends under the current "
                + "session; its confirmation commits it, and the replaced session's frames then fail their tag.",
            reconnectA + [
                (receive(b.one, answering: "b"), nil), (receive(fromA[0]), nil),
                (receive(laterFromB[0]), "auth_failed"),
                (send(coreMessage, now: t0), nil), (receive(b.confirmation), nil), (receive(fromB[0]), nil),
                (receive(againFromA[0]), "auth_failed"),
            ]
        )
        try add(
            "send-without-session",
            ["V3-CHAN-2"],
            "A send on a paired channel with no session is no_session and sends nothing; after a reconnection it "
                + "sends.",
            [(send(coreMessage, now: t0), "no_session")] + reconnectA + [(send(coreMessage, now: t0), nil)]
        )
        try add(
            "session-clock-from-confirmation",
            ["V3-REKEY-2"],
            "The session's first epoch starts at the accepted key confirmation (t0 + 10): a send 119 s later seals "
                + "at counter 0, one 120 s later at 65,536.",
            [
                (receive(a.one, answering: "a"), nil), (receive(a.confirmation, now: t0 + 10), nil),
                (send(coreMessage, now: t0 + 129), nil), (send(coreMessage, now: t0 + 130), nil),
            ]
        )
        try add(
            "fragmented-message",
            ["V3-FRAG-1", "V3-FRAG-2"],
            "A message one byte over a whole record arrives as two fragments: the first is kept, the second "
                + "delivers the message.",
            reconnectA + largeFromA.map { (receive($0), nil) }
        )
    }

    // MARK: - reconnect-v3-device

    static func addReconnectDevice(_ file: inout VectorFileBuilder, _ s: ReconnectionV3Script) throws {
        let t0 = ReconnectionV3Script.start
        var core = s.core()
        let phone = try s.device("a")
        guard let two = try core.receive(phone.messageOne, now: t0, coreEphemeralPrivate: s.coreEphemeral("a")).reply
        else { throw GenerationError("no message 2") }
        var answering = phone
        guard let confirmation = try answering.receive(two, now: t0).reply else {
            throw GenerationError("no confirmation")
        }
        _ = try core.receive(confirmation, now: t0, coreEphemeralPrivate: [])
        let fromCore = try core.send(coreMessage, now: t0)
        func receive(_ message: [UInt8]) -> JSONValue { ["receive": ["message": .hex(message), "now": .int(t0)]] }
        func add(_ name: String, _ comment: String, _ steps: [(JSONValue, String?)]) throws {
            try file.add(
                name,
                operation: "reconnect-v3-device",
                requirements: ["ADP-129", "V3-RECON-4", "ADP-133", "V3-CHAN-3"],
                comment: comment,
                flags: ["Frames"],
                input: s.deviceInput("a", steps.map(\.0)),
                expect: .steps(steps.map(\.1))
            )
        }
        try add(
            "frame-before-message-2",
            "A session frame before message 2 is unexpected_type and changes nothing; after message 2 the core's "
                + "first frame (counter 0) is delivered, and again it is replayed.",
            [
                (receive(fromCore[0]), "unexpected_type"), (receive(two), nil), (receive(fromCore[0]), nil),
                (receive(fromCore[0]), "replayed"),
            ]
        )
        try add(
            "send-after-message-2",
            "A send before message 2 is no_session; after it the phone's first frame takes counter 1, the key "
                + "confirmation having taken 0.",
            [(send(phoneMessage, now: t0), "no_session"), (receive(two), nil), (send(phoneMessage, now: t0), nil)]
        )
    }

    // MARK: - pairing-v3-core

    static func addPairingCore(_ file: inout VectorFileBuilder, _ s: PairingV3Script) throws {
        let t0 = PairingV3Script.start
        var (device, core, messageOne, reveal) = try s.exchange()
        guard let code = device.code else { throw GenerationError("no code") }
        let yes = try core.confirm(code: code, now: t0 + 2)
        let match = try device.match(code: code, now: t0 + 3)
        _ = try device.receive(yes, now: t0 + 3)
        let fromPhone = try device.send(phoneMessage, now: t0 + 3)
        let paired: [(JSONValue, String?)] = [
            (s.receive(messageOne, now: t0, attempt: "phone"), nil), (s.receive(reveal, now: t0 + 1), nil),
            (PairingV3Script.confirm(code, now: t0 + 2), nil), (s.receive(match, now: t0 + 3), nil),
        ]
        func add(_ name: String, _ more: [String], _ comment: String, _ steps: [(JSONValue, String?)]) throws {
            try file.add(
                name,
                operation: "pairing-v3-core",
                requirements: ["ADP-54", "V3-CORE-1"] + requirements + more,
                comment: comment,
                flags: ["Frames"],
                input: s.input(steps.map(\.0)),
                expect: .steps(steps.map(\.1))
            )
        }
        try add(
            "frame-after-pairing",
            ["V3-CHAN-2", "V3-SESS-1"],
            "Once both confirmations commit, the phone's first frame (counter 2, after its two records) is "
                + "delivered and the core answers at counter 1, after its one record.",
            paired + [(s.receive(fromPhone[0], now: t0 + 4), nil), (send(coreMessage, now: t0 + 4), nil)]
        )
        try add(
            "frame-before-pairing",
            [],
            "A session frame while pending and while confirming is unexpected_type and changes nothing; after the "
                + "commit it is delivered.",
            [(s.receive(fromPhone[0], now: t0), "unexpected_type")] + paired.prefix(2)
                + [(s.receive(fromPhone[0], now: t0 + 1), "unexpected_type")] + paired.suffix(2)
                + [(s.receive(fromPhone[0], now: t0 + 4), nil)]
        )
        try add(
            "frame-after-expiry",
            [],
            "A session frame passes the octet check, so at exp on a pending channel it is pairing_expired and "
                + "revokes the channel.",
            [
                (s.receive(fromPhone[0], now: PairingV3Script.expiresAt), "pairing_expired"),
                (s.receive(messageOne, now: PairingV3Script.expiresAt, attempt: "phone"), "channel_revoked"),
            ]
        )
        try add(
            "frame-after-revocation",
            [],
            "On a channel the desktop's No revoked, a session frame is channel_revoked.",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil),
                (PairingV3Script.user("reject", now: t0 + 1), nil),
                (s.receive(fromPhone[0], now: t0 + 2), "channel_revoked"),
            ]
        )
        try add(
            "send-checks-in-order",
            ["V3-CHAN-2"],
            "A send is no_session while pending, pairing_unconfirmed while confirming, and sent once paired.",
            [(send(coreMessage, now: t0), "no_session")] + paired.prefix(2)
                + [(send(coreMessage, now: t0 + 1), "pairing_unconfirmed")] + paired.suffix(2)
                + [(send(coreMessage, now: t0 + 4), nil)]
        )
        try add(
            "send-after-revocation",
            ["V3-CHAN-2"],
            "A send on a revoked channel is channel_revoked.",
            [
                (s.receive(messageOne, now: t0, attempt: "phone"), nil),
                (PairingV3Script.user("reject", now: t0 + 1), nil),
                (send(coreMessage, now: t0 + 2), "channel_revoked"),
            ]
        )
        try add(
            "session-clock-from-commit",
            ["V3-REKEY-2"],
            "The session's first epoch starts at the commit (the phone's Match at t0 + 3): a send 119 s later seals "
                + "at counter 1, one 120 s later at 65,536.",
            paired + [(send(coreMessage, now: t0 + 122), nil), (send(coreMessage, now: t0 + 123), nil)]
        )
        for type: UInt8 in [0x13, 0x14, 0x15] {
            try add(
                "reconnection-octet-0x\(String(type, radix: 16))-while-pending",
                ["TYPE-4"],
                "Message 1's bytes under octet 0x\(String(type, radix: 16)), which version 3 registers for the "
                    + "reconnection, on a pending channel is unexpected_type; the genuine message 1 after it is answered.",
                [
                    (s.receive([type] + messageOne.dropFirst(), now: t0, attempt: "phone"), "unexpected_type"),
                    (s.receive(messageOne, now: t0, attempt: "phone"), nil),
                ]
            )
        }
    }

    // MARK: - pairing-v3-device

    static func addPairingDevice(_ file: inout VectorFileBuilder, _ s: PairingV3Script) throws {
        let t0 = PairingV3Script.start
        var (device, core, _, _) = try s.exchange()
        let phone = try s.device("phone")
        guard let code = device.code else { throw GenerationError("no code") }
        var reading = phone
        var answering = s.core()
        let random = s.coreRandom("phone")
        guard
            let two = try answering.receive(
                phone.messageOne,
                now: t0,
                coreEphemeralPrivate: random.ephemeral,
                coreNonce: random.nonce
            ).reply
        else { throw GenerationError("no message 2") }
        _ = try reading.receive(two, now: t0)
        let yes = try core.confirm(code: code, now: t0 + 2)
        _ = try core.receive(
            try device.match(code: code, now: t0 + 3),
            now: t0 + 3,
            coreEphemeralPrivate: [],
            coreNonce: []
        )
        let fromCore = try core.send(coreMessage, now: t0 + 3)
        func receive(_ message: [UInt8], now: Int64 = t0) -> JSONValue {
            ["receive": ["message": .hex(message), "now": .int(now)]]
        }
        let match: JSONValue = ["match": ["code": .string(code), "now": .int(t0 + 3)]]
        func add(_ name: String, _ comment: String, _ steps: [(JSONValue, String?)]) throws {
            try file.add(
                name,
                operation: "pairing-v3-device",
                requirements: ["ADP-69", "V3-DEV-1", "ADP-133", "V3-CHAN-3"],
                comment: comment,
                flags: ["Frames"],
                input: s.deviceInput("phone", steps.map(\.0)),
                expect: .steps(steps.map(\.1))
            )
        }
        try add(
            "frame-after-pairing",
            "Once paired, the core's first frame (counter 1, after its record) is delivered, and the phone answers "
                + "at counter 2, after its two records.",
            [
                (receive(two), nil), (match, nil), (receive(yes, now: t0 + 3), nil), (receive(fromCore[0]), nil),
                (send(phoneMessage, now: t0 + 4), nil),
            ]
        )
        try add(
            "frame-before-pairing",
            "A session frame while awaiting message 2 and while the code is shown is unexpected_type and changes "
                + "nothing; once paired it is delivered.",
            [
                (receive(fromCore[0]), "unexpected_type"), (receive(two), nil),
                (receive(fromCore[0]), "unexpected_type"),
                (match, nil), (receive(yes, now: t0 + 3), nil), (receive(fromCore[0]), nil),
            ]
        )
        try add(
            "send-before-pairing",
            "A send before the pairing is committed is no_session; once paired it is sent.",
            [
                (send(phoneMessage, now: t0), "no_session"), (receive(two), nil),
                (send(phoneMessage, now: t0 + 1), "no_session"), (match, nil), (receive(yes, now: t0 + 3), nil),
                (send(phoneMessage, now: t0 + 4), nil),
            ]
        )
        try add(
            "reconnection-octet-while-awaiting",
            "Message 2's bytes under octet 0x14, which version 3 registers for the reconnection, are "
                + "unexpected_type while the phone awaits message 2; the genuine message 2 after it is read.",
            [(receive([0x14] + two.dropFirst()), "unexpected_type"), (receive(two), nil)]
        )
    }
}
