/// The selection's timers (15.5.2), each armed with a due time or not. Their names are the
/// adapter protocol's (ADP-134), in the order the answer lists them.
public enum TransportSelectionTimer: String, CaseIterable, Sendable {
    case deadlineLan = "deadline.lan"
    case deadlineRelay = "deadline.relay"
    case deadlineCloud = "deadline.cloud"
    case checkLan = "check.lan"
    case checkRelay = "check.relay"
    case retry
    case keepalive
    case idle

    /// The deadline of a check or probe of `path` (SELECT-2 step 1).
    public static func deadline(_ path: TransportPath) -> Self {
        switch path {
        case .lan: .deadlineLan
        case .relay: .deadlineRelay
        case .cloud: .deadlineCloud
        }
    }

    /// The background check of a tunnel path (SELECT-2 step 3).
    public static func check(_ path: TransportPath) -> Self {
        path == .lan ? .checkLan : .checkRelay
    }

    /// The path whose deadline this is, if it is one: its firing is a failure (SELECT-6).
    var deadlinePath: TransportPath? {
        switch self {
        case .deadlineLan: .lan
        case .deadlineRelay: .relay
        case .deadlineCloud: .cloud
        default: nil
        }
    }

    /// The path a deadline or a check belongs to.
    var path: TransportPath? {
        switch self {
        case .deadlineLan, .checkLan: .lan
        case .deadlineRelay, .checkRelay: .relay
        case .deadlineCloud: .cloud
        case .retry, .keepalive, .idle: nil
        }
    }
}
