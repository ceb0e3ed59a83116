/// The type octets and exact sizes of version 3's reconnection (spec/13-handshake-v3.md 13.8,
/// V3-RECON-1): each is its octet followed by one Noise message.
public enum ReconnectionV3Message {
    /// Message 1 of KKpsk2, device to core, with an empty payload.
    public static let messageOne: UInt8 = 0x13
    /// Message 2 of KKpsk2, core to device, with an empty payload.
    public static let messageTwo: UInt8 = 0x14
    /// The device's first transport message of the new session, empty: the core commits on it.
    public static let keyConfirmation: UInt8 = 0x15

    /// 1 + 32 + 16: the octet, `e`, the tag of the empty payload.
    public static let messageOneLength = 1 + NoisePattern.kkpsk2.messageLength(0, payloadLength: 0)
    /// 1 + 32 + 16: the octet, `e`, the tag of the empty payload.
    public static let messageTwoLength = 1 + NoisePattern.kkpsk2.messageLength(1, payloadLength: 0)
    /// 1 + 16: the octet and the tag of an empty plaintext.
    public static let keyConfirmationLength = 1 + 16
}
