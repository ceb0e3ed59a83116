/// What a version 3 party did with a message it accepted on a channel: a handshake message, which
/// may be answered, or a session frame `0x16` handed to the current session (V3-CHAN-1,
/// V3-CHAN-3), whose record may complete a message.
public enum ChannelV3Outcome: Sendable, Equatable {
    /// A handshake message or record: what goes back to the peer, if anything.
    case answered([UInt8]?)
    /// A session frame: the message its record completed, or nil for a fragment kept.
    case delivered([UInt8]?)

    /// The handshake answer; nil for a session frame.
    public var reply: [UInt8]? {
        if case .answered(let reply) = self { reply } else { nil }
    }
}
