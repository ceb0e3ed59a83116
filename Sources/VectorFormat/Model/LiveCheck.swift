import Foundation

/// A check the conformance runner performs live against an adapter, for requirements that no
/// fixed input/output pair can test (fresh randomness, for instance). The runner implements each
/// check by its `id`; the coverage table counts a live check as coverage of its requirements.
public struct LiveCheck: Codable, Equatable, Sendable {
    /// Stable id, `live/<name>`.
    public var id: String
    public var requirements: [String]
    /// One line: what the runner does and what it expects.
    public var description: String

    public init(id: String, requirements: [String], description: String) {
        self.id = id
        self.requirements = requirements
        self.description = description
    }
}

/// A requirement that neither a vector nor a live check can test through the adapter protocol,
/// with the reason. Listed in spec/kit/coverage.md so the gap is visible, not silent.
public struct CoverageExemption: Codable, Equatable, Sendable {
    public var requirement: String
    public var reason: String

    public init(requirement: String, reason: String) {
        self.requirement = requirement
        self.reason = reason
    }
}
