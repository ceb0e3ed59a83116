/// The ways a primitive of this target refuses its input.
///
/// The endpoint library maps each onto the protocol error of the same name
/// (`TunnelError(_: CryptoError)`), so the crypto boundary knows nothing of the protocol above it.
public enum CryptoError: Error, Equatable, Sendable {
    /// A public key that is not 32 bytes long.
    case badKeyLength
    /// An X25519 output of all zeros: the peer's key has small order (DH-1, DH-2).
    case lowOrderKey
    /// An AEAD tag that does not verify, or a ciphertext shorter than a tag.
    case authFailed
    /// An HKDF output longer than 255 blocks (RFC 5869 section 2.3).
    case hkdfOutputTooLong
}
