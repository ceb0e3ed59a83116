import ConformanceRunner
import VectorFormat
import XCTest

/// VEC-21: a slow vector gets its stated budget by itself, `--list` marks it, and a timeout's
/// message names `--timeout-ms`.
final class SlowVectorTests: XCTestCase {
    /// A vector whose adapter takes 4 s to answer, flagged `Slow` or not.
    private func vectors(slow: Bool) throws -> String {
        try writeVectors(
            [fakeVector("fake/slow", "slow", input: ["ms": 4_000], flags: slow ? [Flag.slow] : [])],
            in: self
        ).path
    }

    private func run(_ vectors: String, _ extra: [String] = []) -> CommandRun {
        CommandRun.run(
            ["--vectors", vectors, "--no-live", "--adapter", Fixture.misbehavingCommand("--operations", "slow")]
                + extra
        )
    }

    // REQ: VEC-21
    func testASlowVectorOutlastingTheTimeoutPassesWithinItsBudget() throws {
        let slow = run(try vectors(slow: true), ["--slow", "--timeout-ms", "1500"])
        XCTAssertEqual(slow.status, .success, slow.stdout)
        XCTAssertEqual(slow.lastLine, "1 passed, 0 failed, 0 skipped")
        // Positive control: the same request in a vector not flagged Slow gets --timeout-ms, and
        // the message says how to give it more.
        let plain = run(try vectors(slow: false), ["--timeout-ms", "1500"])
        XCTAssertEqual(plain.status, .failures, plain.stdout)
        XCTAssertTrue(
            plain.stdout.contains(
                "  no response within 1500 ms (the adapter hung, or needs longer: raise --timeout-ms); it was killed"
            ),
            plain.stdout
        )
    }

    // REQ: VEC-21, VEC-11
    func testListMarksSlowVectorsAfterTheirIds() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/slow", flags: [Flag.slow])],
            in: self
        ).path
        let list = CommandRun.run(["--vectors", vectors, "--list", "--no-live"])
        XCTAssertEqual(list.status, .success)
        XCTAssertEqual(
            list.stdout,
            "fake/a\nfake/slow (slow: runs with --slow, \(CasePlanning.slowTimeoutMilliseconds) ms per request)\n"
        )
    }
}
