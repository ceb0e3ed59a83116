/// The type octets and exact sizes of version 3's pairing messages (spec/13-handshake-v3.md
/// 13.6, V3-MSG-1): each is its octet followed by one Noise message.
public enum PairingV3Message {
    /// Message 1 of IKpsk1, device to core; its payload is the commitment.
    public static let messageOne: UInt8 = 0x10
    /// Message 2 of IKpsk1, core to device; its payload is the core's nonce.
    public static let messageTwo: UInt8 = 0x11
    /// A pairing record, either way: a Noise transport message under the pairing's keys
    /// carrying the reveal, a confirmation or a rejection (32 bytes each).
    public static let record: UInt8 = 0x12

    /// 1 + 96 + 32: the octet, `e`, the encrypted `s`, the encrypted commitment.
    public static let messageOneLength = 1 + NoisePattern.ikpsk1.messageLength(0, payloadLength: 32)
    /// 1 + 48 + 32: the octet, `e`, the encrypted nonce.
    public static let messageTwoLength = 1 + NoisePattern.ikpsk1.messageLength(1, payloadLength: 32)
    /// 1 + 32 + 16: the octet, a 32-byte plaintext, its tag.
    public static let recordLength = 1 + 32 + 16

    /// The length check every receiver makes before any DH: `frame_too_short` or `frame_too_large`.
    static func checkLength(_ message: [UInt8], _ length: Int) throws(TunnelError) {
        guard message.count >= length else { throw .frameTooShort }
        guard message.count == length else { throw .frameTooLarge }
    }
}
