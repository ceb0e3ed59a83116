import CSodium

/// Where keys and nonces come from.
///
/// Randomness is an input of every operation that needs it, never something the wire code
/// fetches behind the caller's back: tests and vectors inject fixed bytes (or pass nonces and keys
/// directly) and get the same frames every time; production passes `SystemRandom`.
public protocol RandomSource {
    mutating func fill(_ buffer: UnsafeMutableRawBufferPointer)
}

extension RandomSource {
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { fill($0) }
        return out
    }
}

/// libsodium's CSPRNG (`randombytes_buf`): the operating system's generator.
public struct SystemRandom: RandomSource, Sendable {
    public init() {}

    public mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        _ = Sodium.ready
        guard let base = buffer.baseAddress else { return }
        randombytes_buf(base, buffer.count)
    }
}
