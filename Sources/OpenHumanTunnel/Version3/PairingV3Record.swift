import TunnelCrypto

/// The 32-byte plaintexts of the pairing records after the handshake (V3-CONFIRM-1): each side's
/// confirmation names the transcript and the exact code its user saw, and each side's rejection
/// names the transcript, so a record can stand for nothing but one user's answer to one code.
public enum PairingV3Record {
    static let confirmLabel = Array("openhuman-tunnel/v3/confirm".utf8)
    static let rejectLabel = Array("openhuman-tunnel/v3/reject".utf8)

    /// The octet that names who speaks, so the device's record can never be taken for the core's.
    static func octet(_ role: Role) -> UInt8 { role == .device ? 0x01 : 0x02 }

    /// `SHA-256("openhuman-tunnel/v3/confirm" || role || h || code)`.
    public static func confirmation(by role: Role, handshakeHash: [UInt8], code: String) -> [UInt8] {
        SHA256.hash(confirmLabel, [octet(role)], handshakeHash, Array(code.utf8))
    }

    /// `SHA-256("openhuman-tunnel/v3/reject" || role || h)`.
    public static func rejection(by role: Role, handshakeHash: [UInt8]) -> [UInt8] {
        SHA256.hash(rejectLabel, [octet(role)], handshakeHash)
    }
}
