import Foundation
import VectorFormat

/// The report for people who open a file rather than read a log (ADP-80): one self-contained
/// HTML document (inline styles, no script, no external resource, a Content-Security-Policy
/// that forbids both) with the summary, the adapter's identity, the suite version and the run's
/// time, a matrix of requirements against outcomes, every failure with expected and actual side
/// by side (cases failing alike in one block, ADP-123) and its requirements' texts linked into the rendered spec (ADP-81), run-level failures (ADP-40),
/// skip reasons grouped, and warnings.
///
/// The time is an input, not read here, so the same report and time always give the same bytes.
/// The `summary` section carries `data-exit-status` and `data-failures` (failing cases, stale
/// entries and run-level failures) for tools that read the file.
public enum HTMLReport {
    public static func render(_ report: RunReport, time: Date, requirements: RequirementTexts) -> String {
        let summary = report.summary
        let runFailures = report.runFailures
        let failures = summary.failed + runFailures.count
        let title = "openhuman-tunnel \(report.suiteVersion ?? "") conformance: \(failures == 0 ? "passed" : "FAILED")"
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(HTMLText.text(title))</title>
            <style>\(style)</style>
            </head>
            <body>

            """
        out += "<h1>\(HTMLText.text(title))</h1>\n"
        out += summarySection(report, summary: summary, failures: failures)
        out += runSection(report, time: time, requirements: requirements)
        out += runFailureSection(runFailures)
        out += failureSection(report, requirements: requirements)
        out += matrixSection(report.results, links: report.requirementLinks)
        out += skipSection(report.results)
        out += expectedFailureSection(report, requirements: requirements)
        out += warningSection(report.warnings)
        out += "</body>\n</html>\n"
        return out
    }

    /// Time as `2026-12-01T15:21:12Z`: UTC, to the second.
    public static func timestamp(_ time: Date) -> String {
        var seconds = time_t(time.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    // MARK: sections

    private static func summarySection(_ report: RunReport, summary: RunReport.Summary, failures: Int) -> String {
        let status = report.exitStatus.rawValue
        var out =
            "<section id=\"summary\" class=\"\(failures == 0 ? "passed" : "failed")\" data-exit-status=\"\(status)\" data-failures=\"\(failures)\">\n"
        out += "<p class=\"verdict\">\(HTMLText.text(report.closingLine)) &middot; exit status \(status)</p>\n"
        out += "<table class=\"counts\">\n"
        let rows: [(String, Int, String)] = [
            ("passed", summary.passed, "pass"), ("failed", summary.failed, "fail"),
            ("expected failures", summary.expectedFailures, "xfail"), ("skipped", summary.skipped, "skip"),
            ("unexpected passes", summary.unexpectedPasses, "fail"),
            ("stale expected-failure entries", summary.staleEntries, "fail"),
            ("run-level failures", report.runFailures.count, "fail"),
        ]
        for (name, count, kind) in rows {
            out += "<tr><th>\(name)</th><td class=\"\(count > 0 ? kind : "zero")\">\(count)</td></tr>\n"
        }
        return out + "</table>\n</section>\n"
    }

    private static func runSection(_ report: RunReport, time: Date, requirements: RequirementTexts) -> String {
        var rows: [(String, String)] = [
            ("suite", HTMLText.text("\(VectorFile.suiteName) \(report.suiteVersion ?? "(no version)")")),
            ("vectors", HTMLText.text(report.vectorsDirectory)),
            ("time", HTMLText.text(timestamp(time))),
            ("duration", String(format: "%.2f s", Double(report.durationNanoseconds) / 1e9)),
            ("adapter command", "<code>\(HTMLText.text(report.adapterCommand.joined(separator: " ")))</code>"),
        ]
        if let hello = report.adapter {
            rows.append(
                (
                    "adapter",
                    "<strong>\(HTMLText.text(hello.name))</strong> \(HTMLText.text(hello.version)) (adapter protocol \(hello.protocolVersion))"
                )
            )
            rows.append(
                (
                    "operations",
                    hello.operations.sorted().map { "<code>\(HTMLText.text($0))</code>" }.joined(separator: " ")
                )
            )
            let policies = hello.policies.sorted { $0.key < $1.key }.map {
                "<code>\(HTMLText.text($0.key))=\($0.value)</code>"
            }
            rows.append(("policies", policies.isEmpty ? "none" : policies.joined(separator: " ")))
        } else {
            rows.append(("adapter", "<span class=\"fail\">did not answer <code>hello</code></span>"))
        }
        if report.restarts > 0 { rows.append(("restarts", "\(report.restarts) after faults")) }
        if let file = report.expectedFailuresFile { rows.append(("expected failures", HTMLText.text(file))) }
        if let source = requirements.source {
            rows.append(
                ("requirement texts", "from \(HTMLText.text(source)) (\(requirements.byID.count) requirements)")
            )
        } else {
            rows.append(
                (
                    "requirement texts",
                    "<span class=\"warn\">unavailable: \(HTMLText.text(requirements.problem ?? "not read"))</span>"
                )
            )
        }
        var out = "<section id=\"run\">\n<h2>Run</h2>\n<table class=\"facts\">\n"
        for (name, value) in rows { out += "<tr><th>\(name)</th><td>\(value)</td></tr>\n" }
        return out + "</table>\n</section>\n"
    }

    private static func runFailureSection(_ failures: [RunFailure]) -> String {
        guard !failures.isEmpty else { return "" }
        var out = "<section id=\"run-failures\">\n<h2>Run-level failures</h2>\n"
        for failure in failures {
            out += "<div class=\"case failed\" data-kind=\"\(HTMLText.attribute(failure.kind))\">\n"
            out += "<h3>run: \(HTMLText.text(failure.kind))</h3>\n"
            out += "<p>\(HTMLText.text(failure.message)) (exit status \(failure.status.rawValue))</p>\n"
            out += stderrBlock(failure.stderrTail, note: nil)
            out += "</div>\n"
        }
        return out + "</section>\n"
    }

    private static func failureSection(_ report: RunReport, requirements: RequirementTexts) -> String {
        let failing = report.results.filter { $0.outcome.failsRun }
        guard !failing.isEmpty || !report.staleEntries.isEmpty else { return "" }
        var out = "<section id=\"failures\">\n<h2>Failures (\(failing.count + report.staleEntries.count))</h2>\n"
        for group in FailureGroups(report.results).groups {
            out +=
                group.cases.count == 1
                ? caseBlock(group.first, requirements: requirements, links: report.requirementLinks)
                : groupBlock(group, requirements: requirements, links: report.requirementLinks)
        }
        for entry in report.staleEntries {
            out += "<div class=\"case failed\">\n<h3>stale: \(HTMLText.text("\(entry.glob)"))</h3>\n"
            out += "<p>\(HTMLText.text(RunReport.staleMessage(entry)))</p>\n</div>\n"
        }
        return out + "</section>\n"
    }

    /// Several cases failing alike (ADP-123): the count and expected → actual, every id (each an
    /// anchor `case-<id>`) with its own message, the requirements once, then the first case's
    /// expected and actual side by side.
    private static func groupBlock(
        _ group: FailureGroups.Group,
        requirements: RequirementTexts,
        links: [String: String]
    ) -> String {
        var out = "<div class=\"case failed group\" data-cases=\"\(group.cases.count)\">\n"
        out +=
            "<h3><span class=\"count\">\(group.cases.count) cases</span> <span class=\"label\">\(HTMLText.text(group.label))</span></h3>\n"
        out += "<ul class=\"cases\">\n"
        for result in group.cases {
            out += "<li id=\"case-\(HTMLText.attribute(result.id))\"><code>\(HTMLText.text(result.id))</code>"
            if let message = result.message { out += ": \(HTMLText.text(message))" }
            out += "</li>\n"
        }
        out += "</ul>\n"
        out += requirementList(group.requirements, requirements: requirements, links: links)
        let first = group.first
        out +=
            "<p>first case, <code>\(HTMLText.text(first.id))</code>: operation <code>\(HTMLText.text(first.operation))</code>"
        if !first.comment.isEmpty { out += "; vector: \(HTMLText.text(first.comment))" }
        out += "</p>\n"
        out += diffTable(first)
        out += stderrBlock(first.stderrTail, note: first.stderrNote)
        return out + "</div>\n"
    }

    /// One failing (or expected-failing) case: id, message, requirements with their texts and
    /// links, expected and actual side by side, the adapter's stderr.
    private static func caseBlock(
        _ result: CaseResult,
        requirements: RequirementTexts,
        links: [String: String]
    ) -> String {
        let label: String
        switch result.outcome {
        case .unexpectedPass: label = "unexpected pass"
        case .expectedFailure: label = "expected failure"
        default: label = result.fault.map { "failed (\($0))" } ?? "failed"
        }
        let kind = result.outcome == .expectedFailure ? "xfail" : "failed"
        var out = "<div class=\"case \(kind)\" id=\"case-\(HTMLText.attribute(result.id))\">\n"
        out +=
            "<h3><code>\(HTMLText.text(result.id))</code> <span class=\"label\">\(HTMLText.text(label))</span></h3>\n"
        if let message = result.message { out += "<p class=\"message\">\(HTMLText.text(message))</p>\n" }
        if let expectation = result.expectation {
            out +=
                "<p>listed as an expected failure (line \(expectation.line): <code>\(HTMLText.text("\(expectation.glob)"))</code>): \(HTMLText.text(expectation.reason))</p>\n"
        }
        out += "<p>operation <code>\(HTMLText.text(result.operation))</code>"
        if !result.comment.isEmpty { out += "; vector: \(HTMLText.text(result.comment))" }
        out += "</p>\n"
        out += requirementList(result.requirements, requirements: requirements, links: links)
        out += diffTable(result)
        out += stderrBlock(result.stderrTail, note: result.stderrNote)
        return out + "</div>\n"
    }

    /// Expected and actual side by side, when there is either.
    private static func diffTable(_ result: CaseResult) -> String {
        guard result.expected != nil || result.actual != nil else { return "" }
        var out = "<table class=\"diff\"><tr><th>expected</th><th>actual</th></tr>\n<tr>"
        for value in [result.expected, result.actual] {
            if let value {
                var json = String(decoding: JSONWriter.pretty(value), as: UTF8.self)
                while json.hasSuffix("\n") { json.removeLast() }
                out += "<td><pre>\(HTMLText.lines(json))</pre></td>"
            } else {
                out += "<td><em>no answer</em></td>"
            }
        }
        return out + "</tr>\n</table>\n"
    }

    private static func requirementList(
        _ ids: [String],
        requirements: RequirementTexts,
        links: [String: String]
    ) -> String {
        guard !ids.isEmpty else { return "" }
        var out = "<ul class=\"requirements\">\n"
        for id in ids {
            out += "<li>"
            if let link = links[id] {
                out += "<a href=\"\(HTMLText.attribute(link))\">\(HTMLText.text(id))</a>"
            } else {
                out += "<strong>\(HTMLText.text(id))</strong>"
            }
            if let requirement = requirements.byID[id] {
                let roles = requirement.roles.map(\.rawValue).joined(separator: ", ")
                out += " <span class=\"roles\">(\(HTMLText.text(roles)))</span>"
                out += " <span class=\"requirement\">\(HTMLText.text(statement(requirement)))</span>"
            } else if requirements.source != nil {
                out += " <span class=\"warn\">not a requirement of the spec read</span>"
            }
            out += "</li>\n"
        }
        return out + "</ul>\n"
    }

    /// A requirement's text without its `**[ID]**` marker and `*(roles)*` tag, shown apart.
    private static func statement(_ requirement: Requirement) -> String {
        let marker = "**[\(requirement.id)]**"
        guard let range = requirement.text.range(of: marker) else { return requirement.text }
        var rest = requirement.text[range.upperBound...].drop(while: { $0 == " " })
        if rest.hasPrefix("*("), let close = rest.range(of: ")*") { rest = rest[close.upperBound...] }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    private static func stderrBlock(_ tail: [String], note: String?) -> String {
        guard !tail.isEmpty || note != nil else { return "" }
        var out =
            "<p>\(HTMLText.text(note ?? "adapter stderr (last \(tail.count) line\(tail.count == 1 ? "" : "s"))"))</p>\n"
        if !tail.isEmpty { out += "<pre class=\"stderr\">\(tail.map(HTMLText.text).joined(separator: "\n"))</pre>\n" }
        return out
    }

    private static func matrixSection(_ results: [CaseResult], links: [String: String]) -> String {
        guard !results.isEmpty else { return "" }
        let rows = RequirementMatrix(results)
        var out = "<section id=\"matrix\">\n<h2>Requirements against outcomes</h2>\n"
        out +=
            "<table class=\"matrix\">\n<tr><th>requirement</th><th>pass</th><th>fail</th><th>expected failure</th><th>skip</th></tr>\n"
        for row in rows.rows {
            let name =
                links[row.id].map { "<a href=\"\(HTMLText.attribute($0))\">\(HTMLText.text(row.id))</a>" }
                ?? HTMLText.text(row.id)
            out +=
                "<tr class=\"\(row.failed > 0 ? "failed" : "ok")\" data-requirement=\"\(HTMLText.attribute(row.id))\"><th>\(name)</th>"
            for (count, kind) in [
                (row.passed, "pass"), (row.failed, "fail"), (row.expectedFailures, "xfail"), (row.skipped, "skip"),
            ] {
                out += "<td class=\"\(count > 0 ? kind : "zero")\">\(count)</td>"
            }
            out += "</tr>\n"
        }
        return out
            + "</table>\n<p class=\"note\">A case counts once under each requirement it cites; unexpected passes count as failures.</p>\n</section>\n"
    }

    private static func skipSection(_ results: [CaseResult]) -> String {
        var byReason: [String: [String]] = [:]
        for result in results where result.outcome == .skipped {
            byReason[result.message ?? "no reason given", default: []].append(result.id)
        }
        guard !byReason.isEmpty else { return "" }
        var out = "<section id=\"skips\">\n<h2>Skipped, by reason</h2>\n"
        for (reason, ids) in byReason.sorted(by: {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }) {
            out += "<details><summary><span class=\"count\">\(ids.count)</span> \(HTMLText.text(reason))</summary>\n"
            out += "<p>\(ids.map { "<code>\(HTMLText.text($0))</code>" }.joined(separator: " "))</p></details>\n"
        }
        return out + "</section>\n"
    }

    private static func expectedFailureSection(_ report: RunReport, requirements: RequirementTexts) -> String {
        let expected = report.results.filter { $0.outcome == .expectedFailure }
        guard !expected.isEmpty else { return "" }
        var out =
            "<section id=\"expected-failures\">\n<details><summary><h2>Expected failures (\(expected.count))</h2></summary>\n"
        for result in expected { out += caseBlock(result, requirements: requirements, links: report.requirementLinks) }
        return out + "</details>\n</section>\n"
    }

    private static func warningSection(_ warnings: [String]) -> String {
        guard !warnings.isEmpty else { return "" }
        return "<section id=\"warnings\">\n<h2>Warnings</h2>\n<ul>\n"
            + warnings.map { "<li class=\"warn\">\(HTMLText.text($0))</li>\n" }.joined() + "</ul>\n</section>\n"
    }

    private static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#1d1d1f;background:#fff}
        h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.6em}
        h3{font-size:1em;margin:.2em 0}details>summary h2{display:inline}
        table{border-collapse:collapse}th,td{padding:.25em .7em;text-align:left;vertical-align:top;border:1px solid #ddd}
        .facts th,.counts th{background:#f5f5f7;font-weight:600}
        #summary{padding:.6em 1em;border-radius:6px}#summary.passed{background:#e8f6ec}#summary.failed{background:#fdecec}
        .verdict{font-size:1.25em;font-weight:600;margin:.2em 0 .6em}
        .matrix td{text-align:right;min-width:4em}.matrix tr.failed th{background:#fdecec}
        td.pass{color:#176c2e;font-weight:600}td.fail,.fail{color:#b3261e;font-weight:600}td.xfail{color:#8a5a00;font-weight:600}
        td.skip{color:#555}td.zero{color:#bbb}.warn{color:#8a5a00}
        ul.cases{margin:.3em 0;padding-left:1.2em}.case{border-left:4px solid #b3261e;padding:.4em .9em;margin:1em 0;background:#fcfcfc}.case.xfail{border-color:#c98a00}
        .label{font-weight:normal;color:#b3261e}.xfail .label{color:#8a5a00}
        .diff{width:100%;table-layout:fixed}.diff td{width:50%}
        pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px}
        .stderr{background:#f5f5f7;padding:.4em}.requirement{color:#444}.roles{color:#666;font-style:italic}.note{color:#666;font-size:.9em}
        code{font-size:.92em}.count{display:inline-block;min-width:3em;font-weight:600}
        """
}
