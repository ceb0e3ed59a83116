import OpenHumanTunnel

/// The three receivers of spec chapter 4.3, and the type each one takes.
enum Receiver: CaseIterable, CustomStringConvertible {
    case sessionOpener, handshakeOpener, ackOpener

    var acceptedType: UInt8 {
        switch self {
        case .sessionOpener: 0x02
        case .handshakeOpener: 0x03
        case .ackOpener: 0x04
        }
    }

    var description: String {
        switch self {
        case .sessionOpener: "session opener"
        case .handshakeOpener: "handshake opener"
        case .ackOpener: "ack opener"
        }
    }

    /// The outcome table of spec 4.3 (TYPE-3 to TYPE-5): nil when the type continues to the
    /// receiver's further checks.
    func typeError(for first: UInt8) -> TunnelError? {
        if first == acceptedType { return nil }
        switch first {
        case 0x01: return .legacyFrame
        case 0x02, 0x03, 0x04: return .unexpectedType(first)
        default: return .unsupportedType(first)
        }
    }
}
