/// How much work `vectorgen` does.
public struct GenerationOptions: Sendable {
    /// Recompute the slow vectors (the 1,000,000-case accumulated hash) instead of writing their
    /// pinned values, and fail when a pinned value is stale.
    public var computeSlow: Bool

    public init(computeSlow: Bool = false) {
        self.computeSlow = computeSlow
    }
}
