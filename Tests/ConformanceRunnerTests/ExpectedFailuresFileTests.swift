import ConformanceRunner
import Foundation
import XCTest

/// The expected-failures file as users write it (ADP-42): LF or CRLF, comments and blank lines,
/// a malformed line named by its number, any readable file (a device, a pipe), and matching that
/// stays fast for a list of tens of thousands of entries.
final class ExpectedFailuresFileTests: XCTestCase {
    private static let lfText = "# known departures\nfake/b   answers another value\n\nfake/c* renamed\n"

    // REQ: ADP-42
    func testACRLFFileMeansWhatTheSameLFFileMeans() throws {
        let lf = try ExpectedFailures(parsing: Self.lfText)
        let crlf = try ExpectedFailures(parsing: Self.lfText.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(lf.entries.map(\.line), [2, 4])
        XCTAssertEqual(
            crlf.entries.map(\.line),
            [2, 4],
            "a CRLF file was read as one line (or its comment hid every entry)"
        )
        XCTAssertEqual(crlf.entries.map(\.glob.pattern), ["fake/b", "fake/c*"])
        XCTAssertEqual(
            crlf.entries.map(\.reason),
            ["answers another value", "renamed"],
            "no carriage return left in a reason"
        )
    }

    // REQ: ADP-42
    func testACRLFFileKeepsARunGreenOnItsListedFailure() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/b", expected: ["value": "other"])],
            in: self
        ).path
        let adapter = Fixture.misbehavingCommand("--operations", "echo")
        for text in ["# header\nfake/b known\n", "# header\r\nfake/b known\r\n"] {
            let known = try writeTemporaryFile(text, in: self)
            let run = CommandRun.run([
                "--vectors", vectors, "--no-live", "--expected-failures", known, "--adapter", adapter,
            ])
            XCTAssertEqual(run.status, .success, run.stdout)
            XCTAssertTrue(run.stdout.contains("XFAIL fake/b: known\n"), run.stdout)
        }
    }

    // REQ: ADP-42
    func testAMalformedLineIsAUsageErrorNamingItsLineInACRLFFile() throws {
        let known = try writeTemporaryFile("# header\r\nfake/a reason\r\nfake/b\r\n", in: self)
        let run = CommandRun.run([
            "--vectors", try writeVectors([fakeVector("fake/a")], in: self).path, "--expected-failures", known,
        ])
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(
            run.stderr,
            "conformance: the expected-failures file \(known), line 3: expected \"<id glob> <reason>\", the reason is missing\n"
        )
        XCTAssertThrowsError(try ExpectedFailures(parsing: "fake/a reason\rfake/b other\n")) { error in
            XCTAssertEqual(
                error as? ExpectedFailures.FormatError,
                ExpectedFailures.FormatError(
                    line: 1,
                    problem: "a control character (a stray carriage return?) in the line"
                )
            )
        }
    }

    // REQ: ADP-42
    func testDevNullAndAPipeAreReadableFilesNotPermissionErrors() throws {
        let vectors = try writeVectors([fakeVector("fake/a")], in: self).path
        let adapter = Fixture.misbehavingCommand("--operations", "echo")
        let empty = CommandRun.run([
            "--vectors", vectors, "--no-live", "--expected-failures", "/dev/null", "--adapter", adapter,
        ])
        XCTAssertEqual(empty.status, .success, empty.stderr)
        XCTAssertEqual(empty.stderr, "")

        // What a shell's process substitution passes: /dev/fd/N of a pipe.
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("fake/a passes, so this entry is an unexpected pass\n".utf8))
        try pipe.fileHandleForWriting.close()
        let piped = CommandRun.run([
            "--vectors", vectors, "--no-live", "--adapter", adapter,
            "--expected-failures", "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)",
        ])
        XCTAssertEqual(piped.status, .failures, piped.stderr)
        XCTAssertTrue(piped.stdout.contains("XPASS fake/a"), piped.stdout)
    }

    // REQ: ADP-42
    func testAnUnreadableFileIsNamedWithItsRealCause() throws {
        let vectors = try writeVectors([fakeVector("fake/a")], in: self).path
        let missing = CommandRun.run(["--vectors", vectors, "--expected-failures", "/nonexistent/known.txt"])
        XCTAssertEqual(missing.status, .usage)
        XCTAssertEqual(
            missing.stderr,
            "conformance: cannot read the expected-failures file /nonexistent/known.txt: No such file or directory\n"
        )
        let directory = CommandRun.run(["--vectors", vectors, "--expected-failures", vectors])
        XCTAssertEqual(
            directory.stderr,
            "conformance: cannot read the expected-failures file \(vectors): it is a directory\n"
        )
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("known-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: binary) }
        try Data([0x66, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: binary))
        XCTAssertEqual(
            CommandRun.run(["--vectors", vectors, "--expected-failures", binary]).stderr,
            "conformance: cannot read the expected-failures file \(binary): not UTF-8 text\n"
        )
    }

    // REQ: ADP-21, ADP-42
    func testMatchingAMegabyteOfStaleEntriesIsFastAndStillExact() throws {
        let ids = (0..<23_000).map { "area-\($0 % 20)/vector-\($0)" }
        var text = "# stale entries of renamed vectors\n"
        var count = 0
        while text.utf8.count < 1_000_000 {
            text +=
                count % 10 == 9
                ? "area-\(count % 20)/old-\(count)-* renamed long ago\n"
                : "area-\(count % 20)/old-\(count) renamed long ago\n"
            count += 1
        }
        text += "area-3/vector-3 still failing\narea-4/vector-[4] still failing\n"
        let list = try ExpectedFailures(parsing: text)
        var results = ids.map { CaseResult(id: $0, operation: "echo", requirements: [], comment: "", outcome: .failed) }
        let start = Date()
        let stale = list.apply(to: &results, knownIDs: ids)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(stale.count, count, "every old-* entry is stale, the two live ones are not")
        XCTAssertEqual(
            results.filter { $0.outcome == .expectedFailure }.map(\.id),
            ["area-3/vector-3", "area-4/vector-4"]
        )
        XCTAssertLessThan(seconds, 3, "matching \(count) entries against \(ids.count) ids took \(seconds) s")
    }

    // REQ: ADP-21
    func testTheFirstEntryInFileOrderWinsWhetherExactOrGlob() throws {
        let list = try ExpectedFailures(parsing: "fake/* first\nfake/a second\nother/a third\nother/* fourth\n")
        XCTAssertEqual(list.entry(for: "fake/a")?.reason, "first")
        XCTAssertEqual(list.entry(for: "other/a")?.reason, "third")
        XCTAssertEqual(list.entry(for: "other/b")?.reason, "fourth")
        XCTAssertNil(list.entry(for: "third/a"))
    }
}
