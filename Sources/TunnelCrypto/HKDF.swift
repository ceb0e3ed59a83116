import CSodium

/// HKDF-SHA256 (RFC 5869) on libsodium's HMAC-SHA256 (KDF-1).
///
/// Debian 12's libsodium 1.0.18 predates libsodium's own HKDF API, so extract and expand are
/// written out here; both are a handful of HMAC calls.
public enum HKDF {
    public static let hashLength = 32
    /// RFC 5869 section 2.3: L <= 255 * HashLen.
    public static let maximumLength = 255 * hashLength

    public static func sha256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(CryptoError) -> [UInt8] {
        guard length >= 0, length <= maximumLength else { throw .hkdfOutputTooLong }
        var prk = extract(salt: salt, ikm: ikm)
        defer { SecretMemory.wipe(&prk) }
        return expand(prk: prk, info: info, length: length)
    }

    /// PRK = HMAC-SHA256(salt, IKM). An empty salt is the same as 32 zero bytes, because HMAC
    /// pads short keys with zeros.
    public static func extract(salt: [UInt8], ikm: [UInt8]) -> [UInt8] {
        hmac(key: salt, parts: [ikm])
    }

    /// OKM = T(1) || T(2) || … truncated to `length`, T(i) = HMAC(PRK, T(i-1) || info || i).
    public static func expand(prk: [UInt8], info: [UInt8], length: Int) -> [UInt8] {
        precondition(length >= 0 && length <= maximumLength)
        var okm = [UInt8]()
        okm.reserveCapacity(length + hashLength)
        var block = [UInt8]()
        var counter: UInt8 = 1
        while okm.count < length {
            block = hmac(key: prk, parts: [block, info, [counter]])
            okm += block
            counter &+= 1
        }
        SecretMemory.wipe(&block)
        return Array(okm.prefix(length))
    }

    private static func hmac(key: [UInt8], parts: [[UInt8]]) -> [UInt8] {
        _ = Sodium.ready
        var state = crypto_auth_hmacsha256_state()
        var out = [UInt8](repeating: 0, count: hashLength)
        // An empty key is a valid HMAC key; libsodium reads no byte of it, but wants a pointer.
        let keyBytes = key.isEmpty ? [0] : key
        keyBytes.withUnsafeBufferPointer { k in
            _ = crypto_auth_hmacsha256_init(&state, k.baseAddress!, key.count)
        }
        for part in parts {
            part.withUnsafeBufferPointer { p in
                _ = crypto_auth_hmacsha256_update(&state, p.baseAddress, UInt64(p.count))
            }
        }
        _ = out.withUnsafeMutableBufferPointer { o in crypto_auth_hmacsha256_final(&state, o.baseAddress!) }
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        return out
    }
}
