import CSodium

/// SHA-256 (FIPS 180-4) through libsodium, for the label-derived byte streams and the
/// accumulated test's running hash. The vectors never take a hash from the implementation under
/// test; libsodium's C code also keeps debug builds of `vectorgen` fast.
public struct SHA256: Sendable {
    private var state = crypto_hash_sha256_state()

    public init() {
        _ = crypto_hash_sha256_init(&state)
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = crypto_hash_sha256_update(&state, buffer.baseAddress, UInt64(buffer.count))
        }
    }

    public mutating func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        _ = crypto_hash_sha256_final(&state, &digest)
        return digest
    }

    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
