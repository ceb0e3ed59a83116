import VectorFormat

/// JUnit XML, the form most CI systems display: one `<testsuite>` per area (the first segment of
/// the id), one `<testcase>` per case. Failures and unexpected passes carry `<failure>`; skips and
/// expected failures carry `<skipped>` (JUnit has no expected-failure element; the message says
/// which it is). Stale expected-failures entries appear as failing cases of a suite named
/// `expected-failures`, and run-level failures (the adapter could not be driven, no case ran) as
/// failing cases of a suite named `run` (ADP-40). Warnings are `warning` properties.
public enum JUnitReport {
    public static func render(_ report: RunReport) -> String {
        var areas: [String] = []
        var byArea: [String: [CaseResult]] = [:]
        for result in report.results {
            if byArea[result.area] == nil { areas.append(result.area) }
            byArea[result.area, default: []].append(result)
        }
        let summary = report.summary
        let runFailures = report.runFailures
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out +=
            "<testsuites name=\"\(attribute(suiteName(report)))\" tests=\"\(report.results.count + report.staleEntries.count + runFailures.count)\""
        out +=
            " failures=\"\(summary.failed + runFailures.count)\" errors=\"0\" skipped=\"\(summary.skipped + summary.expectedFailures)\""
        out += " time=\"\(seconds(report.durationNanoseconds))\">\n"
        if !runFailures.isEmpty || !report.warnings.isEmpty {
            out +=
                "  <testsuite name=\"run\" tests=\"\(runFailures.count)\" failures=\"\(runFailures.count)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            out += properties(report)
            for failure in runFailures {
                out += "    <testcase classname=\"run\" name=\"\(attribute(failure.kind))\" time=\"0\">\n"
                var body = [failure.message, "exit status: \(failure.status.rawValue)"]
                if !failure.stderrTail.isEmpty {
                    body.append("adapter stderr (last \(failure.stderrTail.count) lines):")
                    body.append(contentsOf: failure.stderrTail.map { "| " + $0 })
                }
                out += "      <failure message=\"\(attribute(failure.message))\" type=\"\(attribute(failure.kind))\">"
                out += text(body.joined(separator: "\n")) + "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        for area in areas {
            out += testsuite(area, byArea[area]!, report: report)
        }
        if !report.staleEntries.isEmpty {
            out +=
                "  <testsuite name=\"expected-failures\" tests=\"\(report.staleEntries.count)\" failures=\"\(report.staleEntries.count)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            for entry in report.staleEntries {
                out +=
                    "    <testcase classname=\"expected-failures\" name=\"\(attribute("line \(entry.line): \(entry.glob)"))\" time=\"0\">\n"
                out += "      <failure message=\"\(attribute(RunReport.staleMessage(entry)))\" type=\"stale-entry\"/>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private static func suiteName(_ report: RunReport) -> String {
        let adapter = report.adapter.map { " against \($0.name) \($0.version)" } ?? ""
        return "openhuman-tunnel \(report.suiteVersion ?? "")\(adapter)"
    }

    private static func testsuite(_ area: String, _ results: [CaseResult], report: RunReport) -> String {
        let failures = results.filter { $0.outcome.failsRun }.count
        let skipped = results.filter { $0.outcome == .skipped || $0.outcome == .expectedFailure }.count
        let time = results.reduce(UInt64(0)) { $0 + $1.durationNanoseconds }
        var out = "  <testsuite name=\"\(attribute(area))\" tests=\"\(results.count)\" failures=\"\(failures)\""
        out += " errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(time))\">\n"
        out += properties(report)
        for result in results {
            out +=
                "    <testcase classname=\"\(attribute(area))\" name=\"\(attribute(result.id))\" time=\"\(seconds(result.durationNanoseconds))\">\n"
            switch result.outcome {
            case .passed:
                break
            case .skipped:
                out += "      <skipped message=\"\(attribute(result.message ?? ""))\"/>\n"
            case .expectedFailure:
                let reason = "expected failure: \(result.expectation?.reason ?? "")"
                out +=
                    "      <skipped message=\"\(attribute(reason))\">\(text(details(result, links: report.specLinks(result))))</skipped>\n"
            case .failed, .unexpectedPass:
                let kind = result.outcome == .unexpectedPass ? "unexpected-pass" : (result.fault ?? "mismatch")
                out += "      <failure message=\"\(attribute(result.message ?? "failed"))\" type=\"\(kind)\">"
                out += text(details(result, links: report.specLinks(result))) + "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        return out + "  </testsuite>\n"
    }

    /// The adapter, its command and the warnings, as `<properties>` of a testsuite.
    private static func properties(_ report: RunReport) -> String {
        var members: [(String, String)] = []
        if let hello = report.adapter {
            members.append(("adapter", "\(hello.name) \(hello.version)"))
            members.append(("command", report.adapterCommand.joined(separator: " ")))
        }
        members += report.warnings.map { ("warning", $0) }
        guard !members.isEmpty else { return "" }
        return "    <properties>\n"
            + members.map { "      <property name=\"\($0.0)\" value=\"\(attribute($0.1))\"/>\n" }.joined()
            + "    </properties>\n"
    }

    /// The failure body: requirements and a `spec:` line per requirement linking its anchor in the
    /// rendered spec (ADP-81), comment, expected and actual, stderr.
    private static func details(_ result: CaseResult, links: [(id: String, link: String)]) -> String {
        var lines: [String] = []
        if let message = result.message { lines.append(message) }
        lines.append("operation: \(result.operation)")
        if !result.requirements.isEmpty { lines.append("requirements: \(result.requirements.joined(separator: ", "))") }
        lines.append(contentsOf: links.map { "spec: \($0.link)" })
        if !result.comment.isEmpty { lines.append("vector: \(result.comment)") }
        if let expected = result.expected { lines.append("expected: \(JSONWriter.compactString(expected))") }
        if let actual = result.actual { lines.append("actual: \(JSONWriter.compactString(actual))") }
        if let note = result.stderrNote { lines.append(note + (result.stderrTail.isEmpty ? "" : ":")) }
        if !result.stderrTail.isEmpty {
            if result.stderrNote == nil { lines.append("adapter stderr (last \(result.stderrTail.count) lines):") }
            lines.append(contentsOf: result.stderrTail.map { "| " + $0 })
        }
        return lines.joined(separator: "\n")
    }

    private static func seconds(_ nanoseconds: UInt64) -> String {
        let micro = nanoseconds / 1_000
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// Character data: markup escaped, and characters XML 1.0 forbids (most C0 controls, which an
    /// adapter's stderr may well contain) replaced, so the document always parses.
    static func text(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func attribute(_ value: String) -> String {
        text(value).replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
            .replacingOccurrences(of: "\r", with: "&#13;")
    }
}
