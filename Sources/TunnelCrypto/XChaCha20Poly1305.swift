import CSodium

/// XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03), the AEAD of every tunnel message.
///
/// The 24-byte nonce is what lets senders draw nonces at random: at 2^-96 collision odds per pair
/// even after billions of frames, no counter has to be kept in step between phone and core.
public enum XChaCha20Poly1305 {
    public static let keyLength = 32
    public static let nonceLength = 24
    public static let tagLength = 16

    /// Returns ciphertext || tag.
    public static func seal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8], aad: [UInt8]) -> [UInt8] {
        precondition(key.count == keyLength && nonce.count == nonceLength)
        var out = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        out.withUnsafeMutableBufferPointer { o in
            sealRaw(into: o.baseAddress!, key: key, nonce: nonce, plaintext: plaintext, aad: aad)
        }
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
        return try key.withUnsafeBytes { k in
            ciphertext.withUnsafeBytes { c in
                nonce.withUnsafeBufferPointer { n in
                    Result { () throws(CryptoError) in
                        try openRaw(key: k, nonce: n.baseAddress!, ciphertext: c, aad: aad)
                    }
                }
            }
        }.get()
    }

    /// HChaCha20 (draft section 2.2): the subkey derivation at the heart of XChaCha20.
    public static func hChaCha20(key: [UInt8], nonce16: [UInt8]) -> [UInt8] {
        precondition(key.count == keyLength && nonce16.count == 16)
        _ = Sodium.ready
        var out = [UInt8](repeating: 0, count: 32)
        _ = out.withUnsafeMutableBufferPointer { o in
            crypto_core_hchacha20(o.baseAddress!, nonce16, key, nil)
        }
        return out
    }

    /// Seals into caller-provided memory (plaintext.count + 16 bytes), so a frame can be built
    /// without an intermediate copy; the key stays in the `SecretBytes` that owns it.
    public static func sealRaw(
        into out: UnsafeMutablePointer<UInt8>,
        key: SecretBytes,
        nonce: UnsafePointer<UInt8>,
        plaintext: UnsafeRawBufferPointer,
        aad: [UInt8]
    ) {
        key.withUnsafeBytes { k in sealRaw(into: out, key: k, nonce: nonce, plaintext: plaintext, aad: aad) }
    }

    /// Opens straight from a slice of a received frame, under a key held in `SecretBytes`.
    public static func openRaw(
        key: SecretBytes,
        nonce: UnsafePointer<UInt8>,
        ciphertext: UnsafeRawBufferPointer,
        aad: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try key.withUnsafeBytes { (k) throws(CryptoError) in
            try openRaw(key: k, nonce: nonce, ciphertext: ciphertext, aad: aad)
        }
    }

    static func sealRaw(
        into out: UnsafeMutablePointer<UInt8>,
        key: [UInt8],
        nonce: [UInt8],
        plaintext: [UInt8],
        aad: [UInt8]
    ) {
        key.withUnsafeBytes { k in
            nonce.withUnsafeBufferPointer { n in
                plaintext.withUnsafeBytes { p in
                    sealRaw(into: out, key: k, nonce: n.baseAddress!, plaintext: p, aad: aad)
                }
            }
        }
    }

    /// The bare AEAD on caller-provided memory: writes `plaintext.count + 16` bytes at `out`.
    /// The session frame builds on it, and `tunnel-bench` measures against it.
    public static func sealRaw(
        into out: UnsafeMutablePointer<UInt8>,
        key: UnsafeRawBufferPointer,
        nonce: UnsafePointer<UInt8>,
        plaintext: UnsafeRawBufferPointer,
        aad: [UInt8]
    ) {
        precondition(key.count == keyLength, "XChaCha20-Poly1305 keys are 32 bytes")
        _ = Sodium.ready
        var written: UInt64 = 0
        _ = aad.withUnsafeBufferPointer { a in
            crypto_aead_xchacha20poly1305_ietf_encrypt(
                out,
                &written,
                plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt64(plaintext.count),
                a.baseAddress,
                UInt64(a.count),
                nil,
                nonce,
                key.baseAddress!.assumingMemoryBound(to: UInt8.self)
            )
        }
    }

    /// The bare AEAD open on caller-provided memory: writes `ciphertext.count - 16` bytes at
    /// `out` (nil only for an empty plaintext), or throws `.authFailed` and leaves `out` as it was.
    public static func openRaw(
        into out: UnsafeMutablePointer<UInt8>?,
        key: UnsafeRawBufferPointer,
        nonce: UnsafePointer<UInt8>,
        ciphertext: UnsafeRawBufferPointer,
        aad: [UInt8]
    ) throws(CryptoError) {
        precondition(key.count == keyLength, "XChaCha20-Poly1305 keys are 32 bytes")
        guard ciphertext.count >= tagLength else { throw .authFailed }
        _ = Sodium.ready
        var written: UInt64 = 0
        let status = aad.withUnsafeBufferPointer { a in
            crypto_aead_xchacha20poly1305_ietf_decrypt(
                out,
                &written,
                nil,
                ciphertext.baseAddress!.assumingMemoryBound(to: UInt8.self),
                UInt64(ciphertext.count),
                a.baseAddress,
                UInt64(a.count),
                nonce,
                key.baseAddress!.assumingMemoryBound(to: UInt8.self)
            )
        }
        guard status == 0 else { throw .authFailed }
    }

    private static func openRaw(
        key: UnsafeRawBufferPointer,
        nonce: UnsafePointer<UInt8>,
        ciphertext: UnsafeRawBufferPointer,
        aad: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        guard ciphertext.count >= tagLength else { throw .authFailed }
        let plaintextLength = ciphertext.count - tagLength
        var failure: CryptoError?
        let plaintext = [UInt8](unsafeUninitializedCapacity: plaintextLength) { buffer, count in
            do throws(CryptoError) {
                try openRaw(into: buffer.baseAddress, key: key, nonce: nonce, ciphertext: ciphertext, aad: aad)
            } catch {
                // On failure libsodium leaves the buffer untouched; zero-fill so no uninitialised
                // memory is ever exposed, even though the array is dropped right away.
                buffer.initialize(repeating: 0)
                failure = error
            }
            count = plaintextLength
        }
        if let failure { throw failure }
        return plaintext
    }
}
