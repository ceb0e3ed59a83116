import ConformanceRunner
import VectorFormat
import XCTest

/// A case result fails closed: until a runner reports it, a case is a failure with a message
/// that says so, so a path that forgets to report a case can never show it green.
final class FailClosedTests: XCTestCase {
    private func report(_ results: [CaseResult]) -> RunReport {
        RunReport(
            suiteVersion: "2.0.0",
            vectorsDirectory: "vectors",
            adapterCommand: ["./adapter"],
            adapter: nil,
            results: results
        )
    }

    private let unreported = CaseResult.unreported(
        id: "frame-open/replay",
        operation: "frame-open",
        requirements: ["FRAME-OPEN-5"],
        comment: "A replayed frame."
    )

    // REQ: ADP-40
    func testAnUnreportedCaseFailsTheRun() {
        XCTAssertEqual(unreported.outcome, .failed)
        XCTAssertEqual(unreported.message, CaseResult.unreportedMessage)
        let run = report([unreported])
        XCTAssertEqual(run.exitStatus, .failures)
        XCTAssertEqual(run.summary.line, "0 passed, 1 failed, 0 skipped")
        XCTAssertTrue(
            TextReport.render(run).contains(CaseResult.unreportedMessage),
            "the text report names why the case failed"
        )

        // Positive control: the same case, once a runner reports it passed, passes the run.
        var reported = unreported
        reported.pass()
        XCTAssertNil(reported.message)
        XCTAssertEqual(report([reported]).exitStatus, .success)
    }
}
