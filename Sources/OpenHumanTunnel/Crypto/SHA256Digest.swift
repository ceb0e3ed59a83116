import CSodium

/// SHA-256 (FIPS 180-4) on libsodium: the transcript hash of the short authentication string
/// (SAS-1) and the core key fingerprint (QR-SRC-3).
public enum SHA256Digest {
    public static let length = 32

    /// The digest of the concatenation of `parts`, hashed incrementally so no joined copy is made.
    public static func hash(_ parts: [UInt8]...) -> [UInt8] {
        var state = crypto_hash_sha256_state()
        _ = crypto_hash_sha256_init(&state)
        for part in parts {
            _ = part.withUnsafeBufferPointer { p in crypto_hash_sha256_update(&state, p.baseAddress, UInt64(p.count)) }
        }
        var out = [UInt8](repeating: 0, count: length)
        _ = out.withUnsafeMutableBufferPointer { o in crypto_hash_sha256_final(&state, o.baseAddress!) }
        return out
    }
}
