/// One side of a comparison: its name in the printed row and a function that times one short
/// batch of `operations` operations, returning the seconds taken.
struct Side {
    let label: String
    let run: () -> Double
}

/// Two sides that do the same work, and the ratio printed for them:
/// `numerator` time over `denominator` time, per pair.
struct Comparison {
    let name: String
    let operations: Int
    let numerator: Side
    let denominator: Side
}

/// Times `comparison` as `pairs` short interleaved pairs and prints its row.
///
/// Each pair times one batch of each side back to back, and the side that goes first alternates
/// from pair to pair, so that load from other processes (this machine is shared) falls on both
/// sides of a pair alike and a cache or frequency effect of going first or second cancels out.
/// Each pair gives one ratio; the row prints their median and interquartile range, and the
/// median time per operation of each side:
///
///     v2 seal+open 64 B: reference 939.2 ns/op, raw 822.4 ns/op, ratio=0.87 [0.86..0.88] n=301
///
/// A pair a burst of load lands on gives an outlier ratio, which moves neither the median nor
/// much the quartiles; timing each side over a whole round, as this benchmark once did, let one
/// burst change a round's ratio by tens of percent. `warmUp` pairs run first and are discarded.
func reportPairs(_ comparison: Comparison, pairs: Int, warmUp: Int = 3) {
    for _ in 0..<warmUp {
        _ = comparison.denominator.run()
        _ = comparison.numerator.run()
    }
    var ratios: [Double] = [], numerators: [Double] = [], denominators: [Double] = []
    for pair in 0..<pairs {
        let numerator: Double, denominator: Double
        if pair % 2 == 0 {
            denominator = comparison.denominator.run()
            numerator = comparison.numerator.run()
        } else {
            numerator = comparison.numerator.run()
            denominator = comparison.denominator.run()
        }
        ratios.append(numerator / denominator)
        numerators.append(numerator)
        denominators.append(denominator)
    }
    let ratio = Quartiles(ratios)
    let operations = Double(comparison.operations)
    print(
        "\(comparison.name): "
            + "\(comparison.denominator.label) \(duration(Quartiles(denominators).median / operations))/op, "
            + "\(comparison.numerator.label) \(duration(Quartiles(numerators).median / operations))/op, "
            + "ratio=\(format(ratio.median, digits: 2)) [\(format(ratio.q1, digits: 2))..\(format(ratio.q3, digits: 2))] "
            + "n=\(pairs)"
    )
}
