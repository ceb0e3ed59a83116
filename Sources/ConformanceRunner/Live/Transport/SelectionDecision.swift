import VectorFormat

/// One step's answer of `transport-select` (ADP-134), read from the adapter's output once the
/// runner has found it equal to the reference's.
struct SelectionDecision: Equatable {
    /// SELECT-2's timers, in its order: two timers due at the same time fire in this order.
    static let timerNames = [
        "deadline.lan", "deadline.relay", "deadline.cloud", "check.lan", "check.relay", "retry", "keepalive", "idle",
    ]

    var state: String
    var paths: [String: String]
    var lanHealthy: Int64
    var actions: [String]
    var timers: [String: Int64]

    /// The selection before its first event (SELECT-1).
    static let idle = SelectionDecision(
        state: "idle",
        paths: ["lan": "off", "relay": "off", "cloud": "off"],
        lanHealthy: 0,
        actions: [],
        timers: [:]
    )

    init(state: String, paths: [String: String], lanHealthy: Int64, actions: [String], timers: [String: Int64]) {
        self.state = state
        self.paths = paths
        self.lanHealthy = lanHealthy
        self.actions = actions
        self.timers = timers
    }

    init?(_ value: JSONValue) {
        guard let state = value["state"]?.stringValue,
            let paths = value["paths"]?.objectValue?.compactMapValues(\.stringValue),
            let lanHealthy = value["lanHealthy"]?.intValue,
            let actions = value["actions"]?.arrayValue?.compactMap(\.stringValue),
            let timers = value["timers"]?.objectValue
        else { return nil }
        self.init(
            state: state,
            paths: paths,
            lanHealthy: lanHealthy,
            actions: actions,
            timers: timers.compactMapValues(\.intValue)
        )
    }

    /// The armed timer due first, ties broken by SELECT-2's order; nil when none is armed.
    var nextTimer: (name: String, due: Int64)? {
        Self.timerNames.compactMap { name in timers[name].map { (name: name, due: $0) } }.min { $0.due < $1.due }
    }

    /// `path` is neither off nor in use by the device (connecting or probing).
    func inFlight(_ path: String) -> Bool { ["connecting", "probing"].contains(paths[path]) }

    /// `state [actions]`, for the timeline of a failure message.
    var summary: String { actions.isEmpty ? state : "\(state) [\(actions.joined(separator: ", "))]" }
}
