/// The report for people: what ran against what, each problem with its reason (cases failing
/// alike in one block, ADP-123), skips grouped by reason, and the closing line of ADP-122 last.
public enum TextReport {
    public static func render(_ report: RunReport, verbose: Bool = false) -> String {
        var lines: [String] = []
        let version = report.suiteVersion.map { " \($0)" } ?? ""
        lines.append("suite: openhuman-tunnel\(version), \(report.results.count) cases from \(report.vectorsDirectory)")
        if let hello = report.adapter {
            lines.append(
                "adapter: \(printable(hello.name)) \(printable(hello.version)) (\(report.adapterCommand.joined(separator: " ")))"
            )
        }
        let groups = FailureGroups(report.results).groups
        let groupOf = Dictionary(
            groups.enumerated().flatMap { index, group in group.cases.map { ($0.id, index) } }
        ) { first, _ in first }
        var shown = Set<Int>()
        for result in report.results {
            switch result.outcome {
            case .failed, .unexpectedPass:
                guard let index = groupOf[result.id], shown.insert(index).inserted else { continue }
                let group = groups[index]
                lines.append(
                    contentsOf: group.cases.count == 1
                        ? problem(result, links: report.specLinks(result))
                        : groupProblem(group, links: report.specLinks(group.first))
                )
            case .expectedFailure:
                lines.append("XFAIL \(result.id): \(result.expectation?.reason ?? "")")
                if verbose, let message = result.message { lines.append("  \(printable(message))") }
            case .passed:
                if verbose { lines.append("PASS  \(result.id)") }
            case .skipped:
                if verbose { lines.append("SKIP  \(result.id): \(printable(result.message ?? ""))") }
            }
        }
        for entry in report.staleEntries {
            lines.append(
                "STALE \(report.expectedFailuresFile ?? "expected failures"):\(entry.line): \(entry.glob) matches no case of the suite"
            )
        }
        lines.append(contentsOf: skipSummary(report.results))
        for failure in report.runFailures {
            lines.append("ERROR \(printable(failure.message))")
            lines.append(contentsOf: stderrBlock(failure.stderrTail))
        }
        if report.restarts > 0 {
            lines.append(
                "the adapter was restarted \(report.restarts) time\(report.restarts == 1 ? "" : "s") after faults"
            )
        }
        let summary = report.summary
        if summary.expectedFailures > 0 {
            lines.append(
                "\(summary.expectedFailures) expected failure\(summary.expectedFailures == 1 ? "" : "s") (listed in \(report.expectedFailuresFile ?? "the expected-failures file"))"
            )
        }
        lines.append(contentsOf: report.warnings.map { "WARNING \(printable($0))" })
        lines.append(String(format: "time: %.2f s", Double(report.durationNanoseconds) / 1e9))
        lines.append(report.closingLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A failure or unexpected pass: its id and requirements, the message, the vector's comment,
    /// a `spec:` line per requirement linking its anchor in the rendered spec (ADP-81), stderr.
    private static func problem(_ result: CaseResult, links: [(id: String, link: String)]) -> [String] {
        let tag = result.outcome == .unexpectedPass ? "XPASS" : "FAIL "
        let requirements = result.requirements.isEmpty ? "" : " [\(result.requirements.joined(separator: ", "))]"
        var lines = ["\(tag) \(result.id)\(requirements)"]
        if let message = result.message { lines.append("  \(printable(message))") }
        if result.outcome == .failed, !result.comment.isEmpty { lines.append("  vector: \(result.comment)") }
        lines.append(contentsOf: links.map { "  spec: \(printable($0.link))" })
        lines.append(contentsOf: stderrBlock(result.stderrTail, note: result.stderrNote))
        return lines
    }

    /// Several cases failing alike (ADP-123): one block with the count, the requirements and the
    /// expected → actual, every id, then the first case's message, vector comment, links and
    /// stderr (and each other message only where it differs from the first's).
    private static func groupProblem(_ group: FailureGroups.Group, links: [(id: String, link: String)]) -> [String] {
        let requirements = group.requirements.isEmpty ? "" : " [\(group.requirements.joined(separator: ", "))]"
        var lines = ["FAIL  \(group.cases.count) cases\(requirements): \(printable(group.label))"]
        let first = group.first
        for result in group.cases {
            let differs = result.id != first.id && result.message != first.message
            lines.append("  - \(result.id)" + (differs ? ": \(printable(result.message ?? ""))" : ""))
        }
        if let message = first.message { lines.append("  first, \(first.id): \(printable(message))") }
        if !first.comment.isEmpty { lines.append("  vector: \(first.comment)") }
        lines.append(contentsOf: links.map { "  spec: \(printable($0.link))" })
        lines.append(contentsOf: stderrBlock(first.stderrTail, note: first.stderrNote))
        return lines
    }

    private static func stderrBlock(_ tail: [String], note: String? = nil) -> [String] {
        if let note { return ["  \(note)" + (tail.isEmpty ? "" : ":")] + tail.map { "  | " + $0 } }
        guard !tail.isEmpty else { return [] }
        return ["  adapter stderr (last \(tail.count) line\(tail.count == 1 ? "" : "s")):"]
            + tail.map { "  | " + printable($0) }
    }

    /// Text the adapter chose (its name, error codes, messages, stderr) made safe to print on one
    /// line of a terminal or log (ADP-45): control characters, including line breaks and escape
    /// sequences, become `\xNN`; line separators and bidirectional overrides, which can reorder
    /// or hide what a reader sees, become `\u{NNNN}`. An adapter can then neither forge a
    /// summary line nor recolour, move or erase what the report says.
    public static func printable(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F..<0xA0:
                out += "\\x" + hex(scalar.value, digits: 2)
            case 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// "skipped: 40 unsupported by adapter (operation qr-parse)", one line per reason, most frequent first.
    private static func skipSummary(_ results: [CaseResult]) -> [String] {
        var counts: [String: Int] = [:]
        for result in results where result.outcome == .skipped {
            counts[printable(result.message ?? "no reason given"), default: 0] += 1
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "skipped: \($0.value) \($0.key)" }
    }
}
