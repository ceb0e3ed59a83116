import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// A report that cannot be delivered is an error the runner reports, never a crash (ADP-41):
/// the real `conformance` executable with stdout a pipe nobody reads, `/dev/full` and a closed
/// descriptor; `--output` checked before the run and honoured by `--list`.
final class ReportDeliveryTests: XCTestCase {
    private struct Outcome {
        var status: Int32
        var reason: Process.TerminationReason
        var stderr: String
    }

    /// Runs the built `conformance` with `arguments`, stdout wired by `stdout` (a path, or nil
    /// for a pipe whose reading end is closed before the runner starts).
    private func runExecutable(_ arguments: [String], stdout: String?) throws -> Outcome {
        let process = Process()
        let executable = try referenceAdapter()[0]
        if let stdout {
            // The shell only sets up the descriptor: `>&-` closes it, `> /dev/full` fills it.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" \(stdout)", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
        }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // stderr is a pipe here, so the runner also logs its progress there (ADP-23); these tests
        // check what it says about the report, so the progress lines are set aside.
        let messages = stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("conformance: progress: ") }.joined(separator: "\n")
        return Outcome(status: process.terminationStatus, reason: process.terminationReason, stderr: messages)
    }

    private func vectorsAndAdapter() throws -> [String] {
        [
            "--vectors", try writeVectors([fakeVector("fake/a"), fakeVector("fake/b")], in: self).path, "--no-live",
            "--adapter", Fixture.misbehavingCommand("--operations", "echo"),
        ]
    }

    // REQ: ADP-41
    func testABrokenPipeIsExitTwoWithAMessageNotACrash() throws {
        let outcome = try runExecutable(try vectorsAndAdapter() + ["--format", "json"], stdout: nil)
        XCTAssertEqual(outcome.reason, .exit, "killed by a signal (SIGPIPE or a trap): \(outcome.stderr)")
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.stderr, "conformance: cannot write the report to stdout: Broken pipe\n")
    }

    // REQ: ADP-41
    func testAFullDiskIsExitTwoWithAMessage() throws {
        let outcome = try runExecutable(try vectorsAndAdapter(), stdout: "> /dev/full")
        XCTAssertEqual(outcome.reason, .exit)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.stderr, "conformance: cannot write the report to stdout: No space left on device\n")
    }

    // REQ: ADP-41
    func testAClosedStdoutIsExitTwoWithAMessage() throws {
        let outcome = try runExecutable(try vectorsAndAdapter() + ["--format", "tap"], stdout: ">&-")
        XCTAssertEqual(outcome.reason, .exit)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.stderr, "conformance: cannot write the report to stdout: Bad file descriptor\n")
    }

    // REQ: ADP-41
    func testAWritableStdoutGetsTheWholeReportAndExitZero() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stdout-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: output) }
        let outcome = try runExecutable(try vectorsAndAdapter() + ["--format", "tap"], stdout: "> '\(output)'")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr, "")
        XCTAssertEqual(
            try String(contentsOfFile: output, encoding: .utf8),
            "TAP version 13\n1..2\nok 1 - fake/a\nok 2 - fake/b\n# 2 passed, 0 failed, 0 skipped\n"
        )
    }

    // REQ: ADP-41
    func testAnUnwritableOutputIsRefusedBeforeTheAdapterStarts() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("start-once-\(UUID().uuidString)")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: marker) }
        let vectors = try writeVectors([fakeVector("fake/a")], in: self).path
        for (path, reason) in [
            ("/nonexistent/report.xml", "No such file or directory"),
            (FileManager.default.temporaryDirectory.path, "it is a directory"),
        ] {
            let run = CommandRun.run([
                "--vectors", vectors, "--format", "junit", "--output", path,
                "--adapter", Fixture.misbehavingCommand("--start-once", marker),
            ])
            XCTAssertEqual(run.status, .usage)
            XCTAssertEqual(run.stderr, "conformance: --output: cannot write the report to \(path): \(reason)\n")
            XCTAssertEqual(run.stdout, "")
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: marker),
                "the adapter was started: the run was not refused first"
            )
        }
        XCTAssertEqual(
            CommandRun.run(["--output", ""]).stderr,
            "conformance: --output needs a file name (got an empty one)\nRun 'conformance --help' for usage.\n"
        )
    }

    // REQ: ADP-41
    func testListWritesToTheOutputFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("list-\(UUID().uuidString).txt")
        addTeardownBlock { try? FileManager.default.removeItem(at: output) }
        let run = CommandRun.run([
            "--vectors", try writeVectors([fakeVector("fake/a"), fakeVector("fake/b")], in: self).path,
            "--list", "--no-live", "--output", output.path,
        ])
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "fake/a\nfake/b\n")
        // Positive control: without --output the list goes to stdout.
        let plain = CommandRun.run([
            "--vectors", try writeVectors([fakeVector("fake/a")], in: self).path, "--list", "--no-live",
        ])
        XCTAssertEqual(plain.stdout, "fake/a\n")
    }
}

/// An `--output` that passed the check before the run but cannot be written at its end.
final class LateReportFailureTests: XCTestCase {
    // REQ: ADP-40, ADP-41
    func testAReportFileThatFillsUpIsExitTwoAndTheSummarySaysSo() throws {
        let vectors = try writeVectors([fakeVector("fake/a")], in: self).path
        let run = CommandRun.run([
            "--vectors", vectors, "--no-live", "--format", "junit", "--output", "/dev/full",
            "--adapter", Fixture.misbehavingCommand("--operations", "echo"),
        ])
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(run.stderr, "conformance: cannot write the report to /dev/full: No space left on device\n")
        XCTAssertTrue(
            run.stdout.contains("\nERROR cannot write the report to /dev/full: No space left on device\n"),
            run.stdout
        )
        XCTAssertEqual(run.lastLine, "1 passed, 0 failed, 0 skipped")
    }
}
