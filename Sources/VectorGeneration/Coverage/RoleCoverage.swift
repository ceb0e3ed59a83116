import VectorFormat

/// The coverage of one party's requirements: what `vectorgen --coverage --role ROLE` prints.
public struct RoleCoverage: Sendable {
    public let role: RequirementRole
    /// The entries of the requirements that bind `role`, in spec order.
    public let entries: [CoverageReport.Entry]

    public init(_ report: CoverageReport, role: RequirementRole) {
        self.role = role
        entries = report.entries.filter { $0.requirement.roles.contains(role) }
    }

    public var mustLevel: [CoverageReport.Entry] { entries.filter { $0.requirement.level.needsCoverage } }

    /// The MUST-level requirements of this role with no vector, live check or exemption.
    public var uncovered: [String] { mustLevel.filter { !$0.isCovered }.map(\.requirement.id) }

    /// The lines `vectorgen --coverage --role` prints: a count line, then one line per uncovered id.
    public var lines: [String] {
        let byVector = mustLevel.filter { $0.vectorCount > 0 }.count
        return [
            "role \(role.rawValue): requirements: \(entries.count), MUST-level: \(mustLevel.count), "
                + "with a vector: \(byVector), uncovered: \(uncovered.count)"
        ]
            + entries.filter { $0.requirement.level.needsCoverage && !$0.isCovered }
            .map {
                "  \($0.requirement.id) (\($0.requirement.file)) is MUST-level and has no vector, live check or exemption"
            }
    }
}
