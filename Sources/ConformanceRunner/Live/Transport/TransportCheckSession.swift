import OpenHumanTunnel
import VectorFormat

/// What the transport checks share: a fresh lab per check with its servers in the starting
/// modes, and questions about what happened.
extension SelectionDriver {
    /// A lab with the relay, the core, the LAN endpoint and a device paired over the relay and
    /// then restarted (TRANS-10: no session, no carrier), the LAN and the relay as `lan` and
    /// `relay` say (`up`, `down`, `refused`, `slow`). The selection has not started yet.
    static func lab(
        _ context: LiveContext,
        lan: String = "up",
        relay: String = "up"
    ) throws(CheckFailure) -> SelectionDriver {
        guard let setting = context.transportLab else {
            var failure = CheckFailure(
                "needs the transport lab (\(TransportLabSetting.relativePath) from the kit's source, with python3 and "
                    + "tools/relay/requirements.txt; --transport-lab PATH)"
            )
            failure.unsupported = true
            throw failure
        }
        let lab = try TransportLab(setting)
        try lab.call(["op": "setup", "lan": .string(lan), "relay": .string(relay)])
        return SelectionDriver(lab: lab, context: context)
    }

    /// Sets a server's mode in the lab (`fault`): `up`, `down` or `slow`.
    func set(_ target: String, _ mode: String) throws(CheckFailure) {
        try lab.call(["op": "fault", "target": .string(target), "mode": .string(mode)])
    }

    /// The carrier events and timers fed so far, as 15.5.2 writes them, with their times.
    var events: [(at: Int64, name: String)] {
        steps.map { ($0["at"]?.intValue ?? 0, Self.describe($0)) }
    }

    /// How many of the events fed so far have a name that starts with `prefix` (`timer(check.lan)`,
    /// `error(lan`).
    func count(_ prefix: String) -> Int { events.filter { $0.name.hasPrefix(prefix) }.count }

    /// The index of the first event fed whose name starts with `prefix`.
    func first(_ prefix: String) -> Int? { events.firstIndex { $0.name.hasPrefix(prefix) } }

    /// Sends `requestId` and runs until its final answer arrives; fails unless it came on
    /// `path`, as a response, and the core ran it exactly once (RPC-2, TRANS-1).
    mutating func expectAnswered(
        _ requestId: String,
        on path: String,
        within budget: Int64 = 5_000,
        send: Bool = true
    ) throws(CheckFailure) {
        if send { try request(requestId) }
        try run(until: { $0.answers[requestId] != nil }, within: budget, "the answer to request \(requestId)")
        let answer = answers[requestId]!
        guard answer.kind == "response", answer.path == path else {
            throw CheckFailure(
                "request \(requestId) was answered \(answer.kind)\(answer.code.map { " \($0)" } ?? "") on the "
                    + "\(answer.path), not a response on the \(path); the events so far: \(timeline)"
            )
        }
        try expectDispatchedOnce(requestId)
    }

    /// Runs until the selection is in `state`.
    mutating func run(untilState state: String, within budget: Int64, _ what: String) throws(CheckFailure) {
        try run(until: { $0.decision.state == state }, within: budget, what)
    }

    /// Runs until the lab's `status` satisfies `holds`.
    mutating func run(
        untilStatus holds: @escaping (JSONValue) -> Bool,
        within budget: Int64,
        _ what: String
    ) throws(CheckFailure) {
        try run(until: { (driver) throws(CheckFailure) -> Bool in holds(try driver.status()) }, within: budget, what)
    }

    func expectDispatchedOnce(_ requestId: String) throws(CheckFailure) {
        let count = try dispatched(requestId)
        guard count == 1 else {
            throw CheckFailure("the core ran request \(requestId) \(count) times, not once (RPC-2, TRANS-1)")
        }
    }

    func carrier(_ path: String) throws(CheckFailure) -> String? {
        try status()["carriers"]?[path]?.stringValue
    }

    static func deadline(_ path: TransportPath) -> Int64 { TransportSelection.Values.deadline(path) }
    static let base = TransportSelection.Values.base
    /// Room for a loaded machine beyond what a rule needs, on the selection's clock.
    static let slack: Int64 = 5_000
    /// A promotion from the relay: the first background check at most `2 × base` after the relay
    /// came into use, then `promotion` healthy checks `base` apart.
    static let promotionBudget = 2 * base + Int64(TransportSelection.Values.promotion) * base + 2 * slack
}
