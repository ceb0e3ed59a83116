import CSodium

/// ChaCha20-Poly1305 (RFC 8439, libsodium's `_ietf` variant): the cipher of version 3, whose
/// Noise handshake (`ChaChaPoly`) and sessions count their nonces instead of drawing them, so
/// the 96-bit nonce is enough and the XChaCha20 subkey step of version 2 is not needed.
public enum ChaCha20Poly1305 {
    public static let keyLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16

    /// Noise's nonce for counter `n` (Noise section 12.3): 32 zero bits, then `n` little-endian.
    public static func noiseNonce(_ n: UInt64) -> [UInt8] {
        [0, 0, 0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }
    }

    /// Returns ciphertext || tag.
    public static func seal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8], aad: [UInt8]) -> [UInt8] {
        precondition(key.count == keyLength && nonce.count == nonceLength)
        _ = Sodium.ready
        var out = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var written: UInt64 = 0
        _ = crypto_aead_chacha20poly1305_ietf_encrypt(
            &out,
            &written,
            plaintext,
            UInt64(plaintext.count),
            aad,
            UInt64(aad.count),
            nil,
            nonce,
            key
        )
        return out
    }

    /// Opens ciphertext || tag; `.authFailed` when the tag does not verify or the input is
    /// shorter than a tag.
    public static func open(
        key: [UInt8],
        nonce: [UInt8],
        ciphertext: [UInt8],
        aad: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        precondition(key.count == keyLength && nonce.count == nonceLength)
        guard ciphertext.count >= tagLength else { throw .authFailed }
        _ = Sodium.ready
        var out = [UInt8](repeating: 0, count: ciphertext.count - tagLength)
        var written: UInt64 = 0
        let status = crypto_aead_chacha20poly1305_ietf_decrypt(
            &out,
            &written,
            nil,
            ciphertext,
            UInt64(ciphertext.count),
            aad,
            UInt64(aad.count),
            nonce,
            key
        )
        guard status == 0 else { throw .authFailed }
        return out
    }
}
