import ConformanceRunner
import Foundation
import VectorFormat
import VectorGeneration
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every output format parses with a standard reader, and says the same thing: JUnit XML with
/// Foundation's XMLParser, TAP by the grammar TAP 13 and 14 share, JSON with JSONSerialization, text by its last
/// line. The report under test holds every outcome, and text that breaks naive writers: `#` in
/// an id, markup characters, control characters from an adapter's stderr.
final class ReportFormatTests: XCTestCase {
    private func sampleReport() throws -> RunReport {
        let entry = try ExpectedFailures(parsing: "fake/xfail known <bug> & more\nfake/gone-* removed\n").entries
        var xfail = CaseResult(
            id: "fake/xfail",
            operation: "echo",
            requirements: ["ADP-21"],
            comment: "",
            outcome: .expectedFailure,
            message: "expected error replayed, got error auth_failed",
            expected: AdapterResponse.error("replayed").json,
            actual: AdapterResponse.error("auth_failed").json
        )
        xfail.expectation = entry[0]
        var xpass = CaseResult(
            id: "fake/xpass",
            operation: "echo",
            requirements: [],
            comment: "",
            outcome: .unexpectedPass,
            message: "passed, but listed as an expected failure (line 9: flaky)"
        )
        xpass.expectation = ExpectedFailures.Entry(line: 9, glob: try Glob("fake/xpass"), reason: "flaky")
        let results = [
            CaseResult(
                id: "fake/pass",
                operation: "echo",
                requirements: ["ADP-19"],
                comment: "a pass",
                outcome: .passed,
                expected: AdapterResponse.ok(["v": "1"]).json,
                actual: AdapterResponse.ok(["v": "1"]).json,
                durationNanoseconds: 1_500
            ),
            CaseResult(
                id: "fake/fail #1 <&>",
                operation: "echo",
                requirements: ["ADP-19", "FRAME-OPEN-5"],
                comment: "checks \"quotes\"",
                outcome: .failed,
                message: "output member steps[2]: expected error replayed, got {\"plaintext\":\"00\"}",
                expected: AdapterResponse.ok(["steps": [.error("replayed")]]).json,
                actual: AdapterResponse.ok(["steps": [["plaintext": "00"]]]).json
            ),
            CaseResult(
                id: "other/crash",
                operation: "crash",
                requirements: [],
                comment: "",
                outcome: .failed,
                message: "the adapter crashed before answering: killed by signal 11 (SIGSEGV)",
                fault: "crash",
                stderrTail: ["panic: \u{1B}[31mboom\u{1B}[0m \u{07}", "<stack> & \"trace\" \u{7F}"]
            ),
            CaseResult(
                id: "other/skip",
                operation: "qr-parse",
                requirements: [],
                comment: "",
                outcome: .skipped,
                message: "unsupported by adapter (operation qr-parse)"
            ),
            xfail,
            xpass,
        ]
        return RunReport(
            suiteVersion: "2.0.0",
            vectorsDirectory: "vectors",
            adapterCommand: ["./adapter", "--x"],
            adapter: AdapterHello(name: "fake", version: "1.0", operations: ["echo"], policies: ["replayMemory": 128]),
            results: results,
            staleEntries: [entry[1]],
            expectedFailuresFile: "known.txt",
            restarts: 1,
            durationNanoseconds: 1_234_000_000
        )
    }

    func testSummaryCountsEveryOutcome() throws {
        let summary = try sampleReport().summary
        XCTAssertEqual(summary.passed, 1)
        XCTAssertEqual(summary.failed, 4, "two failures, one unexpected pass, one stale entry")
        XCTAssertEqual(summary.skipped, 1)
        XCTAssertEqual(summary.expectedFailures, 1)
        XCTAssertEqual(summary.line, "1 passed, 4 failed, 1 skipped")
        XCTAssertEqual(try sampleReport().exitStatus, .failures)
    }

