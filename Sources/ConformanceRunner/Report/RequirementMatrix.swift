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

    /// Rows in id order (`precedes`).
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

    /// Id order, part by part between the `-`: numbers as numbers and before words, a shorter id
    /// before the ids it prefixes (`ACK-4`, `ACK-4-1`, `ACK-5`; `CHAN-9`, `CHAN-KEY-1`).
    static func precedes(_ a: String, _ b: String) -> Bool {
        let partsA = a.split(separator: "-", omittingEmptySubsequences: false)
        let partsB = b.split(separator: "-", omittingEmptySubsequences: false)
        for (x, y) in zip(partsA, partsB) where x != y {
            switch (Int(x), Int(y)) {
            case let (m?, n?): return m < n
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return x < y
            }
        }
        return partsA.count != partsB.count ? partsA.count < partsB.count : a < b
    }
}
