/// The type octet that opens every binary message (TYPE-1).
///
/// The registry is closed: a receiver maps every first byte to exactly one outcome, so a peer
/// from another generation gets a precise answer instead of an authentication failure.
public enum MessageType: UInt8, Sendable, CaseIterable {
    /// G1's frame. Never accepted: the peer must pair again (TYPE-3).
    case legacy = 0x01
    /// A session frame (FRAME-SEAL-1).
    case session = 0x02
    /// The device's handshake to the core (HS-1).
    case handshake = 0x03
    /// The core's answer to the handshake (ACK-1).
    case handshakeAck = 0x04

    /// Classifies the first byte of `message` for a receiver that takes only `accepted`.
    ///
    /// Order of the outcomes is fixed by TYPE-2 to TYPE-5: empty, legacy, the accepted type,
    /// another registered type, an unregistered byte.
    static func check(_ message: [UInt8], accepting accepted: MessageType) throws(TunnelError) {
        guard let first = message.first else { throw .emptyFrame }
        guard let type = MessageType(rawValue: first) else { throw .unsupportedType(first) }
        switch type {
        case accepted: return
        case .legacy: throw .legacyFrame
        default: throw .unexpectedType(first)
        }
    }
}
