/// The median of a sample and the interquartile range around it: the one statistic every row
/// of the benchmark prints, so that all its ratios and times are read the same way.
struct Quartiles {
    let q1: Double
    let median: Double
    let q3: Double

    /// Linear interpolation between the nearest ranks (the usual "type 7" quantile), so the median
    /// of an odd sample is its middle value. A median and quartiles rather than a mean and a
    /// deviation: a pair that another process interrupted is an outlier, and must not move the
    /// result.
    init(_ values: [Double]) {
        precondition(!values.isEmpty, "no values to summarise")
        let sorted = values.sorted()
        func quantile(_ p: Double) -> Double {
            let position = p * Double(sorted.count - 1)
            let lower = Int(position)
            let upper = min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        q1 = quantile(0.25)
        median = quantile(0.5)
        q3 = quantile(0.75)
    }
}
