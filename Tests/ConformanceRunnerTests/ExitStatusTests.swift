import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// The documented exit statuses (spec/kit section 2.8, `--help`), each from a real run.
final class ExitStatusTests: XCTestCase {
    private func passingVectors() throws -> String {
        try writeVectors([fakeVector("fake/a"), fakeVector("fake/b")], in: self).path
    }

    func testZeroWhenEveryCaseRanAndPassed() throws {
        let run = CommandRun.run(["--vectors", try passingVectors(), "--no-live"])
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.status.rawValue, 0)
        XCTAssertEqual(run.lastLine, "2 passed, 0 failed, 0 skipped")
    }

    func testOneWhenAVectorFails() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/b", expected: ["value": "other"])],
            in: self
        )
        let run = CommandRun.run(["--vectors", vectors.path, "--no-live"])
        XCTAssertEqual(run.status.rawValue, 1)
        XCTAssertTrue(
            run.stdout.contains("FAIL  fake/b [ADP-18]\n  output member value: expected \"other\", got \"x\""),
            run.stdout
        )
        XCTAssertEqual(run.lastLine, "1 passed, 1 failed, 0 skipped")
    }

    func testOneWhenTheAdapterCrashesOnAVectorButTheRunFinishes() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/crash", "crash"), fakeVector("fake/b")],
            in: self
        )
        let run = CommandRun.run(["--vectors", vectors.path, "--no-live"])
        XCTAssertEqual(run.status.rawValue, 1)
        XCTAssertTrue(
            run.stdout.contains(
                """
                FAIL  fake/crash [ADP-18]
                  the adapter crashed before answering: killed by signal 11 (SIGSEGV)
                """
            ),
            run.stdout
        )
        XCTAssertTrue(run.stdout.contains("  | fake: about to crash on request 3\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("the adapter was restarted 1 time after faults\n"), run.stdout)
        XCTAssertEqual(run.lastLine, "2 passed, 1 failed, 0 skipped")
    }

    func testTwoForAnUnknownOption() {
        let run = CommandRun.run(["--frobnicate"])
        XCTAssertEqual(run.status.rawValue, 2)
        XCTAssertEqual(run.stderr, "conformance: unknown option --frobnicate\nRun 'conformance --help' for usage.\n")
    }

    func testTwoForAnUnknownFormat() {
        XCTAssertEqual(CommandRun.run(["--format", "xml"]).status, .usage)
    }

    func testTwoForAnUnterminatedQuoteInTheAdapterCommand() {
        let run = CommandRun.run(["--adapter", "python3 'adapter.py"])
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.contains("unterminated single quote"), run.stderr)
    }

    func testTwoForAMissingVectorsDirectory() {
        let run = CommandRun.run(["--vectors", "/nonexistent/vectors"])
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix("conformance: cannot read the vectors directory /nonexistent/vectors"),
            run.stderr
        )
    }

    func testTwoForAVectorFileThatIsNotJSON() throws {
        let directory = try writeVectors([fakeVector("fake/a")], manifest: false, in: self)
        try Data("{\"vectors\": [".utf8).write(to: directory.appendingPathComponent("broken.json"))
        let run = CommandRun.run(["--vectors", directory.path, "--no-manifest"])
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(run.stderr, "conformance: broken.json: not JSON: unexpected end of text at byte 13\n")
    }

    func testTwoForAFileThatDoesNotMatchTheManifest() throws {
        let directory = try writeVectors([fakeVector("fake/a")], in: self)
        let manifest = Manifest(files: ["fake.json": String(repeating: "0", count: 64)])
        try CanonicalJSON.encode(manifest).write(to: directory.appendingPathComponent("manifest.json"))
        let run = CommandRun.run(["--vectors", directory.path])
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(
            run.stderr,
            "conformance: fake.json does not match its SHA-256 in manifest.json (modified or damaged)\n"
        )
    }

    func testTwoForDuplicateVectorIDs() throws {
        let run = CommandRun.run([
            "--vectors", try writeVectors([fakeVector("fake/a"), fakeVector("fake/a")], in: self).path,
        ])
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(run.stderr, "conformance: vector id fake/a appears twice\n")
    }

    func testThreeWhenHelloFails() throws {
        let run = CommandRun.run([
            "--vectors", try passingVectors(), "--adapter", Fixture.misbehavingCommand("--hello", "exit"),
        ])
        XCTAssertEqual(run.status.rawValue, 3)
        XCTAssertTrue(
            run.stdout.contains(
                """
                ERROR the adapter is unavailable: hello failed: the adapter exited with status 2 before answering; the run is incomplete
                  adapter stderr (last 1 line):
                  | fake: cannot initialise
                """
            ),
            run.stdout
        )
    }

    func testThreeWhenTheAdapterCannotBeFound() throws {
        let run = CommandRun.run(["--vectors", try passingVectors(), "--adapter", "/nonexistent/adapter --flag"])
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertTrue(run.stdout.contains("adapter executable not found: /nonexistent/adapter"), run.stdout)
    }

    // REQ: ADP-122
    func testTheLastLineSaysNothingWasTestedWhenTheAdapterCannotStart() throws {
        let run = CommandRun.run(["--vectors", try passingVectors(), "--no-live", "--adapter", "/nonexistent/adapter"])
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertEqual(
            run.lastLine,
            "nothing was tested, the adapter could not be driven: 0 passed, 0 failed, 0 skipped"
        )
        // Positive control: a run whose cases ran ends with the counts alone.
        let passing = CommandRun.run(["--vectors", try passingVectors(), "--no-live"])
        XCTAssertEqual(passing.status, .success, passing.stdout)
        XCTAssertEqual(passing.lastLine, "2 passed, 0 failed, 0 skipped")
    }

    func testThreeWhenARestartFails() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("start-once-\(UUID().uuidString)")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: marker) }
        let vectors = try writeVectors([fakeVector("fake/crash", "crash"), fakeVector("fake/b")], in: self)
        let run = CommandRun.run([
            "--vectors", vectors.path, "--no-live",
            "--adapter", Fixture.misbehavingCommand("--start-once", marker),
        ])
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertTrue(
            run.lastLine.hasPrefix("the run is incomplete, the adapter could not be driven to its end: "),
            run.stdout
        )
    }

    func testFourWhenTheFilterSelectsNothing() throws {
        let run = CommandRun.run(["--vectors", try passingVectors(), "--filter", "nothing/*"])
        XCTAssertEqual(run.status.rawValue, 4)
        XCTAssertTrue(run.stderr.hasPrefix("conformance: no case selected (2 vectors in "), run.stderr)
    }

    // REQ: ADP-20
    func testFourWhenEverySelectedCaseIsSkipped() throws {
        let run = CommandRun.run([
            "--vectors", try passingVectors(), "--adapter", Fixture.misbehavingCommand("--operations", "error"),
        ])
        XCTAssertEqual(run.status, .nothingSelected)
        XCTAssertTrue(run.stdout.contains("skipped: 2 unsupported by adapter (operation echo)\n"), run.stdout)
        // The two fake vectors and every live check, each of which needs an operation this adapter lacks.
        XCTAssertEqual(
            run.lastLine,
            "nothing was tested, every selected case was skipped: 0 passed, 0 failed, \(2 + LiveChecks.catalog.count) skipped"
        )
    }

    func testHelpExplainsEveryFlagAndExitsZero() {
        let run = CommandRun.run(["--help"])
        XCTAssertEqual(run.status, .success)
        for flag in [
            "--adapter", "--vectors", "--filter", "--skip", "--list", "--expected-failures", "--format", "--output",
            "--timeout-ms", "--max-in-flight", "--no-live", "--no-manifest", "--slow", "--verbose", "--help", "--spec",
            "--spec-url",
        ] {
            XCTAssertTrue(run.stdout.contains("\n  \(flag)"), "--help does not explain \(flag)")
        }
        for status in ExitStatus.allCases {
            XCTAssertTrue(
                run.stdout.contains("\n  \(status.rawValue)  "),
                "--help does not document exit status \(status.rawValue)"
            )
        }
    }

    /// The help lists its exit statuses in numeric order, the signal statuses last.
    func testHelpListsTheExitStatusesInNumericOrderWithTheSignalStatusesLast() {
        let lines = HelpText.text.components(separatedBy: "\n")
        let codes = lines.compactMap { line -> String? in
            guard line.hasPrefix("  "), let code = line.dropFirst(2).split(separator: " ").first,
                code.first?.isNumber == true, line.dropFirst(2 + code.count).hasPrefix("  ")
            else { return nil }
            return String(code)
        }
        XCTAssertEqual(codes, ["0", "1", "2", "3", "4", "128+N"])
        XCTAssertEqual(HelpText.run.exitStatuses.map(\.code), ["0", "1", "2", "3", "4", "128+N"])
        XCTAssertEqual(HelpText.verify.exitStatuses.map(\.code), ["0", "1", "2"])
    }

    func testListPrintsSelectedIDsWithoutStartingTheAdapter() throws {
        let run = CommandRun.run([
            "--vectors", try passingVectors(), "--list", "--skip", "fake/b", "--filter", "fake/*",
            "--filter", "live/frame-seal/*", "--adapter", "/nonexistent/adapter",
        ])
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.stdout, "fake/a\nlive/frame-seal/fresh-nonces\n")
    }

    func testOutputFileGetsTheFormatAndStdoutTheSummary() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).json")
        addTeardownBlock { try? FileManager.default.removeItem(at: output) }
        let run = CommandRun.run([
            "--vectors", try passingVectors(), "--no-live", "--format", "json", "--output", output.path,
        ])
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.lastLine, "2 passed, 0 failed, 0 skipped")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        XCTAssertEqual((report?["summary"] as? [String: Any])?["passed"] as? Int, 2)
    }
}
