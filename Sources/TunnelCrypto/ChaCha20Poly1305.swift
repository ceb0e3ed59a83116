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

extension ChaCha20Poly1305 {
    /// Seals into caller-provided memory, `plaintext.count + 16` bytes at `out`, under a key held
    /// in `SecretBytes`: version 3's session frame is built in place, with no intermediate copy.
    public static func sealRaw(
        into out: UnsafeMutablePointer<UInt8>,
        key: SecretBytes,
        nonce: UnsafePointer<UInt8>,
        plaintext: UnsafeRawBufferPointer,
        aad: UnsafeRawBufferPointer
    ) {
        precondition(key.count == keyLength)
        _ = Sodium.ready
        key.withUnsafeBytes { k in
            _ = crypto_aead_chacha20poly1305_ietf_encrypt(
                out,
                nil,
                plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt64(plaintext.count),
                aad.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt64(aad.count),
                nil,
                nonce,
                k.baseAddress!.assumingMemoryBound(to: UInt8.self)
            )
        }
    }

    /// Opens straight from a slice of a received frame into caller-provided memory,
    /// `ciphertext.count - 16` bytes at `out`; throws `.authFailed` when the tag does not verify
    /// (libsodium then writes nothing).
    public static func openRaw(
        into out: UnsafeMutablePointer<UInt8>?,
        key: SecretBytes,
        nonce: UnsafePointer<UInt8>,
        ciphertext: UnsafeRawBufferPointer,
        aad: UnsafeRawBufferPointer
    ) throws(CryptoError) {
        precondition(key.count == keyLength)
        guard ciphertext.count >= tagLength else { throw .authFailed }
        _ = Sodium.ready
        let status = key.withUnsafeBytes { k in
            crypto_aead_chacha20poly1305_ietf_decrypt(
                out,
                nil,
                nil,
                ciphertext.baseAddress!.assumingMemoryBound(to: UInt8.self),
                UInt64(ciphertext.count),
                aad.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt64(aad.count),
                nonce,
                k.baseAddress!.assumingMemoryBound(to: UInt8.self)
            )
        }
        guard status == 0 else { throw .authFailed }
    }

    /// Noise's `REKEY(k)` (section 4.2): the first 32 bytes of the encryption of 32 zero bytes
    /// at the reserved nonce 2^64 - 1 with empty ad. One-way: the new key does not give the old.
    public static func rekey(_ key: SecretBytes) -> SecretBytes {
        let zeros = [UInt8](repeating: 0, count: keyLength)
        var sealed = [UInt8](repeating: 0, count: keyLength + tagLength)
        let nonce = noiseNonce(.max)
        sealed.withUnsafeMutableBufferPointer { out in
            zeros.withUnsafeBytes { z in
                sealRaw(
                    into: out.baseAddress!,
                    key: key,
                    nonce: nonce,
                    plaintext: z,
                    aad: UnsafeRawBufferPointer(start: nil, count: 0)
                )
            }
        }
        let next = SecretBytes(copying: Array(sealed.prefix(keyLength)))
        SecretMemory.wipe(&sealed)
        return next
    }
}
