import OpenHumanTunnel
import VectorFormat

/// One step's answer of `transport-select` (ADP-134), read from the adapter's output once the
/// runner has found it equal to the reference's.
struct SelectionDecision: Equatable {
    var state: String
    var paths: [String: String]
    var actions: [String]
    var timers: [String: Int64]

    /// The selection before its first event (SELECT-1).
    static let idle = SelectionDecision(
        state: "idle",
        paths: ["lan": "off", "relay": "off", "cloud": "off"],
        actions: [],
        timers: [:]
    )

    /// The timer due first, ties broken by SELECT-2's order (ADP-134 lists them in it); nil when
    /// none is armed.
    var nextTimer: (name: String, due: Int64)? {
        TransportSelectionTimer.allCases.compactMap { timer in timers[timer.rawValue].map { (timer.rawValue, $0) } }
            .min { $0.1 < $1.1 }
    }

    /// `state [actions]`, for the timeline of a failure message.
    var summary: String { actions.isEmpty ? state : "\(state) [\(actions.joined(separator: ", "))]" }
}

extension SelectionDecision {
    init?(_ value: JSONValue) {
        guard let state = value["state"]?.stringValue,
            let paths = value["paths"]?.objectValue?.compactMapValues(\.stringValue),
            let actions = value["actions"]?.arrayValue?.compactMap(\.stringValue),
            let timers = value["timers"]?.objectValue
        else { return nil }
        self.init(
            state: state,
            paths: paths,
            actions: actions,
            timers: timers.compactMapValues(\.intValue)
        )
    }
}
