import TunnelVectors

/// TAP version 14 (testanything.org/tap-version-14-specification.html): one test point per case,
/// `# SKIP` for skipped cases, `# TODO` for expected failures (a TAP consumer does not count a
/// failing TODO point as a failure), a YAML diagnostic block under every failure, and one
/// failing point per stale expected-failures entry, so that a TAP consumer fails the run
/// exactly when `conformance` does.
public enum TAPReport {
    /// Long values are cut so a diagnostic block stays readable; the JSON report has them whole.
    static let valueLimit = 4_000

    public static func render(_ report: RunReport) -> String {
        var out = "TAP version 14\n"
        out += "1..\(report.results.count + report.staleEntries.count)\n"
        var number = 0
        for result in report.results {
            number += 1
            let description = escape(result.id)
            switch result.outcome {
            case .passed:
                out += "ok \(number) - \(description)\n"
            case .skipped:
                out += "ok \(number) - \(description) # SKIP \(escape(result.message ?? ""))\n"
            case .expectedFailure:
                out += "not ok \(number) - \(description) # TODO \(escape(result.expectation?.reason ?? "expected failure"))\n"
                out += diagnostics(result)
            case .failed, .unexpectedPass:
                out += "not ok \(number) - \(description)\n"
                out += diagnostics(result)
            }
        }
        for entry in report.staleEntries {
            number += 1
            out += "not ok \(number) - \(escape("expected-failures line \(entry.line): \(entry.glob)"))\n"
            out += yamlBlock([("message", yamlString(RunReport.staleMessage(entry)))])
        }
        if let incident = report.adapterUnavailable {
            out += "# \(incident.fault.description)\n"
        }
        out += "# \(report.summary.line)\n"
        return out
    }

    /// A description may not contain an unescaped `#` (it would start a directive).
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
            .replacingOccurrences(of: "\n", with: " ")
    }

    private static func diagnostics(_ result: CaseResult) -> String {
        var members: [(String, String)] = []
        if let message = result.message { members.append(("message", yamlString(message))) }
        members.append(("severity", yamlString(result.outcome == .expectedFailure ? "todo" : "fail")))
        members.append(("operation", yamlString(result.operation)))
        members.append(("requirements", "[" + result.requirements.map(yamlString).joined(separator: ", ") + "]"))
        if let fault = result.fault { members.append(("fault", yamlString(fault))) }
        if let expected = result.expected { members.append(("expected", yamlString(cut(expected)))) }
        if let actual = result.actual { members.append(("actual", yamlString(cut(actual)))) }
        if let note = result.stderrNote { members.append(("stderrNote", yamlString(note))) }
        if !result.stderrTail.isEmpty {
            members.append(("stderr", "\n" + result.stderrTail.map { "    - " + yamlString($0) }.joined(separator: "\n")))
        }
        return yamlBlock(members)
    }

    private static func yamlBlock(_ members: [(String, String)]) -> String {
        var out = "  ---\n"
        for (key, value) in members {
            out += value.hasPrefix("\n") ? "  \(key):\(value)\n" : "  \(key): \(value)\n"
        }
        return out + "  ...\n"
    }

    private static func cut(_ value: JSONValue) -> String {
        let text = JSONWriter.compactString(value)
        return text.count > valueLimit ? String(text.prefix(valueLimit)) + "..." : text
    }

    /// A YAML double-quoted scalar: JSON string syntax, plus DEL escaped, which YAML does not
    /// allow raw.
    static func yamlString(_ text: String) -> String {
        JSONWriter.compactString(.string(text)).replacingOccurrences(of: "\u{7F}", with: "\\u007f")
    }
}
