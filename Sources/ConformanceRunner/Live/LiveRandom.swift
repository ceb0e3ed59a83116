import TunnelCrypto

/// Where a live check's keys and nonces come from: the system's CSPRNG in every run of the
/// runner, or, for the kit's own mutant table, a stream from a fixed seed.
///
/// Live checks exist to test with values nobody chose in advance, so `conformance` never seeds
/// them. The mutant self-check does: which live checks catch a mutant can depend on the draw (a
/// pairing code with a leading zero catches `v3-code-leading-zeros-dropped` one run in ten), and
/// spec/kit/mutants.md must be the same on every regeneration.
struct LiveRandom: RandomSource {
    private var system = SystemRandom()
    private let seed: [UInt8]?
    private var counter: UInt64 = 0
    private var pending: [UInt8] = []

    /// The system's CSPRNG.
    init() {
        seed = nil
    }

    /// SHA-256(seed ‖ counter) blocks, for a reproducible table.
    init(seed: [UInt8]) {
        self.seed = seed
    }

    mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let seed else {
            system.fill(buffer)
            return
        }
        for index in 0..<buffer.count {
            if pending.isEmpty {
                pending = SHA256.hash(seed + withUnsafeBytes(of: counter.bigEndian) { Array($0) })
                counter += 1
            }
            buffer[index] = pending.removeFirst()
        }
    }
}
