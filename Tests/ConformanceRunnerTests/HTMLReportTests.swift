import ConformanceRunner
import Foundation
import VectorFormat
import VectorGeneration
import XCTest

/// The HTML report (ADP-80): exact structure of what it shows, escaping of everything the
/// adapter chose, run-level failures (ADP-40), determinism for a fixed time, and a real report
/// rendered in headless Chromium.
final class HTMLReportTests: XCTestCase {
    /// The repository's root, three levels above this file.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private static let spec = root.appendingPathComponent("spec").path
    /// 2026-12-01T15:21:12Z.
    private static let time = Date(timeIntervalSince1970: 1_796_138_472)

    private static let hello = AdapterHello(
        name: "acme-tunnel",
        version: "0.9.1",
        operations: ["echo", "x25519"],
        policies: ["replayMemory": 256]
    )

    private func result(
        _ id: String,
        _ outcome: CaseResult.Outcome,
        requirements: [String] = ["ADP-18"],
        message: String? = nil,
        expected: JSONValue? = nil,
        actual: JSONValue? = nil
    ) -> CaseResult {
        CaseResult(
            id: id,
            operation: "echo",
            requirements: requirements,
            comment: "runner self-test",
            outcome: outcome,
            message: message,
            expected: expected,
            actual: actual
        )
    }

    /// Two passes, a mismatch, a skip and an expected failure, against `hello`.
    private func mixedReport(hello: AdapterHello = hello) -> RunReport {
        var expectedFailure = result("fake/known", .expectedFailure, message: "expected \"x\", got \"y\"")
        expectedFailure.expectation = ExpectedFailures.Entry(
            line: 3,
            glob: try! Glob("fake/known"),
            reason: "tracked in #12"
        )
        return RunReport(
            suiteVersion: "2.2.0",
            vectorsDirectory: "vectors",
            adapterCommand: ["./adapter", "--quiet"],
            adapter: hello,
            results: [
                result("fake/a", .passed, requirements: ["ADP-6", "ADP-18"]),
                result("fake/b", .passed, requirements: ["ADP-9"]),
                result(
                    "fake/mismatch",
                    .failed,
                    requirements: ["ADP-10", "ADP-18"],
                    message: "output.value: expected \"x\", got \"other\"",
                    expected: ["ok": true, "output": ["value": "x"]],
                    actual: ["ok": true, "output": ["value": "other"]]
                ),
                result(
                    "fake/qr",
                    .skipped,
                    requirements: ["QR-PARSE-3"],
                    message: "unsupported by adapter (operation qr-parse)"
                ),
                expectedFailure,
            ],
            durationNanoseconds: 1_250_000_000
        )
    }

    /// The report rendered with the repository's spec (or `requirements`), linked as the
    /// runner links it for `--spec-url spec-html` (ADP-81).
    private func render(
        _ report: RunReport,
        requirements: RequirementTexts? = nil,
        time: Date = HTMLReportTests.time
    ) -> String {
        let texts = requirements ?? RequirementTexts.load(specDirectory: Self.spec)
        var linked = report
        linked.requirementLinks = texts.links(base: "spec-html")
        return HTMLReport.render(linked, time: time, requirements: texts)
    }

    /// The text of the element that starts with `opening`, up to the matching `closing`.
    private func element(_ html: String, _ opening: String, closing: String) throws -> String {
        let start = try XCTUnwrap(html.range(of: opening), "no \(opening) in:\n\(html)")
        let end = try XCTUnwrap(
            html.range(of: closing, range: start.upperBound..<html.endIndex),
            "\(opening) not closed"
        )
        return String(html[start.lowerBound..<end.upperBound])
    }

