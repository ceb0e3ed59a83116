import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Glibc)
import Glibc
#endif

/// ADP-125: what the runner repeats of the user's and the adapter's text is bounded, and a file
/// the user named cannot block the run for ever. Each test is the reproduction of a finding on
/// 2.3.0, beside a positive control.
final class ReportBoundTests: XCTestCase {
    /// Eighteen failing cases, every one matched by the single entry `fake/*`.
    private func eighteenFailing() throws -> String {
        try writeVectors((0..<18).map { fakeVector("fake/f\($0)", expected: ["value": "other"]) }, in: self).path
    }

    // REQ: ADP-125
    func testATenMebibyteExpectedFailureReasonIsCutInEveryFormat() throws {
        let vectors = try eighteenFailing()
        let reason = String(repeating: "r", count: 10 << 20)
        let list = try writeTemporaryFile("fake/* \(reason)\n", in: self)
        for format in ["text", "tap", "junit", "json", "html"] {
            let run = CommandRun.run([
                "--vectors", vectors, "--no-live", "--format", format, "--verbose", "--expected-failures", list,
            ])
            XCTAssertEqual(run.status, .success, format)
            // 18 cases of a 10 MiB reason were 180 MiB; now each case carries at most 1,000 bytes of it.
            XCTAssertLessThan(run.stdout.utf8.count, 18 * 4_000 + 40_000, format)
            XCTAssertTrue(run.stdout.contains("[... truncated: \(10 << 20) bytes in all]"), format)
        }
        // Positive control: a short reason is printed whole.
        let short = try writeTemporaryFile("fake/* known: issue 12\n", in: self)
        let run = CommandRun.run(["--vectors", vectors, "--no-live", "--expected-failures", short])
        XCTAssertEqual(run.status, .success)
        XCTAssertTrue(run.stdout.contains("XFAIL fake/f0: known: issue 12\n"), run.stdout)
    }

    // REQ: ADP-125
    func testAnExpectedFailuresFIFOWithNoWriterIsRefusedInsteadOfBlocking() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        addTeardownBlock { unlink(fifo) }
        let vectors = try eighteenFailing()
        let started = Date()
        let run = CommandRun.run(["--vectors", vectors, "--no-live", "--expected-failures", fifo])
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(
            run.stderr,
            "conformance: cannot read the expected-failures file \(fifo): nothing to read for 10 s (a FIFO that nobody writes to?)\n"
        )
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        // Positive control: the same FIFO with a writer is read like a file.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "printf 'fake/* known\\n' > \"$0\"", fifo]
        try writer.run()
        let fed = CommandRun.run(["--vectors", vectors, "--no-live", "--expected-failures", fifo])
        writer.waitUntilExit()
        XCTAssertEqual(fed.status, .success, fed.stdout + fed.stderr)
        XCTAssertTrue(fed.stdout.contains("18 expected failures"), fed.stdout)
    }

    // REQ: ADP-125, ADP-45
    func testAFourMegabyteHelloNameIsCutInJUnit() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/b", expected: ["value": "y"])],
            in: self
        ).path
        func hello(_ name: String) throws -> String {
            let output: JSONValue = [
                "protocol": 1, "name": .string(name), "version": "1", "operations": ["echo"], "policies": [:],
            ]
            return try writeTemporaryFile(JSONWriter.compactString(output), in: self)
        }
        let huge = try hello(String(repeating: "n", count: 4_000_000))
        let run = CommandRun.run([
            "--vectors", vectors, "--no-live", "--format", "junit",
            "--adapter", fixtureAdapter("scripted-hello-adapter.py", "@" + huge).joined(separator: " "),
        ])
        XCTAssertEqual(run.status, .failures, run.stderr)
        XCTAssertLessThan(run.stdout.utf8.count, 20_000)
        XCTAssertTrue(run.stdout.contains("[... truncated: 4000000 bytes in all]"), String(run.stdout.prefix(2_000)))
        XCTAssertTrue(XMLParser(data: Data(run.stdout.utf8)).parse())
        // Positive control: a name of ordinary length is quoted whole.
        let plain = try hello("example-adapter")
        let named = CommandRun.run([
            "--vectors", vectors, "--no-live",
            "--adapter", fixtureAdapter("scripted-hello-adapter.py", "@" + plain).joined(separator: " "),
        ])
        XCTAssertTrue(named.stdout.contains("adapter: example-adapter 1 ("), named.stdout)
    }
}
