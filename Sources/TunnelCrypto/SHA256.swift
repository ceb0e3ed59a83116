import CSodium

/// SHA-256 (FIPS 180-4) on libsodium: the transcript hash of the short authentication string
/// (SAS-1), the core key fingerprint (QR-SRC-3), the kit's label-derived byte streams and the
/// accumulated test's running hash.
///
/// A value type: copying a hasher copies its state, so a stream can absorb a label once and
/// finish many blocks from the copy.
public struct SHA256: Sendable {
    public static let length = 32

    private var state = crypto_hash_sha256_state()

    public init() {
        _ = crypto_hash_sha256_init(&state)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        _ = crypto_hash_sha256_update(
            &state,
            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            UInt64(bytes.count)
        )
    }

    public mutating func finalize() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.length) { out, count in
            finalize(into: out.baseAddress!)
            count = Self.length
        }
    }

    /// Writes the digest's 32 bytes to `out`, for callers that fill a buffer of many digests.
    public mutating func finalize(into out: UnsafeMutablePointer<UInt8>) {
        _ = crypto_hash_sha256_final(&state, out)
    }

    /// The digest of the concatenation of `parts`, hashed incrementally so no joined copy is made.
    public static func hash(_ parts: [UInt8]...) -> [UInt8] {
        var hasher = SHA256()
        for part in parts { hasher.update(part) }
        return hasher.finalize()
    }
}