    // REQ: ADP-80
    func testTheSummaryStatesEveryCountAndTheExitStatus() throws {
        let html = render(mixedReport())
        let summary = try element(html, "<section id=\"summary\"", closing: "</section>")
        XCTAssertEqual(
            summary,
            """
            <section id="summary" class="failed" data-exit-status="1" data-failures="1">
            <p class="verdict">2 passed, 1 failed, 1 skipped &middot; exit status 1</p>
            <table class="counts">
            <tr><th>passed</th><td class="pass">2</td></tr>
            <tr><th>failed</th><td class="fail">1</td></tr>
            <tr><th>expected failures</th><td class="xfail">1</td></tr>
            <tr><th>skipped</th><td class="skip">1</td></tr>
            <tr><th>unexpected passes</th><td class="zero">0</td></tr>
            <tr><th>stale expected-failure entries</th><td class="zero">0</td></tr>
            <tr><th>run-level failures</th><td class="zero">0</td></tr>
            </table>
            </section>
            """
        )
        XCTAssertTrue(html.contains("<title>openhuman-tunnel 2.2.0 conformance: FAILED</title>"))
        // Positive control: the same run without its failure is green, with no failures section.
        var passing = mixedReport()
        passing.results.removeAll { $0.outcome == .failed }
        let green = render(passing)
        XCTAssertTrue(
            green.contains(#"<section id="summary" class="passed" data-exit-status="0" data-failures="0">"#),
            green
        )
        XCTAssertTrue(green.contains("<title>openhuman-tunnel 2.2.0 conformance: passed</title>"))
        XCTAssertFalse(green.contains(#"<section id="failures">"#))
    }

    // REQ: ADP-80
    func testTheRunSectionNamesTheAdapterSuiteVersionAndTime() throws {
        let run = try element(render(mixedReport()), "<section id=\"run\">", closing: "</section>")
        for row in [
            "<tr><th>suite</th><td>openhuman-tunnel 2.2.0</td></tr>",
            "<tr><th>time</th><td>2026-12-01T15:21:12Z</td></tr>",
            "<tr><th>duration</th><td>1.25 s</td></tr>",
            "<tr><th>adapter command</th><td><code>./adapter --quiet</code></td></tr>",
            "<tr><th>adapter</th><td><strong>acme-tunnel</strong> 0.9.1 (adapter protocol 1)</td></tr>",
            "<tr><th>operations</th><td><code>echo</code> <code>x25519</code></td></tr>",
            "<tr><th>policies</th><td><code>replayMemory=256</code></td></tr>",
        ] {
            XCTAssertTrue(run.contains(row + "\n"), "missing \(row) in:\n\(run)")
        }
        XCTAssertTrue(run.contains("<tr><th>requirement texts</th><td>from \(Self.spec) ("), run)
    }

    // REQ: ADP-80
    func testAFailureShowsExpectedAndActualSideBySideWithItsRequirementsTextsAndLinks() throws {
        let html = render(mixedReport())
        let failures = try element(html, "<section id=\"failures\">", closing: "</section>")
        XCTAssertTrue(
            failures.hasPrefix(
                "<section id=\"failures\">\n<h2>Failures (1)</h2>\n<div class=\"case failed\" id=\"case-fake/mismatch\">"
            ),
            failures
        )
        let diff = try element(failures, "<table class=\"diff\">", closing: "</table>")
        XCTAssertEqual(
            diff,
            """
            <table class="diff"><tr><th>expected</th><th>actual</th></tr>
            <tr><td><pre>{
              &quot;ok&quot;: true,
              &quot;output&quot;: {
                &quot;value&quot;: &quot;x&quot;
              }
            }</pre></td><td><pre>{
              &quot;ok&quot;: true,
              &quot;output&quot;: {
                &quot;value&quot;: &quot;other&quot;
              }
            }</pre></td></tr>
            </table>
            """
        )
        XCTAssertTrue(
            failures.contains("<p class=\"message\">output.value: expected &quot;x&quot;, got &quot;other&quot;</p>"),
            failures
        )
        // Each cited requirement links its anchor in the rendered spec and quotes its text.
        let texts = RequirementTexts.load(specDirectory: Self.spec)
        let adp18 = try XCTUnwrap(texts.byID["ADP-18"])
        XCTAssertEqual(adp18.file, "kit/04-runner.md")
        XCTAssertEqual(texts.byID["ADP-10"]?.file, "kit/02-adapter-protocol.md")
        XCTAssertTrue(
            failures.contains(
                #"<li><a href="spec-html/kit/04-runner.html#ADP-18">ADP-18</a> <span class="roles">(runner)</span> <span class="requirement">"#
            ),
            failures
        )
        XCTAssertTrue(
            failures.contains(#"<li><a href="spec-html/kit/02-adapter-protocol.html#ADP-10">ADP-10</a>"#),
            failures
        )
        let statement = try XCTUnwrap(adp18.text.components(separatedBy: "**[ADP-18]** *(runner)* ").last)
        XCTAssertTrue(statement.hasPrefix("A runner MUST"), statement)
        let escaped = statement.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
        XCTAssertTrue(
            failures.contains(
                "<span class=\"roles\">(runner)</span> <span class=\"requirement\">\(escaped)</span></li>"
            ),
            "ADP-18's text is missing:\n\(failures)"
        )
        // Positive control: passing cases and the skip are not failures.
        XCTAssertFalse(failures.contains("fake/a"))
        XCTAssertFalse(failures.contains("fake/qr"))
        // The expected failure is listed apart, with its entry.
        let known = try element(html, "<section id=\"expected-failures\">", closing: "</section>")
        XCTAssertTrue(
            known.contains("<p>listed as an expected failure (line 3: <code>fake/known</code>): tracked in #12</p>"),
            known
        )
    }

    // REQ: ADP-80
    func testTheMatrixCountsEachOutcomePerRequirementInIdOrder() throws {
        let matrix = try element(render(mixedReport()), "<table class=\"matrix\">", closing: "</table>")
        let rows = matrix.split(separator: "\n").filter { $0.hasPrefix("<tr class=") }.map(String.init)
        func row(_ id: String, _ file: String?, _ cls: String, _ cells: [(Int, String)]) -> String {
            let name = file.map { "<a href=\"spec-html/\($0).html#\(id)\">\(id)</a>" } ?? id
            return "<tr class=\"\(cls)\" data-requirement=\"\(id)\"><th>\(name)</th>"
                + cells.map { "<td class=\"\($0.0 > 0 ? $0.1 : "zero")\">\($0.0)</td>" }.joined() + "</tr>"
        }
        let kit = "kit/02-adapter-protocol", runner = "kit/04-runner"
        XCTAssertEqual(
            rows,
            [
                row("ADP-6", kit, "ok", [(1, "pass"), (0, "fail"), (0, "xfail"), (0, "skip")]),
                row("ADP-9", kit, "ok", [(1, "pass"), (0, "fail"), (0, "xfail"), (0, "skip")]),
                row("ADP-10", kit, "failed", [(0, "pass"), (1, "fail"), (0, "xfail"), (0, "skip")]),
                row("ADP-18", runner, "failed", [(1, "pass"), (1, "fail"), (1, "xfail"), (0, "skip")]),
                row("QR-PARSE-3", "08-pairing-payload", "ok", [(0, "pass"), (0, "fail"), (0, "xfail"), (1, "skip")]),
            ]
        )
    }

    // REQ: ADP-80
    func testMatrixRowsFollowTheSpecsNumbering() throws {
        let ids = [
            "CHAN-KEY-1", "ACK-5", "ADP-10", "ACK-4-1", "CHAN-9", "ACK-4", "ADP-9", "(none)", "ACK-4-10", "ACK-4-2",
        ]
        let report = RunReport(
            suiteVersion: "2.2.0",
            vectorsDirectory: "v",
            adapterCommand: ["a"],
            adapter: nil,
            results: [result("fake/a", .passed, requirements: ids)]
        )
        let html = render(report)
        let order = ids.compactMap { id in html.range(of: "data-requirement=\"\(id)\"").map { (id, $0.lowerBound) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
        XCTAssertEqual(
            order,
            ["(none)", "ACK-4", "ACK-4-1", "ACK-4-2", "ACK-4-10", "ACK-5", "ADP-9", "ADP-10", "CHAN-9", "CHAN-KEY-1"]
        )
    }

    // REQ: ADP-80
    func testSkipsAreGroupedByReason() throws {
        var report = mixedReport()
        report.results += [
            result("fake/qr2", .skipped, message: "unsupported by adapter (operation qr-parse)"),
            result("fake/p", .skipped, message: "policy replayMemory=128 does not hold"),
        ]
        let skips = try element(render(report), "<section id=\"skips\">", closing: "</section>")
        XCTAssertEqual(
            skips,
            """
            <section id="skips">
            <h2>Skipped, by reason</h2>
            <details><summary><span class="count">2</span> unsupported by adapter (operation qr-parse)</summary>
            <p><code>fake/qr</code> <code>fake/qr2</code></p></details>
            <details><summary><span class="count">1</span> policy replayMemory=128 does not hold</summary>
            <p><code>fake/p</code></p></details>
            </section>
            """
        )
    }

    // REQ: ADP-80, ADP-45
    func testEverythingTheAdapterChoseIsEscaped() throws {
        let hostile = AdapterHello(
            name: "<script>alert(1)</script>",
            version: "\"><img src=x onerror=alert(2)>",
            operations: ["echo", "<b>op</b>"],
            policies: ["<i>p</i>": 128]
        )
        var report = mixedReport(hello: hostile)
        report.results[2].actual = ["ok": false, "error": "<script>alert(3)</script>"]
        report.results[2].message = "error: expected \"x\", got \"<script>alert(3)</script>\"\u{202E}gnp.exe"
        report.results[2].stderrTail = ["</pre><script>alert(4)</script>", "\u{1B}[2J"]
        report.warnings = ["hello names the unknown operation \"<b>op</b>\""]
        let html = render(report)
        // The only markup is the report's own: no element the adapter's text could have opened.
        for tag in ["<script", "<img", "<b>", "<i>", "</pre><script"] {
            XCTAssertFalse(html.contains(tag), "\(tag) reached the document")
        }
        XCTAssertTrue(
            html.contains(
                "<strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong> &quot;&gt;&lt;img src=x onerror=alert(2)&gt;"
            ),
            html
        )
        XCTAssertTrue(html.contains("&quot;error&quot;: &quot;&lt;script&gt;alert(3)&lt;/script&gt;&quot;"), html)
        XCTAssertTrue(
            html.contains("<pre class=\"stderr\">&lt;/pre&gt;&lt;script&gt;alert(4)&lt;/script&gt;\n\\x1b[2J</pre>"),
            html
        )
        XCTAssertTrue(html.contains("\\u{202e}gnp.exe"), "a bidirectional override is shown, not obeyed")
        XCTAssertTrue(html.contains("<code>&lt;i&gt;p&lt;/i&gt;=128</code>"), html)
        XCTAssertTrue(
            html.contains(
                "<li class=\"warn\">hello names the unknown operation &quot;&lt;b&gt;op&lt;/b&gt;&quot;</li>"
            ),
            html
        )
        // Positive control: a plain name is shown as it is.
        XCTAssertTrue(render(mixedReport()).contains("<strong>acme-tunnel</strong> 0.9.1"))
    }

    // REQ: ADP-80, ADP-45
    func testAnErrorCodeFromARealAdapterIsEscaped() throws {
        let vectors = try writeVectors(
            [
                fakeVector(
                    "fake/error",
                    "error",
                    input: ["code": "<script>alert(5)</script>"],
                    expected: ["value": "x"]
                )
            ],
            in: self
        ).path
        let run = htmlRun(["--vectors", vectors, "--no-live"])
        XCTAssertEqual(run.status, .failures)
        XCTAssertFalse(run.html.contains("<script"), run.html)
        XCTAssertTrue(run.html.contains("&lt;script&gt;alert(5)&lt;/script&gt;"), run.html)
    }

    // REQ: ADP-80, ADP-40
    func testAnAdapterThatCannotStartIsARunLevelFailure() throws {
        let vectors = try writeVectors([fakeVector("fake/a"), fakeVector("fake/b")], in: self).path
        let run = htmlRun(["--vectors", vectors, "--adapter", "/bin/true"])
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertTrue(run.html.contains(#"data-exit-status="3" data-failures="1""#), run.html)
        let section = try element(run.html, "<section id=\"run-failures\">", closing: "</section>")
        XCTAssertTrue(
            section.contains(
                "<div class=\"case failed\" data-kind=\"adapter-unavailable\">\n<h3>run: adapter-unavailable</h3>\n"
            ),
            section
        )
        XCTAssertTrue(
            section.contains(
                "the adapter exited with status 0 before answering; the run is incomplete (exit status 3)"
            ),
            section
        )
        XCTAssertTrue(
            run.html.contains(
                "<tr><th>adapter</th><td><span class=\"fail\">did not answer <code>hello</code></span></td></tr>"
            )
        )
        // Positive control: an adapter that runs every case gives no run-level failure.
        let passing = htmlRun([
            "--vectors", vectors, "--no-live", "--adapter", Fixture.misbehavingCommand("--operations", "echo"),
        ])
        XCTAssertEqual(passing.status, .success)
        XCTAssertFalse(passing.html.contains("run-failures"), passing.html)
        XCTAssertTrue(passing.html.contains(#"data-exit-status="0" data-failures="0""#), passing.html)
    }

    // REQ: ADP-80
    func testTheSameRunAndTimeGiveTheSameBytes() throws {
        let first = render(mixedReport())
        XCTAssertEqual(render(mixedReport()), first)
        let later = render(mixedReport(), time: Self.time.addingTimeInterval(61))
        XCTAssertNotEqual(later, first, "the time is part of the report")
        XCTAssertEqual(later.replacingOccurrences(of: "2026-12-01T15:22:13Z", with: "2026-12-01T15:21:12Z"), first)
        XCTAssertEqual(HTMLReport.timestamp(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
    }

    // REQ: ADP-80
    func testTheReportLoadsNothingAndRunsNothing() throws {
        let html = render(mixedReport())
        XCTAssertTrue(
            html.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">"#
            )
        )
        for forbidden in ["<script", "<link", "<img", "<iframe", "src=", "url(", "@import", "http://", "https://"] {
            XCTAssertFalse(html.contains(forbidden), "\(forbidden) in a report that must load nothing")
        }
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        XCTAssertTrue(html.hasSuffix("</body>\n</html>\n"))
    }

    // REQ: ADP-80
    func testAnUnreadableSpecIsStatedAndTheReportIsStillWritten() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-spec-\(UUID().uuidString)").path
        let texts = RequirementTexts.load(specDirectory: missing)
        XCTAssertEqual(texts.problem, "no spec directory at \(missing) (give one with --spec DIR)")
        let html = render(mixedReport(), requirements: texts)
        XCTAssertTrue(
            html.contains(
                "<tr><th>requirement texts</th><td><span class=\"warn\">unavailable: no spec directory at \(missing) (give one with --spec DIR)</span></td></tr>"
            ),
            html
        )
        XCTAssertTrue(html.contains("<li><strong>ADP-18</strong></li>"), html)
        XCTAssertFalse(html.contains("href="), "no chapter is known, so no link is guessed")
        // A spec that breaks the requirement reader's rules is stated too, not a crash.
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("bad-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: broken) }
        try Data("- **[ADP-1]** no role tag MUST\n".utf8).write(to: broken.appendingPathComponent("01-a.md"))
        let refused = RequirementTexts.load(specDirectory: broken.path)
        XCTAssertTrue(
            refused.problem?.hasPrefix(
                "cannot read the spec in \(broken.path): 01-a.md:1: requirement ADP-1 has no role tag"
            ) == true,
            refused.problem ?? "read"
        )
        // Positive control: the repository's spec is read.
        XCTAssertNil(RequirementTexts.load(specDirectory: Self.spec).problem)
    }

    // REQ: ADP-80
    func testFormatHtmlAndSpecAreParsedAndTheSpecDefaultsToBesideTheVectors() throws {
        let options = try RunOptions.parse(["--format", "html", "--output", "r.html", "--spec", "/tmp/s"])
        XCTAssertEqual(options.format, .html)
        XCTAssertEqual(options.effectiveSpecDirectory, "/tmp/s")
        XCTAssertEqual(try RunOptions.parse([]).effectiveSpecDirectory, "spec")
        XCTAssertEqual(
            try RunOptions.parse(["--vectors", "/opt/suite-2.2.0/vectors/"]).effectiveSpecDirectory,
            "/opt/suite-2.2.0/spec"
        )
        XCTAssertEqual(try RunOptions.parse(["--vectors", "../kit/vectors"]).effectiveSpecDirectory, "../kit/spec")
        XCTAssertEqual(CommandRun.run(["--spec", ""]).status, .usage)
        XCTAssertEqual(
            CommandRun.run(["--format", "htm"]).stderr.hasPrefix(
                "conformance: --format must be one of text, tap, junit, json, html (got htm)"
            ),
            true
        )
    }

    // MARK: a real report in headless Chromium

    // REQ: ADP-80
    func testARealReportLoadsInHeadlessChromiumAndShowsItsSummary() throws {
        guard let chromium = try HeadlessChromium.executable() else { return }
        let artifacts = Self.root.appendingPathComponent(".build/artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let page = artifacts.appendingPathComponent("conformance-report.html")
        let screenshot = artifacts.appendingPathComponent("conformance-report.png")
        try? FileManager.default.removeItem(at: screenshot)

        let vectors = try writeVectors(
            [
                fakeVector("fake/a"), fakeVector("fake/b"),
                fakeVector("fake/mismatch", expected: ["value": "other"]),
                fakeVector(
                    "fake/error",
                    "error",
                    input: ["code": "<script>document.title='pwned'</script>"],
                    expected: ["value": "x"]
                ),
                fakeVector("fake/known", expected: ["value": "other"]),
                fakeVector("fake/qr", "qr-parse"),
            ],
            in: self
        ).path
        let known = try writeTemporaryFile("fake/known being fixed\n", in: self)
        let run = htmlRun(
            [
                "--vectors", vectors, "--no-live", "--expected-failures", known, "--output", page.path,
                "--adapter", Fixture.misbehavingCommand("--operations", "echo,error"),
            ],
            output: page.path
        )
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(run.html.contains("2 passed, 2 failed, 1 skipped"), run.html)

        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: profile) }
        let common = HeadlessChromium.commonArguments(profile: profile) + ["--window-size=1280,2000"]
        let shot = try HeadlessChromium.run(
            chromium,
            common + ["--screenshot=\(screenshot.path)", page.absoluteString]
        )
        XCTAssertEqual(shot.status, 0, shot.output)
        let png = try Data(contentsOf: screenshot)
        XCTAssertGreaterThan(png.count, 10_000, "a 1280x2000 screenshot of the report")
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")

        let dom = try HeadlessChromium.run(chromium, common + ["--dump-dom", page.absoluteString])
        XCTAssertEqual(dom.status, 0, dom.output)
        XCTAssertTrue(
            dom.stdout.contains("<p class=\"verdict\">2 passed, 2 failed, 1 skipped · exit status 1</p>"),
            dom.stdout
        )
        XCTAssertTrue(
            dom.stdout.contains(
                "<title>openhuman-tunnel \(VectorFile.currentSuiteVersion) conformance: FAILED</title>"
            ),
            "the adapter's script did not run"
        )
        XCTAssertTrue(dom.stdout.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;"), dom.stdout)
        // Loaded without errors: no page error or console message, nothing refused by the policy.
        XCTAssertFalse(dom.output.contains(":CONSOLE"), dom.output)
        XCTAssertFalse(dom.output.contains("Content Security Policy"), dom.output)
        // Positive control: the same report with an external image in it gets it refused by its
        // policy, and the refusal is seen, so the two checks above can fail.
        let probe = artifacts.appendingPathComponent("conformance-report-probe.html")
        try Data(
            run.html.replacingOccurrences(of: "<body>\n", with: "<body>\n<img src=\"https://example.invalid/x.png\">\n")
                .utf8
        )
        .write(to: probe)
        addTeardownBlock { try? FileManager.default.removeItem(at: probe) }
        let refused = try HeadlessChromium.run(chromium, common + ["--dump-dom", probe.absoluteString])
        XCTAssertTrue(refused.output.contains(":CONSOLE"), refused.output)
        XCTAssertTrue(
            refused.output.contains("violates the following Content Security Policy directive"),
            refused.output
        )
    }

    // MARK: helpers

    private struct HTMLRun {
        var status: ExitStatus
        var html: String
    }

    /// `conformance --format html` with the clock fixed and the repository's spec, its report read
    /// from `output` when given, else from stdout.
    private func htmlRun(_ arguments: [String], output: String? = nil) -> HTMLRun {
        final class Sink: @unchecked Sendable { var text = "" }
        let out = Sink()
        var command = ConformanceCommand(
            referenceAdapter: Fixture.misbehaving(),
            standardOutput: { out.text += $0 },
            standardError: { _ in },
            progressEnabled: false,
            progressLogEnabled: false
        )
        command.clock = { HTMLReportTests.time }
        let status = command.run(arguments + ["--format", "html", "--spec", Self.spec])
        let html = output.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) } ?? out.text
        return HTMLRun(status: status, html: html)
    }
}
