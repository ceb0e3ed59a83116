import TunnelCrypto

/// Size limits shared by every message type (SIZE-1, SIZE-2).
public enum Limits {
    /// The largest message on the relay: its unpadded base64url text is then at most
    /// 4 * 49,152 / 3 = 65,536 characters, the deployed core's cap.
    public static let maximumMessageLength = 49_152
    /// type octet + nonce + tag.
    public static let sessionFrameOverhead = 1 + XChaCha20Poly1305.nonceLength + XChaCha20Poly1305.tagLength
    /// 49,152 - 41.
    public static let maximumPlaintextLength = maximumMessageLength - sessionFrameOverhead
}
