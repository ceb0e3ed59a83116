/// Who sent or received an event of a trace (TRACE-4): the two endpoints and the relay.
public enum TracePeer: String, Sendable, CaseIterable, Comparable {
    case core
    case device
    case relay

    public static func < (a: TracePeer, b: TracePeer) -> Bool { a.rawValue < b.rawValue }
}
