import Foundation
import VectorFormat

/// Which vectors, live checks and exemptions cover each requirement of the spec, and what is
/// wrong with the coverage: MUST-level requirements with nothing, citations of ids the spec
/// does not define, exemptions or live checks for unknown ids.
public struct CoverageReport: Sendable {
    public struct Entry: Sendable {
        public let requirement: Requirement
        /// Vector ids citing the requirement, grouped by file area, in suite order.
        public let vectors: [(area: String, ids: [String])]
        public let liveChecks: [String]
        public let exemption: String?

        public var vectorCount: Int { vectors.reduce(0) { $0 + $1.ids.count } }
        public var isCovered: Bool { vectorCount > 0 || !liveChecks.isEmpty || exemption != nil }
    }

    public let entries: [Entry]
    /// The boundary catalogue the report was checked against (spec/coverage.md lists it).
    public let boundaries: [BoundaryField]
    /// Problems that make the coverage check fail, one line each.
    public let problems: [String]

    public init(
        requirements: [Requirement],
        files: [VectorFile],
        liveChecks: [LiveCheck] = LiveCheck.catalog,
        exemptions: [CoverageExemption] = CoverageCatalog.exemptions,
        boundaries: [BoundaryField] = []
    ) {
        let defined = Set(requirements.map(\.id))
        var problems: [String] = []
        var citations: [String: [(String, [String])]] = [:]
        for file in files {
            var byRequirement: [String: [String]] = [:]
            for vector in file.vectors {
                for id in vector.requirements {
                    byRequirement[id, default: []].append(vector.id)
                    if !defined.contains(id) {
                        problems.append("\(vector.id) cites \(id), which no spec chapter defines")
                    }
                }
            }
            for (id, vectorIDs) in byRequirement { citations[id, default: []].append((file.area, vectorIDs)) }
        }
        var live: [String: [String]] = [:]
        for check in liveChecks {
            for id in check.requirements {
                live[id, default: []].append(check.id)
                if !defined.contains(id) { problems.append("\(check.id) cites \(id), which no spec chapter defines") }
            }
        }
        var exempt: [String: String] = [:]
        for exemption in exemptions {
            exempt[exemption.requirement] = exemption.reason
            if !defined.contains(exemption.requirement) {
                problems.append("the exemption of \(exemption.requirement) names an id no spec chapter defines")
            }
        }
        entries = requirements.map { requirement in
            Entry(
                requirement: requirement,
                vectors: citations[requirement.id] ?? [],
                liveChecks: live[requirement.id] ?? [],
                exemption: exempt[requirement.id]
            )
        }
        for entry in entries where entry.requirement.level.needsCoverage && !entry.isCovered {
            problems.append(
                "\(entry.requirement.id) (\(entry.requirement.file)) is MUST-level and has no vector, live check or exemption"
            )
        }
        for entry in entries where entry.requirement.level == .none {
            problems.append("\(entry.requirement.id) (\(entry.requirement.file)) has no RFC 2119 keyword")
        }
        self.boundaries = boundaries
        problems += BoundaryCatalog.problems(
            boundaries,
            vectorIDs: Set(files.flatMap { $0.vectors.map(\.id) }),
            liveCheckIDs: Set(liveChecks.map(\.id)),
            requirementIDs: defined
        )
        self.problems = problems.sorted()
    }

    /// The MUST-level requirements with no coverage at all.
    public var uncovered: [String] {
        entries.filter { $0.requirement.level.needsCoverage && !$0.isCovered }.map(\.requirement.id)
    }
}
