import ConformanceRunner
import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every report format shows a failure whenever the exit status is not 0 (ADP-40), so a CI that
/// reads only the TAP or JUnit file never sees green for a run that did not pass; and the TAP a
/// real run writes is accepted by Debian 12's `prove` (ADP-47).
final class RunFailureReportTests: XCTestCase {
    private func passingVectors() throws -> String {
        try writeVectors([fakeVector("fake/a"), fakeVector("fake/b")], in: self).path
    }

    /// The report of `arguments` in each format, with the exit status of each run.
    private func reports(_ arguments: [String]) -> [RunOptions.Format: CommandRun] {
        var out: [RunOptions.Format: CommandRun] = [:]
        for format in RunOptions.Format.allCases {
            out[format] = CommandRun.run(arguments + ["--format", format.rawValue])
        }
        return out
    }

    /// Whether each format's report shows at least one failure, read as its consumers read it.
    private func showsFailure(_ report: String, format: RunOptions.Format) throws -> Bool {
        switch format {
        case .text:
            return report.split(separator: "\n").contains { line in
                ["FAIL ", "XPASS ", "STALE ", "ERROR "].contains { line.hasPrefix($0) }
            }
        case .tap:
            return report.split(separator: "\n").contains { $0.hasPrefix("not ok ") && !$0.contains(" # TODO ") }
        case .junit:
            let root = try XCTUnwrap(report.range(of: "<testsuites ").map { report[$0.upperBound...] })
            return !root.prefix(while: { $0 != ">" }).contains(#"failures="0""#)
        case .html:
            // The summary section states the failures (failing cases, stale entries, run-level failures).
            let marker = try XCTUnwrap(report.range(of: #"data-failures=""#), report)
            return !report[marker.upperBound...].hasPrefix("0\"")
        case .json:
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
            let failed = (object["summary"] as? [String: Any])?["failed"] as? Int ?? 0
            return failed > 0 || !((object["runFailures"] as? [Any]) ?? []).isEmpty
        }
    }

    private func assertEveryFormatAgreesWithTheExitStatus(
        _ arguments: [String],
        expected: ExitStatus,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        for (format, run) in reports(arguments) {
            XCTAssertEqual(run.status, expected, "\(format)", file: file, line: line)
            XCTAssertEqual(
                try showsFailure(run.stdout, format: format),
                expected != .success,
                "the \(format) report must show a failure exactly when the exit status is not 0:\n\(run.stdout)",
                file: file,
                line: line
            )
        }
    }

    // REQ: ADP-40
    func testAnAdapterThatCannotStartIsAFailingEntryInEveryFormat() throws {
        let vectors = try passingVectors()
        try assertEveryFormatAgreesWithTheExitStatus(
            ["--vectors", vectors, "--adapter", "/bin/true"],
            expected: .adapterUnavailable
        )
        let tap = CommandRun.run(["--vectors", vectors, "--adapter", "/bin/true", "--format", "tap"]).stdout
        let lines = tap.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(lines.prefix(4)),
            [
                "TAP version 13", "1..1", "not ok 1 - run: adapter-unavailable", "  ---",
            ]
        )
        XCTAssertTrue(
            lines.contains(
                #"  message: "the adapter is unavailable: hello failed: the adapter exited with status 0 before answering; the run is incomplete""#
            ),
            tap
        )
        XCTAssertTrue(lines.contains("  exitStatus: 3"), tap)
        let junit = CommandRun.run(["--vectors", vectors, "--adapter", "/bin/true", "--format", "junit"]).stdout
        XCTAssertTrue(junit.contains(#"tests="1" failures="1""#), junit)
        XCTAssertTrue(junit.contains(#"<testcase classname="run" name="adapter-unavailable" time="0">"#), junit)
        XCTAssertTrue(XMLParser(data: Data(junit.utf8)).parse())
    }

    // REQ: ADP-40
    func testARestartThatFailsMidRunIsAFailingEntryInEveryFormat() throws {
        let vectors = try writeVectors([fakeVector("fake/crash", "crash"), fakeVector("fake/b")], in: self).path
        for format in RunOptions.Format.allCases {
            let marker = FileManager.default.temporaryDirectory.appendingPathComponent(
                "start-once-\(UUID().uuidString)"
            ).path
            addTeardownBlock { try? FileManager.default.removeItem(atPath: marker) }
            let run = CommandRun.run([
                "--vectors", vectors, "--no-live", "--format", format.rawValue,
                "--adapter", Fixture.misbehavingCommand("--start-once", marker),
            ])
            XCTAssertEqual(run.status, .adapterUnavailable)
            XCTAssertTrue(try showsFailure(run.stdout, format: format), "\(format):\n\(run.stdout)")
            XCTAssertTrue(run.stdout.contains("adapter-unavailable") || format == .text, "\(format):\n\(run.stdout)")
        }
    }

    // REQ: ADP-40
    func testARunWhereEverySelectedCaseIsSkippedIsAFailingEntryInEveryFormat() throws {
        let arguments = [
            "--vectors", try passingVectors(), "--no-live", "--adapter",
            Fixture.misbehavingCommand("--operations", "error"),
        ]
        try assertEveryFormatAgreesWithTheExitStatus(arguments, expected: .nothingSelected)
        let tap = CommandRun.run(arguments + ["--format", "tap"]).stdout
        XCTAssertTrue(
            tap.contains(
                "not ok 3 - run: nothing-ran\n  ---\n  message: \"no case ran: all 2 selected cases were skipped\""
            ),
            tap
        )
        let text = CommandRun.run(arguments)
        XCTAssertTrue(text.stdout.contains("ERROR no case ran: all 2 selected cases were skipped\n"), text.stdout)
        XCTAssertEqual(
            text.lastLine,
            "nothing was tested, every selected case was skipped: 0 passed, 0 failed, 2 skipped"
        )
    }

    // REQ: ADP-40
    func testAFailingCaseShowsInEveryFormatAndAPassingRunShowsNone() throws {
        let failing = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/b", expected: ["value": "other"])],
            in: self
        ).path
        try assertEveryFormatAgreesWithTheExitStatus(["--vectors", failing, "--no-live"], expected: .failures)
        // Positive control: a passing run shows no failure anywhere, and has no run-level entry.
        let echoOnly = Fixture.misbehavingCommand("--operations", "echo")
        try assertEveryFormatAgreesWithTheExitStatus(
            ["--vectors", try passingVectors(), "--no-live", "--adapter", echoOnly],
            expected: .success
        )
        let tap = CommandRun.run([
            "--vectors", try passingVectors(), "--no-live", "--format", "tap", "--adapter", echoOnly,
        ]).stdout
        XCTAssertEqual(tap, "TAP version 13\n1..2\nok 1 - fake/a\nok 2 - fake/b\n# 2 passed, 0 failed, 0 skipped\n")
    }

    // REQ: ADP-40
    func testARunLevelFailureAddedByTheRunnerFailsEveryFormat() throws {
        var report = RunReport(
            suiteVersion: "2.2.0",
            vectorsDirectory: "v",
            adapterCommand: ["x"],
            adapter: nil,
            results: [CaseResult(id: "fake/a", operation: "echo", requirements: [], comment: "", outcome: .passed)]
        )
        XCTAssertEqual(report.exitStatus, .success)
        XCTAssertEqual(report.runFailures, [])
        report.additionalFailures = [
            RunFailure(kind: "deadline", message: "the run passed its --deadline", status: .adapterUnavailable)
        ]
        XCTAssertEqual(report.exitStatus, .adapterUnavailable)
        XCTAssertTrue(TAPReport.render(report).contains("1..2\nok 1 - fake/a\nnot ok 2 - run: deadline\n"))
        XCTAssertTrue(JUnitReport.render(report).contains(#"tests="2" failures="1""#))
        XCTAssertTrue(TextReport.render(report).contains("ERROR the run passed its --deadline\n"))
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(JSONReport.render(report).utf8)) as? [String: Any]
        )
        XCTAssertEqual((json["runFailures"] as? [[String: Any]])?.first?["kind"] as? String, "deadline")
        XCTAssertEqual((json["summary"] as? [String: Any])?["exitStatus"] as? Int, 3)
    }
}

/// The TAP of real runs through `prove`, the TAP harness of Debian 12 (Test::Harness 3.44).
final class TAPHarnessTests: XCTestCase {
    /// `prove` on one TAP file; nil when it is not installed (tools/install-deps installs it).
    private func prove(_ tap: String) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prove") else {
            throw XCTSkip("prove is not installed; run tools/install-deps")
        }
        let file = try writeTemporaryFile(tap, in: self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prove")
        // --exec cat: the file is TAP to read, not a test script to run.
        process.arguments = ["--exec", "cat", file]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    // REQ: ADP-47
    func testProveAcceptsAPassingReportWithSkipsAndExpectedFailures() throws {
        let vectors = try writeVectors(
            [
                fakeVector("fake/a #1"), fakeVector("fake/x", expected: ["value": "other"]),
                fakeVector("fake/s", "qr-parse"),
            ],
            in: self
        ).path
        let known = try writeTemporaryFile("fake/x known # difference\n", in: self)
        let run = CommandRun.run([
            "--vectors", vectors, "--no-live", "--format", "tap", "--expected-failures", known,
            "--adapter", Fixture.misbehavingCommand("--operations", "echo"),
        ])
        XCTAssertEqual(run.status, .success)
        let result = try prove(run.stdout)
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("All tests successful."), result.output)
        XCTAssertFalse(result.output.contains("Parse errors"), result.output)
    }

    // REQ: ADP-47, ADP-40
    func testProveFailsAFailingReportAndAnAdapterThatCannotStart() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/b", expected: ["value": "other"])],
            in: self
        ).path
        let failing = CommandRun.run(["--vectors", vectors, "--no-live", "--format", "tap"])
        XCTAssertEqual(failing.status, .failures)
        let failed = try prove(failing.stdout)
        XCTAssertEqual(failed.status, 1, failed.output)
        XCTAssertTrue(failed.output.contains("Failed test:  2"), failed.output)
        XCTAssertFalse(failed.output.contains("Parse errors"), failed.output)

        let unavailable = CommandRun.run(["--vectors", vectors, "--adapter", "/bin/true", "--format", "tap"])
        XCTAssertEqual(unavailable.status, .adapterUnavailable)
        let refused = try prove(unavailable.stdout)
        XCTAssertEqual(refused.status, 1, refused.output)
        XCTAssertTrue(refused.output.contains("Failed test:  1"), refused.output)
    }
}
