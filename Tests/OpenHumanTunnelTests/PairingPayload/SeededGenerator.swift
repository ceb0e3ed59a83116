/// SplitMix64 (Steele, Lea, Flood 2014): a seeded, fully deterministic source for property tests.
///
/// The stdlib's `random(in:using:)` is avoided on purpose: its mapping from generator output to a
/// range is an implementation detail that may change between toolchains, and a failing seed must
/// replay the same cases everywhere.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<bound` (rejection sampling, no modulo bias).
    mutating func below(_ bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = next()
            if value < limit { return value % bound }
        }
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(below(UInt64(range.upperBound - range.lowerBound) + 1))
    }

    mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool { below(denominator) < numerator }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(below(UInt64(items.count)))] }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
}
