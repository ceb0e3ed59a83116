import Foundation

/// Runs `body` `iterations` times and returns the seconds taken.
func measure(_ iterations: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure { for _ in 0..<iterations { body() } }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

/// A time per operation in the unit that keeps it readable: rows range from a 64-byte open
/// (hundreds of nanoseconds) to a 16 MiB message (tens of milliseconds).
func duration(_ seconds: Double) -> String {
    seconds >= 1e-3 ? "\(format(seconds * 1e3)) ms" : "\(format(seconds * 1e9)) ns"
}
