import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// The expected-failures list is strict both ways (ADP-21): a listed failure keeps the run green,
/// an unexpected pass and a stale entry turn it red.
final class ExpectedFailuresTests: XCTestCase {
    // MARK: - The file format

    func testCommentsBlankLinesAndEntriesAreRead() throws {
        let list = try ExpectedFailures(
            parsing: """
                # known departures of tunnel-rs 0.4
                frame-open/type-0x01-*   legacy frames answered unsupported_type (issue #12)

                \treplay-window/*\tno window yet
                """
        )
        XCTAssertEqual(list.entries.map(\.line), [2, 4])
        XCTAssertEqual(list.entries.map(\.glob.pattern), ["frame-open/type-0x01-*", "replay-window/*"])
        XCTAssertEqual(
            list.entries.map(\.reason),
            ["legacy frames answered unsupported_type (issue #12)", "no window yet"]
        )
    }

    func testEntryWithoutAReasonIsRefusedWithItsLine() {
        XCTAssertThrowsError(try ExpectedFailures(parsing: "# header\nframe-open/*\n")) { error in
            XCTAssertEqual(
                error as? ExpectedFailures.FormatError,
                ExpectedFailures.FormatError(line: 2, problem: "expected \"<id glob> <reason>\", the reason is missing")
            )
        }
    }

    func testEntryWithABrokenGlobIsRefused() {
        XCTAssertThrowsError(try ExpectedFailures(parsing: "frame-[open/* reason\n")) { error in
            XCTAssertEqual((error as? ExpectedFailures.FormatError)?.line, 1)
        }
    }

    // MARK: - Applying the list

    private func result(_ id: String, _ outcome: CaseResult.Outcome) -> CaseResult {
        CaseResult(id: id, operation: "echo", requirements: [], comment: "", outcome: outcome)
    }

    // REQ: ADP-21
    func testListedFailureBecomesExpectedAndListedPassBecomesUnexpected() throws {
        let list = try ExpectedFailures(parsing: "fake/broken-* known bug\n")
        var results = [
            result("fake/broken-1", .failed), result("fake/broken-2", .passed), result("fake/fine", .passed),
        ]
        let stale = list.apply(to: &results, knownIDs: results.map(\.id))
        XCTAssertEqual(results.map(\.outcome), [.expectedFailure, .unexpectedPass, .passed])
        XCTAssertEqual(results[0].expectation?.reason, "known bug")
        XCTAssertEqual(results[1].message, "passed, but listed as an expected failure (line 1: known bug)")
        XCTAssertEqual(stale, [], "the entry matched a failure, so it is not stale")
    }

    // REQ: ADP-21
    func testEntryMatchingOnlyAPassingCaseFailsThroughThatCaseNotAsStale() throws {
        let list = try ExpectedFailures(parsing: "fake/fixed fixed last week\n")
        var results = [result("fake/fixed", .passed)]
        let stale = list.apply(to: &results, knownIDs: ["fake/fixed"])
        XCTAssertEqual(results.map(\.outcome), [.unexpectedPass])
        XCTAssertEqual(stale, [], "reported once, as the unexpected pass")
    }

    // REQ: ADP-21
    func testEntryMatchingNoKnownIdIsStale() throws {
        let list = try ExpectedFailures(parsing: "fake/renamed-long-ago gone\n")
        var results = [result("fake/a", .failed)]
        XCTAssertEqual(list.apply(to: &results, knownIDs: ["fake/a"]).map(\.glob.pattern), ["fake/renamed-long-ago"])
        XCTAssertEqual(results.map(\.outcome), [.failed], "an unlisted failure stays a failure")
    }

    // REQ: ADP-21
    func testEntryForDeselectedOrSkippedCasesCannotBeJudgedAndIsNotStale() throws {
        let list = try ExpectedFailures(parsing: "fake/not-run-* filtered out today\nfake/skipped no qr support\n")
        var results = [result("fake/skipped", .skipped)]
        let stale = list.apply(to: &results, knownIDs: ["fake/not-run-1", "fake/skipped"])
        XCTAssertEqual(stale, [])
        XCTAssertEqual(results.map(\.outcome), [.skipped])
    }

    // MARK: - Through the command

    private func vectors() throws -> URL {
        try writeVectors([fakeVector("fake/ok"), fakeVector("fake/broken", expected: ["value": "y"])], in: self)
    }

    // REQ: ADP-21
    func testRunWithEveryFailureListedPasses() throws {
        let list = try writeTemporaryFile("fake/broken answers x, not y\n", in: self)
        let run = CommandRun.run(["--vectors", try vectors().path, "--no-live", "--expected-failures", list])
        XCTAssertEqual(run.status, .success, run.stdout)
        XCTAssertTrue(run.stdout.contains("XFAIL fake/broken: answers x, not y\n"), run.stdout)
        XCTAssertEqual(run.lastLine, "1 passed, 0 failed, 0 skipped")
    }

    // REQ: ADP-21
    func testControlRunWithoutTheListFails() throws {
        let run = CommandRun.run(["--vectors", try vectors().path, "--no-live"])
        XCTAssertEqual(run.status, .failures)
        XCTAssertEqual(run.lastLine, "1 passed, 1 failed, 0 skipped")
    }

    // REQ: ADP-21
    func testUnexpectedPassFailsTheRun() throws {
        let list = try writeTemporaryFile("fake/broken answers x\nfake/ok thought broken\n", in: self)
        let run = CommandRun.run(["--vectors", try vectors().path, "--no-live", "--expected-failures", list])
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(
            run.stdout.contains(
                "XPASS fake/ok [ADP-18]\n  passed, but listed as an expected failure (line 2: thought broken)"
            ),
            run.stdout
        )
        XCTAssertEqual(run.lastLine, "0 passed, 1 failed, 0 skipped")
    }

    // REQ: ADP-21
    func testStaleEntryFailsTheRun() throws {
        let list = try writeTemporaryFile("fake/broken answers x\nfake/typo-* never matches\n", in: self)
        let run = CommandRun.run(["--vectors", try vectors().path, "--no-live", "--expected-failures", list])
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(run.stdout.contains("STALE \(list):2: fake/typo-* matches no case of the suite"), run.stdout)
        XCTAssertEqual(run.lastLine, "1 passed, 1 failed, 0 skipped")
    }

    func testUnreadableListIsAConfigurationError() throws {
        let run = CommandRun.run(["--vectors", try vectors().path, "--expected-failures", "/nonexistent/list.txt"])
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix("conformance: cannot read the expected-failures file /nonexistent/list.txt"),
            run.stderr
        )
    }
}
