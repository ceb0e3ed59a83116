import OpenHumanTunnel
import TunnelCrypto

/// The receivers' first checks: type octet (TYPE-2 to TYPE-5) and length bounds (SIZE-1,
/// FRAME-OPEN-3/4, HS-4 steps 1 to 3, ACK-4), with the mutants that get them wrong.
struct ComposedMessageType {
    let mutant: Mutant?

    static let legacy: UInt8 = 0x01
    static let session: UInt8 = 0x02
    static let handshake: UInt8 = 0x03
    static let handshakeAck: UInt8 = 0x04

    /// Refuses `message` unless its type octet is `accepted`, then unless its length is within
    /// `minimumLength ... 49,152`, in that order.
    func check(_ message: [UInt8], accepting accepted: UInt8, minimumLength: Int) throws(TunnelError) {
        if mutant == .emptyFrameReportedAsTooShort, message.isEmpty { throw .frameTooShort }
        if mutant == .lengthCheckedBeforeType { try checkLength(message, minimumLength: minimumLength) }
        try checkType(message, accepting: accepted)
        try checkLength(message, minimumLength: minimumLength)
    }

    private func checkLength(_ message: [UInt8], minimumLength: Int) throws(TunnelError) {
        let minimum =
            mutant == .shortFrameReportedAsAuthFailure
            ? minimumLength - XChaCha20Poly1305.tagLength : minimumLength
        guard message.count >= minimum else { throw .frameTooShort }
        guard mutant == .oversizeFrameAccepted || message.count <= Limits.maximumMessageLength else {
            throw .frameTooLarge
        }
    }

    private func checkType(_ message: [UInt8], accepting accepted: UInt8) throws(TunnelError) {
        guard let first = message.first else { throw .emptyFrame }
        if first == accepted { return }
        if mutant == .acceptLegacy0x01, first == Self.legacy { return }
        if mutant == .unsupportedTypeReportedAsAuthFailure, first != Self.legacy { return }
        switch first {
        case Self.legacy: throw mutant == .legacyReportedAsUnsupported ? .unsupportedType(first) : .legacyFrame
        case Self.session...Self.handshakeAck:
            throw mutant == .unexpectedTypeReportedAsUnsupported ? .unsupportedType(first) : .unexpectedType(first)
        default: throw .unsupportedType(first)
        }
    }
}
