import AdapterOperations
import Foundation
import VectorFormat
import XCTest

/// The runner-driven `accumulated` vectors, and `conformance interop`.
final class AccumulatedAndInteropTests: XCTestCase {
    private func accumulatedVector(cases: Int64) -> Vector {
        let input: JSONValue = ["seed": .string(AccumulatedTest.seed), "cases": .int(cases)]
        return Vector(
            id: "accumulated/session-frames-\(cases)",
            operation: "accumulated",
            requirements: ["FRAME-OPEN-1"],
            comment: "test",
            result: .valid,
            input: input,
            expected: Operations.reference("accumulated", input: input).expected
        )
    }

    // REQ: FRAME-SEAL-1, FRAME-OPEN-1
    func testReferencePassesTheAccumulatedTest() throws {
        let (results, _) = try runVectors([accumulatedVector(cases: 2_500)], adapter: try referenceAdapter())
        XCTAssertEqual(results.map(\.outcome), [.passed], results.first?.message ?? "")
    }

    func testAccumulatedRunsWhateverTheNumberOfRequestsInFlight() throws {
        for window in [1, 2, 3, 1_000] {
            let (results, _) = try runVectors(
                [accumulatedVector(cases: 50)],
                adapter: try referenceAdapter(),
                window: window
            )
            XCTAssertEqual(results.map(\.outcome), [.passed], "window \(window): \(results.first?.message ?? "")")
        }
    }

    // REQ: FRAME-OPEN-3
    func testFirstDifferingCaseIsNamed() throws {
        let (results, _) = try runVectors(
            [accumulatedVector(cases: 2_500)],
            adapter: try referenceAdapter(mutant: "short-frame-reported-as-auth-failure")
        )
        XCTAssertEqual(results.map(\.outcome), [.failed])
        let message = results.first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("case "), message)
        XCTAssertTrue(message.contains("truncated to"), message)
        XCTAssertTrue(
            message.hasSuffix("frame-open answers error auth_failed, the reference error frame_too_short"),
            message
        )
    }

    func testVectorWithAWrongHashFailsEvenWhenEveryCaseAgrees() throws {
        var vector = accumulatedVector(cases: 10)
        vector.expected = ["sha256": .string(String(repeating: "0", count: 64))]
        let (results, _) = try runVectors([vector], adapter: try referenceAdapter())
        XCTAssertEqual(results.map(\.outcome), [.failed])
        XCTAssertTrue(results.first?.message?.hasSuffix("the vector file and the reference library disagree") == true)
    }

    // MARK: - interop

    func testReferenceInteroperatesWithItself() throws {
        let reference = try referenceAdapter().joined(separator: " ")
        let run = CommandRun.run(["interop", "--adapter", reference], reference: try referenceAdapter())
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                """
                device/sender  core/receiver  seal as device  seal as core  handshake  frames both ways  chunks 1 MiB  chunks 16 MiB  pairing v3  reconnect v3  session v3
                A              B              pass            pass          pass       pass              pass          pass           pass        pass          pass
                B              A              pass            pass          pass       pass              pass          pass           pass        pass          pass
                """
            ),
            run.stdout
        )
        XCTAssertEqual(run.lastLine, "18 passed, 0 failed, 0 skipped")
    }

    func testSwappedKeysFailInteropInBothDirections() throws {
        let mutant = try referenceAdapter(mutant: "swap-direction-keys").joined(separator: " ")
        let run = CommandRun.run(
            ["interop", "--adapter", mutant, "--spec-url", "https://spec.example/2.3"],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(run.stdout.contains("A              B              FAIL            FAIL"), run.stdout)
        // REQ: ADP-81: the failure names its requirements and links each one's anchor.
        XCTAssertTrue(
            run.stdout.contains(
                """
                FAIL A -> B seal as device [FRAME-SEAL-1, FRAME-OPEN-1, KDF-5]: B frame-open answered error auth_failed
                  spec: https://spec.example/2.3/06-session-frames.html#FRAME-SEAL-1
                  spec: https://spec.example/2.3/06-session-frames.html#FRAME-OPEN-1
                  spec: https://spec.example/2.3/03-key-schedule.html#KDF-5
                """
            ),
            run.stdout
        )
    }

    func testAdapterWithoutHandshakeOperationsIsNotApplicableNotFailed() throws {
        let run = CommandRun.run(
            ["interop", "--adapter", Fixture.weakNonce("random").joined(separator: " ")],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(run.status, .success, run.stdout)
        XCTAssertTrue(
            run.stdout.contains(
                "A              B              n/a             n/a           n/a        n/a               n/a           n/a"
            ),
            run.stdout
        )
        XCTAssertTrue(
            run.stdout.contains(
                "B              A              pass            pass          n/a        n/a               n/a           n/a"
            ),
            run.stdout
        )
        XCTAssertEqual(run.lastLine, "2 passed, 0 failed, 16 skipped")
    }
}
