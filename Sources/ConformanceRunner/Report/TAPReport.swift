import VectorFormat

/// TAP: one test point per case, `# SKIP` for skipped cases, `# TODO` for expected failures (a
/// TAP consumer does not count a failing TODO point as a failure), a YAML diagnostic block under
/// every failure, one failing point per stale expected-failures entry and one per run-level
/// failure (ADP-40), so that a TAP consumer fails the run exactly when `conformance` does.
///
/// The stream declares `TAP version 13` and uses only what TAP 13 and TAP 14 share (ADP-47):
/// the harness of Debian 12 (Test::Harness 3.44, `prove`) refuses any version above 13 as a
/// parse error and fails the whole file, while the TAP 14 specification has TAP 14 harnesses
/// interpret TAP 13 output. Nothing of TAP 14 is given up: it formalises the conventions used
/// here (two-space YAML blocks, plans from 1, the `\#` and `\\` escapes, which Test::Harness
/// 3.44 implements too), and its additions, subtests and pragmas, are not used.
public enum TAPReport {
    /// The version line; see the type's documentation for why it is 13.
    public static let versionLine = "TAP version 13"

    /// Long values are cut so a diagnostic block stays readable; the JSON report has them whole.
    static let valueLimit = 4_000

    public static func render(_ report: RunReport) -> String {
        let runFailures = report.runFailures
        var out = versionLine + "\n"
        out += "1..\(report.results.count + report.staleEntries.count + runFailures.count)\n"
        for warning in report.warnings {
            out += "# WARNING \(escape(warning))\n"
        }
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
                out +=
                    "not ok \(number) - \(description) # TODO \(escape(result.expectation?.reason ?? "expected failure"))\n"
                out += diagnostics(result, links: report.specLinks(result))
            case .failed, .unexpectedPass:
                out += "not ok \(number) - \(description)\n"
                out += diagnostics(result, links: report.specLinks(result))
            }
        }
        for entry in report.staleEntries {
            number += 1
            out += "not ok \(number) - \(escape("expected-failures line \(entry.line): \(entry.glob)"))\n"
            out += yamlBlock([("message", yamlString(RunReport.staleMessage(entry)))])
        }
        for failure in runFailures {
            number += 1
            out += "not ok \(number) - \(escape("run: \(failure.kind)"))\n"
            var members = [
                ("message", yamlString(failure.message)), ("severity", yamlString("fail")),
                ("exitStatus", String(failure.status.rawValue)),
            ]
            if !failure.stderrTail.isEmpty {
                members.append(
                    ("stderr", "\n" + failure.stderrTail.map { "    - " + yamlString($0) }.joined(separator: "\n"))
                )
            }
            out += yamlBlock(members)
        }
        out += "# \(report.closingLine)\n"
        return out
    }

    /// A description may not contain an unescaped `#` (it would start a directive), nor a line
    /// break or another control character (it would end the line or forge the next one).
    static func escape(_ text: String) -> String {
        TextReport.printable(
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
        )
    }

    /// The YAML block of a failing or TODO point; `specLinks` are the anchors of its requirements
    /// in the rendered spec (ADP-81), in the order of `requirements`.
    private static func diagnostics(_ result: CaseResult, links: [(id: String, link: String)]) -> String {
        var members: [(String, String)] = []
        if let message = result.message { members.append(("message", yamlString(message))) }
        members.append(("severity", yamlString(result.outcome == .expectedFailure ? "todo" : "fail")))
        members.append(("operation", yamlString(result.operation)))
        members.append(("requirements", "[" + result.requirements.map(yamlString).joined(separator: ", ") + "]"))
        if !links.isEmpty {
            members.append(("specLinks", "[" + links.map { yamlString($0.link) }.joined(separator: ", ") + "]"))
        }
        if let fault = result.fault { members.append(("fault", yamlString(fault))) }
        if let expected = result.expected { members.append(("expected", yamlString(cut(expected)))) }
        if let actual = result.actual { members.append(("actual", yamlString(cut(actual)))) }
        if let note = result.stderrNote { members.append(("stderrNote", yamlString(note))) }
        if !result.stderrTail.isEmpty {
            members.append(
                ("stderr", "\n" + result.stderrTail.map { "    - " + yamlString($0) }.joined(separator: "\n"))
            )
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
