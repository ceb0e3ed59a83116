import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// Which vectors run against which adapter (operations, policies), and how an answer is judged.
final class PlanningAndComparisonTests: XCTestCase {
    private let hello = AdapterHello(
        name: "t",
        version: "1",
        operations: ["frame-open", "session"],
        policies: ["replayMemory": 128]
    )

    // MARK: - Policy resolution

    // REQ: ADP-17
    func testAcceptableVectorRunsWhenItsPolicyHolds() {
        let vector = fakeVector("replay/129th", "session", result: .acceptable, policy: "replayMemory=128")
        XCTAssertEqual(CasePlanning.decide(vector, hello: hello, includeSlow: false), .run)
    }

    // REQ: ADP-17
    func testComplementaryVectorIsSkippedWithTheReason() {
        let vector = fakeVector("replay/129th-remembered", "session", result: .acceptable, policy: "replayMemory>128")
        XCTAssertEqual(
            CasePlanning.decide(vector, hello: hello, includeSlow: false),
            .skip("policy replayMemory>128 does not hold for the adapter (it declares replayMemory=128)")
        )
    }

    // REQ: ADP-17
    func testEachComparisonAgainstADeclaredValue() {
        let declared: [String: Int64] = ["replayMemory": 256]
        XCTAssertEqual(CasePlanning.policyDecision("replayMemory>128", declared: declared), .run)
        XCTAssertEqual(CasePlanning.policyDecision("replayMemory>=256", declared: declared), .run)
        XCTAssertEqual(CasePlanning.policyDecision("replayMemory<=256", declared: declared), .run)
        XCTAssertNotEqual(CasePlanning.policyDecision("replayMemory<256", declared: declared), .run)
        XCTAssertNotEqual(CasePlanning.policyDecision("replayMemory=128", declared: declared), .run)
    }

    // REQ: ADP-17
    func testUndeclaredPolicyNeverHolds() {
        XCTAssertEqual(
            CasePlanning.policyDecision("replayMemory=128", declared: [:]),
            .skip("policy replayMemory=128 does not hold for the adapter (it declares no replayMemory)")
        )
    }

    func testAcceptableVectorWithoutAReadablePolicyIsInvalid() {
        XCTAssertEqual(
            CasePlanning.policyDecision(nil, declared: [:]),
            .invalid("the vector is acceptable but names no policy")
        )
        XCTAssertEqual(
            CasePlanning.policyDecision("replayMemory~128", declared: [:]),
            .invalid("the vector's policy \"replayMemory~128\" is unreadable")
        )
    }

    // REQ: ADP-20
    func testVectorOfAnUndeclaredOperationIsSkipped() {
        XCTAssertEqual(
            CasePlanning.decide(fakeVector("x/1", "x25519"), hello: hello, includeSlow: false),
            .skip("unsupported by adapter (operation x25519)")
        )
    }

    func testAccumulatedVectorNeedsFrameSealAndFrameOpen() {
        let vector = fakeVector("accumulated/1", "accumulated")
        XCTAssertEqual(
            CasePlanning.decide(vector, hello: hello, includeSlow: false),
            .skip("unsupported by adapter (operation frame-seal)")
        )
        let both = AdapterHello(name: "t", version: "1", operations: ["frame-seal", "frame-open"], policies: [:])
        XCTAssertEqual(CasePlanning.decide(vector, hello: both, includeSlow: false), .run)
    }

    func testSlowVectorRunsOnlyWhenAskedFor() {
        let vector = fakeVector("f/slow", "frame-open", flags: [Flag.slow])
        XCTAssertEqual(
            CasePlanning.decide(vector, hello: hello, includeSlow: false),
            .skip("slow vector (run with --slow)")
        )
        XCTAssertEqual(CasePlanning.decide(vector, hello: hello, includeSlow: true), .run)
    }

