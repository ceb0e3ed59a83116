extension Int64 {
    /// `self + other`, or `Int64.max` when that overflows.
    ///
    /// Times are inputs (a restored channel's `expiresAt`, a caller's `now`), and a deadline a
    /// fixed time after one of them must not trap near the top of the range: a time that far out
    /// is past every deadline anyway, which is what the saturated value says.
    func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
