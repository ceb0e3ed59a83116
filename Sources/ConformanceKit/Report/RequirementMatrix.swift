/// How many cases of each outcome every requirement id has: the rows of the HTML report's matrix
/// (ADP-80). A case counts once under each id it cites; cases citing none are counted under
/// `(none)`. Unexpected passes count as failures, since they fail the run.
struct RequirementMatrix {
    struct Row: Equatable {
        var id: String
        var passed = 0
        var failed = 0
        var expectedFailures = 0
        var skipped = 0
    }

    /// Rows in id order, numbers compared as numbers (`ADP-9` before `ADP-10`).
    let rows: [Row]

    static let noRequirement = "(none)"

    init(_ results: [CaseResult]) {
        var byID: [String: Row] = [:]
        for result in results {
            for id in result.requirements.isEmpty ? [Self.noRequirement] : result.requirements {
                var row = byID[id] ?? Row(id: id)
                switch result.outcome {
                case .passed: row.passed += 1
                case .failed, .unexpectedPass: row.failed += 1
                case .expectedFailure: row.expectedFailures += 1
                case .skipped: row.skipped += 1
                }
                byID[id] = row
            }
        }
        rows = byID.values.sorted { Self.precedes($0.id, $1.id) }
    }

    /// `AREA-N` order: the text before the last `-`, then the number after it.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let (areaA, numberA) = split(a), (areaB, numberB) = split(b)
        if areaA != areaB { return areaA < areaB }
        if numberA != numberB { return numberA < numberB }
        return a < b
    }

    private static func split(_ id: String) -> (String, Int) {
        guard let dash = id.lastIndex(of: "-"), let number = Int(id[id.index(after: dash)...]) else { return (id, -1) }
        return (String(id[..<dash]), number)
    }
}
