import AdapterOperations
import OpenHumanTunnel
import VectorFormat

/// The channel's life beyond one run of the core, in `vectors/core-channel.json`: what a restart
/// leaves of it (CHAN-7, CLOCK-3, CONFIRM-6, ADP-56), which revocations owe the relay
/// `tunnel:revoke` (SIG-CORE-2, ADP-57), and that the relay's `tunnel:revoked` changes nothing
/// (SIG-CORE-3). Each vector names, step by step, the error and whether the step sends
/// `tunnel:revoke`, and generation stops when the reference answers otherwise.
extension CoreChannelVectors {
    /// One step of a lifecycle vector: the step, its error (nil: success) and whether it owes
    /// the relay `tunnel:revoke` (false: `send` is `[]`).
    private typealias Step = (step: JSONValue, error: String?, revokes: Bool)

    static func addLifecycle(_ file: inout VectorFileBuilder) throws {
        try addRestarts(&file)
        try addRevocationSignals(&file)
        try addRelayReports(&file)
    }

    static func restart(now: Int64) -> JSONValue { ["restart": ["now": .int(now)]] }

    static func relayRevoked(now: Int64) -> JSONValue {
        ["signal": ["event": "tunnel:revoked", "now": .int(now)]]
    }

    // MARK: Restart

    private static func addRestarts(_ file: inout VectorFileBuilder) throws {
        var f = HandshakeFixture(id: file.id("restart-paired-no-session"))
        let waiting = f.round("waiting")
        let after = f.round("after-restart")
        try add(
            &file,
            f,
            ["CHAN-7", "ADP-56", "KEYCONF-3", "KEYCONF-5"],
            "A restart keeps a paired channel paired with no session and an empty slot: the old session's frame and the waiting handshake's are no_session; a new handshake then works.",
            flags: ["Lifecycle", "StateUnchanged"],
            channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
            [
                (try handshake(f), nil, false), (try open(f, "a"), nil, false),
                (try handshake(waiting, now: t1 + 1), nil, false), (restart(now: t1 + 2), nil, false),
                (try open(f, "b", now: t1 + 3), "no_session", false),
                (try open(waiting, "c", now: t1 + 4), "no_session", false),
                (seal(f, "reply", now: t1 + 5), "no_session", false),
                (try handshake(after, now: t1 + 6), nil, false), (try open(after, "d", now: t1 + 7), nil, false),
                (seal(after, "reply", now: t1 + 8), nil, false),
            ]
        )
        f = HandshakeFixture(id: file.id("restart-revokes-confirming"))
        try add(
            &file,
            f,
            ["CONFIRM-6", "ADP-56", "SIG-CORE-2", "CONFIRM-4"],
            "A channel confirming at a restart is revoked by it, and tunnel:revoke is owed; the confirmation and a new handshake are then channel_revoked, and a second restart owes nothing.",
            flags: ["Lifecycle", "Confirmation"],
            channel: .pending(expiresAt: expiresAt),
            [
                (try handshake(f), nil, false), (try open(f, "ping"), "pairing_unconfirmed", false),
                (restart(now: t1 + 1), nil, true), (confirm(f, now: t1 + 2), "channel_revoked", false),
                (try handshake(f.round("again"), now: t1 + 3), "channel_revoked", false),
                (restart(now: t1 + 4), nil, false),
            ]
        )
        f = HandshakeFixture(id: file.id("restart-revokes-pending"))
        try add(
            &file,
            f,
            ["CLOCK-3", "ADP-56", "SIG-CORE-2", "CHAN-4"],
            "A pending channel, a handshake in its slot, is revoked by a restart inside its window (tunnel:revoke owed): the slot's frame and a new handshake are channel_revoked.",
            flags: ["Lifecycle", "Time"],
            channel: .pending(expiresAt: expiresAt),
            [
                (try handshake(f), nil, false), (restart(now: t0 + 1), nil, true),
                (try open(f, "ping", now: t0 + 2), "channel_revoked", false),
                (try handshake(f.round("again"), now: t0 + 3), "channel_revoked", false),
            ]
        )
        f = HandshakeFixture(id: file.id("restart-revokes-unused-pending"))
        try add(
            &file,
            f,
            ["CLOCK-3", "ADP-56", "SIG-CORE-2"],
            "A pending channel that saw no handshake is revoked by a restart too; before it, the same handshake would have been accepted (pending-window-control).",
            flags: ["Lifecycle", "Time"],
            channel: .pending(expiresAt: expiresAt),
            [(restart(now: t0), nil, true), (try handshake(f), "channel_revoked", false)]
        )
        f = HandshakeFixture(id: file.id("pending-window-control"))
        try add(
            &file,
            f,
            ["CHAN-2", "ADP-57"],
            "Control for the restart vectors: without a restart the pending channel takes the handshake and its frame commits; nothing is owed to the relay.",
            flags: ["Lifecycle"],
            channel: .pending(expiresAt: expiresAt),
            [(try handshake(f), nil, false), (try open(f, "ping"), "pairing_unconfirmed", false)]
        )
    }

    // MARK: Revocations the core makes

