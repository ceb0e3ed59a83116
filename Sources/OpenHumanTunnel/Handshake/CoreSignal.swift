/// A signalling event the core owes the relay for one channel (chapter 12).
///
/// The channel decides that an event is owed; sending it, joining the channel first and sending
/// it again until the relay acknowledges it (SIG-CORE-2) is the transport's work.
public enum CoreSignal: String, Sendable, Equatable {
    /// The core revoked the channel itself: the relay must end the device's credential and
    /// connection (SIG-CORE-2, RELAY-15), or the revoked phone keeps its relay access.
    case revoke = "tunnel:revoke"

    /// The event's name on the wire.
    public var event: String { rawValue }
}