    // REQ: ADP-20
    func testAnswerUnsupportedSkipsTheVector() throws {
        let vectors = [
            fakeVector("fake/declared-but-unsupported", "error", input: ["code": "unsupported"], expected: [:])
        ]
        let (results, _) = try runVectors(vectors, adapter: Fixture.misbehaving())
        XCTAssertEqual(results.map(\.outcome), [.skipped])
        XCTAssertEqual(results[0].message, "the adapter answered unsupported")
    }

    // MARK: - Comparison

    // REQ: ADP-19
    func testMatchingAnswersPass() {
        XCTAssertNil(ResponseComparison.mismatch(expected: ["plaintext": "00"], response: .ok(["plaintext": "00"])))
        XCTAssertNil(ResponseComparison.mismatch(expected: .error("replayed"), response: .error("replayed")))
        XCTAssertNil(
            ResponseComparison.mismatch(expected: ["frame": "02"], response: .ok(["frame": "02", "debug": "extra"])),
            "members the expectation does not mention are ignored"
        )
    }

    // REQ: ADP-19
    func testWrongErrorCodeIsNamed() {
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: .error("replayed"), response: .error("auth_failed")),
            "expected error replayed, got error auth_failed"
        )
    }

    // REQ: ADP-19
    func testSuccessWhereAnErrorWasExpectedIsNamed() {
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: .error("frame_too_short"), response: .ok(["plaintext": ""])),
            #"expected error frame_too_short, got success {"plaintext":""}"#
        )
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: ["plaintext": ""], response: .error("bad_request")),
            "expected success, got error bad_request (the adapter could not read the input)"
        )
    }

    // REQ: ADP-19
    func testFirstDifferingStepIsNamedByPath() {
        let expected: JSONValue = [
            "steps": [["plaintext": "00"], ["plaintext": "01"], .error("replayed"), ["plaintext": "02"]]
        ]
        let actual: JSONValue = [
            "steps": [["plaintext": "00"], ["plaintext": "01"], ["plaintext": "00"], .error("auth_failed")]
        ]
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: expected, response: .ok(actual)),
            #"output member steps[2]: expected error replayed, got {"plaintext":"00"}"#
        )
    }

    // REQ: ADP-19
    func testMissingMemberAndWrongLengthAreNamed() {
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: ["c2s": "aa", "s2c": "bb"], response: .ok(["c2s": "aa"])),
            "output member s2c is missing"
        )
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: ["steps": [["frame": "02"]]], response: .ok(["steps": []])),
            "output member steps: expected 1 elements, got 0"
        )
        XCTAssertEqual(
            ResponseComparison.mismatch(
                expected: ["steps": [.error("x")]],
                response: .ok(["steps": [.error("x"), .error("y")]])
            ),
            "output member steps: expected 1 elements, got 2"
        )
    }

    // REQ: ADP-19
    func testLongHexDifferenceGivesThePosition() {
        let expected = String(repeating: "ab", count: 40),
            actual = String(repeating: "ab", count: 20) + "ac" + String(repeating: "ab", count: 19)
        let message = ResponseComparison.mismatch(
            expected: ["frame": .string(expected)],
            response: .ok(["frame": .string(actual)])
        )
        XCTAssertTrue(
            message?.contains(
                "(first difference at character 41); expected type 0xab (unregistered type), 40 bytes; got type 0xab"
            ) == true,
            message ?? ""
        )
    }

    // REQ: ADP-19
    func testChannelStateDifferenceInsideAStepIsNamed() {
        let expected: JSONValue = [
            "steps": [["error": "unknown_device", "channel": ["state": "paired", "devicePublicKey": "aa"]]]
        ]
        let actual: JSONValue = ["steps": [["error": "unknown_device", "channel": ["state": "revoked"]]]]
        XCTAssertEqual(
            ResponseComparison.mismatch(expected: expected, response: .ok(actual)),
            "output member steps[0].channel.devicePublicKey is missing"
        )
    }
}