    func testTextEndsWithTheSummaryAloneOnTheLastLine() throws {
        let text = TextReport.render(try sampleReport())
        XCTAssertTrue(text.hasSuffix("\n1 passed, 4 failed, 1 skipped\n"), text)
        XCTAssertTrue(text.contains("FAIL  fake/fail #1 <&> [ADP-19, FRAME-OPEN-5]\n  output member steps[2]"), text)
        XCTAssertTrue(text.contains("XFAIL fake/xfail: known <bug> & more\n"), text)
        XCTAssertTrue(text.contains("STALE known.txt:2: fake/gone-* matches no case of the suite\n"), text)
        XCTAssertTrue(text.contains("skipped: 1 unsupported by adapter (operation qr-parse)\n"), text)
        XCTAssertTrue(text.contains("1 expected failure (listed in known.txt)\n"), text)
    }

    func testJUnitParsesAndCountsMatch() throws {
        let xml = JUnitReport.render(try sampleReport())
        let collector = XMLCollector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "JUnit XML does not parse: \(parser.parserError.map { "\($0)" } ?? "")\n\(xml)")
        XCTAssertEqual(collector.count("testsuites"), 1)
        XCTAssertEqual(collector.count("testsuite"), 3, "fake, other, expected-failures")
        XCTAssertEqual(collector.count("testcase"), 7, "six results and one stale entry")
        XCTAssertEqual(collector.count("failure"), 4)
        XCTAssertEqual(collector.count("skipped"), 2, "one skip and one expected failure")
        let root = collector.attributes("testsuites")[0]
        XCTAssertEqual(root["tests"], "7")
        XCTAssertEqual(root["failures"], "4")
        XCTAssertEqual(root["time"], "1.234000")
        XCTAssertTrue(collector.attributes("testcase").contains { $0["name"] == "fake/fail #1 <&>" })
        XCTAssertTrue(
            collector.text.contains("panic: \u{FFFD}[31mboom"),
            "control characters are replaced, not dropped"
        )
        XCTAssertTrue(collector.attributes("failure").contains { $0["type"] == "crash" })
        XCTAssertTrue(collector.attributes("failure").contains { $0["type"] == "unexpected-pass" })
    }

    // REQ: ADP-47
    func testTAPIsTheSubsetOfVersion14ThatDeclaresVersion13() throws {
        let tap = TAPReport.render(try sampleReport())
        let lines = tap.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "TAP version 13")
        XCTAssertEqual(lines[1], "1..7")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        XCTAssertEqual(points.count, 7, "the plan matches the test points")
        for (index, point) in points.enumerated() {
            let number = point.hasPrefix("ok ") ? point.dropFirst(3) : point.dropFirst(7)
            XCTAssertTrue(number.hasPrefix("\(index + 1) - "), "test points are numbered in order: \(point)")
        }
        XCTAssertEqual(points[0], "ok 1 - fake/pass")
        XCTAssertEqual(points[1], ##"not ok 2 - fake/fail \#1 <&>"##, "a # in a description is escaped")
        XCTAssertEqual(points[3], "ok 4 - other/skip # SKIP unsupported by adapter (operation qr-parse)")
        XCTAssertEqual(points[4], "not ok 5 - fake/xfail # TODO known <bug> & more")
        XCTAssertEqual(points[5], "not ok 6 - fake/xpass")
        XCTAssertEqual(points[6], "not ok 7 - expected-failures line 2: fake/gone-*")
        XCTAssertEqual(lines.last(where: { !$0.isEmpty }), "# 1 passed, 4 failed, 1 skipped")
        try assertYAMLBlocksAreWellFormed(lines)
    }

    /// Every `not ok` point is followed by a block indented two spaces, from `---` to `...`,
    /// whose lines are `key: value` or list items, and every quoted value is a valid string.
    private func assertYAMLBlocksAreWellFormed(_ lines: [String]) throws {
        var index = 0
        var blocks = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].hasPrefix("not ok ") else { continue }
            XCTAssertEqual(lines[index + 1], "  ---", "a diagnostic block follows \(lines[index])")
            index += 2
            while lines[index] != "  ..." {
                let line = lines[index]
                XCTAssertTrue(line.hasPrefix("  "), "block lines are indented: \(line)")
                if let colon = line.range(of: ": "), line.hasPrefix("  ") && !line.hasPrefix("    ") {
                    let value = String(line[colon.upperBound...])
                    if value.hasPrefix("\"") {
                        XCTAssertNoThrow(try JSONReader.value(Array(value.utf8)), "not a valid quoted scalar: \(value)")
                        XCTAssertFalse(value.contains("\u{7F}"), "DEL is not allowed raw in YAML")
                    }
                } else if line.hasPrefix("    - ") {
                    XCTAssertNoThrow(try JSONReader.value(Array(line.dropFirst(6).utf8)))
                } else {
                    XCTAssertTrue(line.hasSuffix(":"), "unexpected block line: \(line)")
                }
                index += 1
            }
            blocks += 1
        }
        XCTAssertEqual(blocks, 5)
    }

    func testJSONReportParsesWithEveryResult() throws {
        let text = JSONReport.render(try sampleReport())
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(root["suiteVersion"] as? String, "2.0.0")
        let summary = try XCTUnwrap(root["summary"] as? [String: Any])
        XCTAssertEqual(summary["failed"] as? Int, 4)
        XCTAssertEqual(summary["expectedFailures"] as? Int, 1)
        XCTAssertEqual(summary["exitStatus"] as? Int, 1)
        let results = try XCTUnwrap(root["results"] as? [[String: Any]])
        XCTAssertEqual(
            results.map { $0["outcome"] as? String },
            ["passed", "failed", "failed", "skipped", "expected-failure", "unexpected-pass"]
        )
        XCTAssertEqual((results[1]["expected"] as? [String: Any])?["ok"] as? Bool, true)
        XCTAssertEqual(
            (results[1]["actual"] as? [String: Any])?["output"] as? NSDictionary,
            ["steps": [["plaintext": "00"]]]
        )
        XCTAssertEqual(
            results[2]["stderr"] as? [String],
            ["panic: \u{1B}[31mboom\u{1B}[0m \u{07}", "<stack> & \"trace\" \u{7F}"]
        )
        XCTAssertEqual((results[4]["expectedFailure"] as? [String: Any])?["reason"] as? String, "known <bug> & more")
        XCTAssertEqual((root["adapter"] as? [String: Any])?["command"] as? [String], ["./adapter", "--x"])
        XCTAssertEqual((root["staleEntries"] as? [[String: Any]])?.first?["glob"] as? String, "fake/gone-*")
    }

    func testReportOfAnAdapterThatCouldNotStartStillParses() throws {
        let report = RunReport(
            suiteVersion: "2.0.0",
            vectorsDirectory: "v",
            adapterCommand: ["x"],
            adapter: nil,
            results: [],
            adapterUnavailable: AdapterIncident(fault: .unavailable(reason: "hello failed"), stderrTail: ["oops"])
        )
        XCTAssertEqual(report.exitStatus, .adapterUnavailable)
        XCTAssertTrue(XMLParser(data: Data(JUnitReport.render(report).utf8)).parse())
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(JSONReport.render(report).utf8)))
        XCTAssertTrue(TAPReport.render(report).hasPrefix("TAP version 13\n1..1\nnot ok 1 - run: adapter-unavailable\n"))
    }
}

/// Counts elements, keeps their attributes and the character data.
private final class XMLCollector: NSObject, XMLParserDelegate {
    private var elements: [(String, [String: String])] = []
    var text = ""

    func count(_ name: String) -> Int { elements.filter { $0.0 == name }.count }
    func attributes(_ name: String) -> [[String: String]] { elements.filter { $0.0 == name }.map(\.1) }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
