import ConformanceRunner
import VectorFormat
import XCTest

/// ADP-11 reserves `internal_error` for an adapter's own failure; ADP-121 makes it fail a case
/// whatever the case expects, so a catch-all cannot pass a vector that expects `bad_request`.
final class InternalErrorTests: XCTestCase {
    private func run(answering code: String, expected: String) throws -> CommandRun {
        let vectors = try writeVectors(
            [fakeVector("fake/refusal", "error", input: ["code": .string(code)], expected: .error(expected))],
            in: self
        ).path
        return CommandRun.run([
            "--vectors", vectors, "--no-live", "--adapter", Fixture.misbehavingCommand("--operations", "error"),
        ])
    }

    // REQ: ADP-121, ADP-11
    func testAVectorExpectingBadRequestFailsWhenTheAdapterAnswersInternalError() throws {
        let failing = try run(answering: "internal_error", expected: "bad_request")
        XCTAssertEqual(failing.status, .failures, failing.stdout)
        XCTAssertTrue(
            failing.stdout.contains(
                "FAIL  fake/refusal [ADP-18]\n  expected error bad_request, got error internal_error (the adapter reported an internal failure, not a protocol answer: ADP-11, ADP-121)"
            ),
            failing.stdout
        )
        // Positive control: the same vector passes when the adapter answers bad_request.
        let passing = try run(answering: "bad_request", expected: "bad_request")
        XCTAssertEqual(passing.status, .success, passing.stdout)
        XCTAssertEqual(passing.lastLine, "1 passed, 0 failed, 0 skipped")
    }

    // REQ: ADP-121
    func testAVectorThatExpectsInternalErrorItselfStillFails() throws {
        let run = try run(answering: "internal_error", expected: "internal_error")
        XCTAssertEqual(run.status, .failures, run.stdout)
        XCTAssertTrue(
            run.stdout.contains("got error internal_error (the adapter reported an internal failure"),
            run.stdout
        )
    }

    // REQ: ADP-121
    func testAStepAnsweredInternalErrorFailsTheCaseAndIsNamedByItsPath() {
        let steps: JSONValue = ["steps": [["ok": true], ["error": "internal_error"]]]
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: steps, response: .ok(steps)),
            "expected success, got error internal_error at steps[1].error (the adapter reported an internal failure, not a protocol answer: ADP-11, ADP-121)"
        )
        // Positive control: a step answered with a protocol code that the vector expects matches.
        let replayed: JSONValue = ["steps": [["ok": true], ["error": "replayed"]]]
        XCTAssertNil(ResponseComparison.mismatch(expected: replayed, response: .ok(replayed)))
    }
}
