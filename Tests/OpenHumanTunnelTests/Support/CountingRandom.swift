import TunnelCrypto

/// A random source that hands out a counter's bytes and counts how many were drawn, so a test
/// can prove that a refused operation drew no nonce (FRAME-SEAL-3).
struct CountingRandom: RandomSource {
    private(set) var drawn = 0

    mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        for index in 0..<buffer.count {
            buffer[index] = UInt8(truncatingIfNeeded: drawn)
            drawn += 1
        }
    }
}