    private static func addRevocationSignals(_ file: inout VectorFileBuilder) throws {
        var f = HandshakeFixture(id: file.id("revoke-sent-on-rejection"))
        try add(
            &file,
            f,
            ["SIG-CORE-2", "ADP-57", "CONFIRM-3"],
            "The user rejects the code: that step owes tunnel:revoke, and no later step owes it again.",
            flags: ["Lifecycle", "Confirmation"],
            channel: .pending(expiresAt: expiresAt),
            [
                (try handshake(f), nil, false), (try open(f, "ping"), "pairing_unconfirmed", false),
                (user("reject", now: t1 + 1), nil, true), (try open(f, "late", now: t1 + 2), "channel_revoked", false),
                (user("reject", now: t1 + 3), "channel_revoked", false),
            ]
        )
        f = HandshakeFixture(id: file.id("revoke-sent-on-timeout"))
        try add(
            &file,
            f,
            ["SIG-CORE-2", "ADP-57", "CONFIRM-3"],
            "Nothing owed at the deadline t1 + 120; the frame at t1 + 121 finds the channel revoked by the timeout, fails, and owes tunnel:revoke.",
            flags: ["Lifecycle", "Confirmation", "Time"],
            channel: .pending(expiresAt: expiresAt),
            [
                (try handshake(f), nil, false), (try open(f, "ping"), "pairing_unconfirmed", false),
                (user("tick", now: t1 + 120), nil, false),
                (try open(f, "late", now: t1 + 121), "channel_revoked", true),
                (user("tick", now: t1 + 122), nil, false),
            ]
        )
        f = HandshakeFixture(id: file.id("confirmed-owes-nothing"))
        try add(
            &file,
            f,
            ["SIG-CORE-2", "ADP-57"],
            "Control for the revocation vectors: a confirmed pairing, used and reconnected, owes the relay nothing at any step.",
            flags: ["Lifecycle", "Confirmation"],
            channel: .pending(expiresAt: expiresAt),
            [
                (try handshake(f), nil, false), (try open(f, "ping"), "pairing_unconfirmed", false),
                (confirm(f, now: t1 + 1), nil, false), (try open(f, "request", now: t1 + 2), nil, false),
                (seal(f, "reply", now: t1 + 3), nil, false), (user("tick", now: t1 + 200), nil, false),
            ]
        )
    }

    // MARK: The relay's word

    private static func addRelayReports(_ file: inout VectorFileBuilder) throws {
        var f = HandshakeFixture(id: file.id("relay-revoked-ignored-paired"))
        let next = f.round("next")
        try add(
            &file,
            f,
            ["SIG-CORE-3", "ADP-57"],
            "tunnel:revoked on a paired channel with a live session changes nothing and owes nothing: frames open, seals work, a reconnection commits.",
            flags: ["Lifecycle", "StateUnchanged"],
            channel: .paired(devicePublicKey: f.devicePublic, lastHandshakeEphemeral: nil),
            [
                (try handshake(f), nil, false), (try open(f, "a"), nil, false),
                (relayRevoked(now: t1 + 1), nil, false), (try open(f, "b", now: t1 + 2), nil, false),
                (seal(f, "reply", now: t1 + 3), nil, false), (try handshake(next, now: t1 + 4), nil, false),
                (relayRevoked(now: t1 + 5), nil, false), (try open(next, "c", now: t1 + 6), nil, false),
            ]
        )
        f = HandshakeFixture(id: file.id("relay-revoked-ignored-pairing"))
        try add(
            &file,
            f,
            ["SIG-CORE-3", "ADP-57"],
            "tunnel:revoked on a pending channel, then on the confirming one: neither changes; the handshake is taken, committed and confirmed.",
            flags: ["Lifecycle", "Confirmation", "StateUnchanged"],
            channel: .pending(expiresAt: expiresAt),
            [
                (relayRevoked(now: t0), nil, false), (try handshake(f), nil, false),
                (try open(f, "ping"), "pairing_unconfirmed", false), (relayRevoked(now: t1 + 1), nil, false),
                (confirm(f, now: t1 + 2), nil, false), (try open(f, "request", now: t1 + 3), nil, false),
            ]
        )
    }

    /// `adapter/core-channel-signal-other-event`, in the area of the input shape rules: a
    /// `signal` step names `tunnel:revoked`, the one relay event `core-channel` models (ADP-57).
    static func addSignalShape(to file: inout VectorFileBuilder) throws {
        let f = HandshakeFixture(id: file.id("core-channel-signal-other-event"))
        try file.add(
            fixture: f,
            operation: "core-channel",
            requirements: ["ADP-57"],
            comment:
                "A core-channel signal step with tunnel:revoke (the core's own event, not the relay's) is bad_request for the whole request.",
            input: input(f, [try handshake(f), ["signal": ["event": "tunnel:revoke", "now": .int(t1)]]]),
            expect: .error("bad_request")
        )
    }

    // MARK: Building

    /// Adds the vector of `fixture` and checks the reference's `send` step by step.
    private static func add(
        _ file: inout VectorFileBuilder,
        _ fixture: HandshakeFixture,
        _ requirements: [String],
        _ comment: String,
        flags: [String],
        channel: ChannelState,
        _ steps: [Step]
    ) throws {
        let request = input(fixture, channel: channel, steps.map(\.step))
        try file.add(
            fixture: fixture,
            operation: "core-channel",
            requirements: requirements + ["ADP-50"],
            comment: comment,
            flags: flags,
            input: request,
            expect: .steps(steps.map(\.error))
        )
        guard case .output(let output) = Operations.reference("core-channel", input: request),
            let answers = output["steps"]?.arrayValue
        else { throw GenerationError("\(fixture.id): the reference gave no steps") }
        let revoke: JSONValue = .array([.object(["event": .string(CoreSignal.revoke.event)])])
        for (index, (step, answer)) in zip(steps, answers).enumerated()
        where answer["send"] != (step.revokes ? revoke : .array([])) {
            throw GenerationError(
                "\(fixture.id): step \(index) sends \(answer["send"].map(String.init(describing:)) ?? "nothing")"
            )
        }
    }
}
