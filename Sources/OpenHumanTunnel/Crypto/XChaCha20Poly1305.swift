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
    public static func open(key: [UInt8], nonce: [UInt8], ciphertext: [UInt8], aad: [UInt8]) throws(TunnelError) -> [UInt8] {
        precondition(key.count == keyLength && nonce.count == nonceLength)
        guard ciphertext.count >= tagLength else { throw .authFailed }
        return try ciphertext.withUnsafeBytes { c in
            nonce.withUnsafeBufferPointer { n in
                Result { () throws(TunnelError) in
                    try openRaw(key: key, nonce: n.baseAddress!, ciphertext: c, aad: aad)
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
    /// without an intermediate copy.
    static func sealRaw(into out: UnsafeMutablePointer<UInt8>, key: [UInt8], nonce: UnsafePointer<UInt8>,
                        plaintext: UnsafeRawBufferPointer, aad: [UInt8]) {
        _ = Sodium.ready
        var written: UInt64 = 0
        _ = key.withUnsafeBufferPointer { k in
            aad.withUnsafeBufferPointer { a in
                crypto_aead_xchacha20poly1305_ietf_encrypt(
                    out, &written,
                    plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(plaintext.count),
                    a.baseAddress, UInt64(a.count), nil, nonce, k.baseAddress!)
            }
        }
    }

    static func sealRaw(into out: UnsafeMutablePointer<UInt8>, key: [UInt8], nonce: [UInt8], plaintext: [UInt8], aad: [UInt8]) {
        nonce.withUnsafeBufferPointer { n in
            plaintext.withUnsafeBytes { p in
                sealRaw(into: out, key: key, nonce: n.baseAddress!, plaintext: p, aad: aad)
            }
        }
    }

    /// Opens straight from a slice of a received frame.
    static func openRaw(key: [UInt8], nonce: UnsafePointer<UInt8>, ciphertext: UnsafeRawBufferPointer,
                        aad: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard ciphertext.count >= tagLength else { throw .authFailed }
        _ = Sodium.ready
        let plaintextLength = ciphertext.count - tagLength
        var status: Int32 = -1
        let plaintext = [UInt8](unsafeUninitializedCapacity: plaintextLength) { buffer, count in
            var written: UInt64 = 0
            status = key.withUnsafeBufferPointer { k in
                aad.withUnsafeBufferPointer { a in
                    crypto_aead_xchacha20poly1305_ietf_decrypt(
                        buffer.baseAddress, &written, nil,
                        ciphertext.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(ciphertext.count),
                        a.baseAddress, UInt64(a.count), nonce, k.baseAddress!)
                }
            }
            // On failure libsodium leaves the buffer untouched; zero-fill so no uninitialised
            // memory is ever exposed, even though the array is dropped right away.
            if status != 0 { buffer.initialize(repeating: 0) }
            count = plaintextLength
        }
        guard status == 0 else { throw .authFailed }
        return plaintext
    }
}
