import VectorFormat

/// The failing cases of a run grouped by the requirements they cite and by what was expected
/// against what came (ADP-123), for the reports people read (text, HTML): forty vectors failing
/// of one bug are one block that lists the forty ids, not forty blocks. The machine formats
/// (TAP, JUnit, JSON) keep one entry per case.
public struct FailureGroups: Sendable {
    /// Cases with the same requirements and the same expected → actual, in the order of the run.
    public struct Group: Sendable {
        public var requirements: [String]
        /// `expected error frame_too_short, got error auth_failed`, `expected success, got a crash`.
        public var label: String
        public var cases: [CaseResult]

        /// The case the block shows in full: the first of the group.
        public var first: CaseResult { cases[0] }
    }

    public var groups: [Group]

    /// Groups the failing cases (failures and unexpected passes) of `results`; a group's position
    /// is that of its first case. Unexpected passes are each a group of their own: each names
    /// its own expected-failures entry.
    public init(_ results: [CaseResult]) {
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for result in results where result.outcome.failsRun {
            let label = Self.label(result)
            let key =
                result.outcome == .unexpectedPass
                ? "xpass\u{0}\(result.id)" : "\(result.requirements.joined(separator: ","))\u{0}\(label)"
            if let position = index[key] {
                groups[position].cases.append(result)
            } else {
                index[key] = groups.count
                groups.append(Group(requirements: result.requirements, label: label, cases: [result]))
            }
        }
        self.groups = groups
    }

    /// `error <code>` for a response form `{"ok":false,"error":code}`, nil otherwise.
    private static func side(_ value: JSONValue?) -> String? {
        guard case .object(let members)? = value, members["ok"] == .bool(false) else { return nil }
        return "error \(members["error"]?.stringValue ?? "?")"
    }

    /// What was expected against what came, without the values that differ from case to case.
    static func label(_ result: CaseResult) -> String {
        if result.outcome == .unexpectedPass { return "passed, but listed as an expected failure" }
        let expected = side(result.expected) ?? "success"
        let actual: String
        if let fault = result.fault {
            actual = "an adapter fault (\(fault))"
        } else if case .object(let members)? = result.actual {
            if let code = side(result.actual) {
                actual = code
            } else if let path = ResponseComparison.internalFailure(in: .ok(members["output"] ?? .null)) {
                actual = "error \(ResponseComparison.internalError) at \(path)"
            } else {
                actual = expected == "success" ? "a different output" : "success"
            }
        } else {
            // A case the runner judged without keeping one answer (the accumulated vectors).
            actual = expected == "success" ? "a different output" : "no answer"
        }
        return "expected \(expected), got \(actual)"
    }
}
