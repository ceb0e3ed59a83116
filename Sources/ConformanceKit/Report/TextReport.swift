/// The report for people: what ran against what, each problem with its reason, skips grouped by
/// reason, and the closing line `N passed, N failed, N skipped` alone on the last line.
public enum TextReport {
    public static func render(_ report: RunReport, verbose: Bool = false) -> String {
        var lines: [String] = []
        let version = report.suiteVersion.map { " \($0)" } ?? ""
        lines.append("suite: openhuman-tunnel\(version), \(report.results.count) cases from \(report.vectorsDirectory)")
        if let hello = report.adapter {
            lines.append("adapter: \(hello.name) \(hello.version) (\(report.adapterCommand.joined(separator: " ")))")
        }
        for result in report.results {
            switch result.outcome {
            case .failed, .unexpectedPass:
                lines.append(contentsOf: problem(result))
            case .expectedFailure:
                lines.append("XFAIL \(result.id): \(result.expectation?.reason ?? "")")
                if verbose, let message = result.message { lines.append("  \(message)") }
            case .passed:
                if verbose { lines.append("PASS  \(result.id)") }
            case .skipped:
                if verbose { lines.append("SKIP  \(result.id): \(result.message ?? "")") }
            }
        }
        for entry in report.staleEntries {
            lines.append("STALE \(report.expectedFailuresFile ?? "expected failures"):\(entry.line): \(entry.glob) matches no case of the suite")
        }
        lines.append(contentsOf: skipSummary(report.results))
        if let incident = report.adapterUnavailable {
            lines.append("ERROR \(incident.fault.description); the run is incomplete")
            lines.append(contentsOf: stderrBlock(incident.stderrTail))
        }
        if report.restarts > 0 {
            lines.append("the adapter was restarted \(report.restarts) time\(report.restarts == 1 ? "" : "s") after faults")
        }
        let summary = report.summary
        if summary.expectedFailures > 0 {
            lines.append("\(summary.expectedFailures) expected failure\(summary.expectedFailures == 1 ? "" : "s") (listed in \(report.expectedFailuresFile ?? "the expected-failures file"))")
        }
        lines.append(String(format: "time: %.2f s", Double(report.durationNanoseconds) / 1e9))
        lines.append(summary.line)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func problem(_ result: CaseResult) -> [String] {
        let tag = result.outcome == .unexpectedPass ? "XPASS" : "FAIL "
        let requirements = result.requirements.isEmpty ? "" : " [\(result.requirements.joined(separator: ", "))]"
        var lines = ["\(tag) \(result.id)\(requirements)"]
        if let message = result.message { lines.append("  \(message)") }
        if result.outcome == .failed, !result.comment.isEmpty { lines.append("  vector: \(result.comment)") }
        lines.append(contentsOf: stderrBlock(result.stderrTail, note: result.stderrNote))
        return lines
    }

    private static func stderrBlock(_ tail: [String], note: String? = nil) -> [String] {
        if let note { return ["  \(note)" + (tail.isEmpty ? "" : ":")] + tail.map { "  | " + $0 } }
        guard !tail.isEmpty else { return [] }
        return ["  adapter stderr (last \(tail.count) line\(tail.count == 1 ? "" : "s")):"] + tail.map { "  | " + $0 }
    }

    /// "skipped: 40 unsupported by adapter (operation qr-parse)", one line per reason, most frequent first.
    private static func skipSummary(_ results: [CaseResult]) -> [String] {
        var counts: [String: Int] = [:]
        for result in results where result.outcome == .skipped {
            counts[result.message ?? "no reason given", default: 0] += 1
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "skipped: \($0.value) \($0.key)" }
    }
}
