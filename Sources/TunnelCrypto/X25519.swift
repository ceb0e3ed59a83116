import CSodium

/// X25519 (RFC 7748) with the all-zero output check required at every DH site (DH-1, DH-2).
///
/// libsodium clamps the scalar, ignores the top bit of the u-coordinate and accepts
/// non-canonical u, as RFC 7748 section 5 asks. A peer that sends a point of small order (or a
/// u-coordinate equivalent to one) makes the output all zero whatever our private key is: the
/// "shared" secret is then known to everyone, so it must never be used. libsodium 1.0.18 already
/// refuses such outputs; we check again ourselves so the guarantee does not rest on a library
/// version.
public enum X25519 {
    public static let keyLength = 32

    /// The public key for a 32-byte private key (X25519 with the base point u = 9).
    public static func publicKey(privateKey: [UInt8]) -> [UInt8] {
        precondition(privateKey.count == keyLength, "X25519 private keys are 32 bytes")
        _ = Sodium.ready
        var out = [UInt8](repeating: 0, count: keyLength)
        _ = out.withUnsafeMutableBufferPointer { o in
            privateKey.withUnsafeBufferPointer { k in crypto_scalarmult_curve25519_base(o.baseAddress!, k.baseAddress!)
            }
        }
        return out
    }

    /// X25519(privateKey, publicKey), refusing an all-zero result with `.lowOrderKey`.
    ///
    /// A public key of the wrong length is `.badKeyLength`; the private key is ours and its
    /// length is a programming error.
    public static func sharedSecret(privateKey: [UInt8], publicKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        precondition(privateKey.count == keyLength, "X25519 private keys are 32 bytes")
        guard publicKey.count == keyLength else { throw .badKeyLength }
        _ = Sodium.ready
        var out = [UInt8](repeating: 0, count: keyLength)
        let status = out.withUnsafeMutableBufferPointer { o in
            privateKey.withUnsafeBufferPointer { k in
                publicKey.withUnsafeBufferPointer { p in
                    crypto_scalarmult_curve25519(o.baseAddress!, k.baseAddress!, p.baseAddress!)
                }
            }
        }
        guard status == 0, !SecretMemory.isAllZero(out) else {
            SecretMemory.wipe(&out)
            throw .lowOrderKey
        }
        return out
    }

    /// True when `publicKey` gives an all-zero shared secret with every private key.
    ///
    /// Clamping makes every scalar a multiple of 8 and non-zero modulo the prime order, so the
    /// output is zero for one clamped scalar exactly when it is zero for all of them: one trial
    /// multiplication decides it. Used where a key arrives before any DH is done with it (the
    /// QR code's `cpk`).
    public static func isLowOrder(_ publicKey: [UInt8]) -> Bool {
        guard publicKey.count == keyLength else { return false }
        let probe = [UInt8](repeating: 0x42, count: keyLength)
        do {
            _ = try sharedSecret(privateKey: probe, publicKey: publicKey)
            return false
        } catch {
            return true
        }
    }
}
