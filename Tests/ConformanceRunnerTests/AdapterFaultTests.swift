import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// A bad adapter never hangs or crashes the runner: each fault fails exactly the vector it
/// happened on, names what happened, quotes the adapter's stderr, and the run goes on with a
/// restarted adapter. Every test puts the fault between two `echo` vectors: the one before is the
/// positive control (the adapter works), the one after proves the run continued.
final class AdapterFaultTests: XCTestCase {
    private func faultBetweenControls(
        _ operation: String,
        input: JSONValue = [:],
        adapter: [String] = Fixture.misbehaving(),
        timeoutMilliseconds: Int = 5_000,
        maximumLineLength: Int = AdapterConfiguration.defaultMaximumLineLength
    )
        throws -> (fault: CaseResult, driver: AdapterDriver)
    {
        let vectors = [
            fakeVector("fake/before"), fakeVector("fake/\(operation)", operation, input: input, expected: [:]),
            fakeVector("fake/after"),
        ]
        let (results, driver) = try runVectors(
            vectors,
            adapter: adapter,
            timeoutMilliseconds: timeoutMilliseconds,
            maximumLineLength: maximumLineLength
        )
        XCTAssertEqual(results[0].outcome, .passed, "positive control before the fault")
        XCTAssertEqual(results[2].outcome, .passed, "the run goes on after the fault: \(results[2].message ?? "")")
        XCTAssertEqual(results[1].outcome, .failed)
        XCTAssertEqual(driver.restarts, 1, "the adapter is restarted once")
        XCTAssertNil(driver.unavailable)
        return (results[1], driver)
    }

    // REQ: ADP-18
    func testCrashFailsItsVectorNamingTheSignalAndQuotingStderr() throws {
        let (result, _) = try faultBetweenControls("crash")
        XCTAssertEqual(result.fault, "crash")
        XCTAssertEqual(result.message, "the adapter crashed before answering: killed by signal 11 (SIGSEGV)")
        XCTAssertEqual(result.stderrTail.last, "fake: about to crash on request 3")
        XCTAssertNil(result.actual, "a crash has no answer to report")
    }

    // REQ: ADP-18
    func testHangPastTheTimeoutFailsItsVectorAndTheAdapterIsKilled() throws {
        let start = Date()
        let (result, _) = try faultBetweenControls("hang", timeoutMilliseconds: 1_500)
        XCTAssertEqual(result.fault, "timeout")
        XCTAssertEqual(
            result.message,
            "no response within 1500 ms (the adapter hung, or needs longer: raise --timeout-ms); it was killed"
        )
        XCTAssertEqual(result.stderrTail.last, "fake: hanging")
        XCTAssertLessThan(
            Date().timeIntervalSince(start),
            10,
            "the runner waited for the timeout, not for the adapter's hour"
        )
    }

    // REQ: ADP-18, ADP-1
    func testLineThatIsNotJSONFailsItsVectorQuotingTheLine() throws {
        let (result, _) = try faultBetweenControls("garbage")
        XCTAssertEqual(result.fault, "not-json")
        XCTAssertEqual(
            result.message,
            "the adapter wrote a line that is not JSON "
                + "(not a JSON value (true, false or null expected) at byte 0): this line is not JSON"
        )
    }

    // REQ: ADP-18, ADP-7
    func testResponseWithAnotherRequestsIDFailsItsVector() throws {
        let (result, _) = try faultBetweenControls("wrong-id")
        XCTAssertEqual(result.fault, "wrong-id")
        XCTAssertEqual(result.message, "the response has id 1003, expected 3 (one response per request, in order)")
    }

    // REQ: ADP-18
    func testEarlyExitFailsItsVectorNamingTheStatus() throws {
        let (result, _) = try faultBetweenControls("exit")
        XCTAssertEqual(result.fault, "exit")
        XCTAssertEqual(result.message, "the adapter exited with status 3 before answering")
        XCTAssertEqual(result.stderrTail.last, "fake: exiting with status 3")
    }

    // REQ: ADP-18
    func testClosingStdoutWithoutExitingFailsItsVector() throws {
        let (result, _) = try faultBetweenControls("close-stdout")
        XCTAssertEqual(result.fault, "closed-output")
        XCTAssertEqual(result.message, "the adapter closed its stdout before answering")
    }

    // REQ: ADP-2, ADP-18
    func testLineOverTheFourMebibyteCapFailsItsVector() throws {
        let (result, _) = try faultBetweenControls("oversized", input: ["bytes": .int(5 << 20)])
        XCTAssertEqual(result.fault, "oversized-line")
        XCTAssertEqual(result.message, "the adapter wrote a line longer than 4194304 bytes (the runner's cap)")
    }

    // REQ: ADP-2
    func testLineUnderTheCapIsAccepted() throws {
        let padding = String(repeating: "x", count: 3 << 20)
        let vector = fakeVector(
            "fake/big",
            "oversized",
            input: ["bytes": .int(3 << 20)],
            expected: ["pad": .string(padding)]
        )
        let (results, driver) = try runVectors([vector], adapter: Fixture.misbehaving())
        XCTAssertEqual(results.map(\.outcome), [.passed])
        XCTAssertEqual(driver.restarts, 0)
    }

    // REQ: ADP-3
    func testStderrFloodIsDrainedWithoutDeadlock() throws {
        // 20 MB is hundreds of times a pipe buffer: an undrained stderr would block the adapter
        // before it answers, and the request would time out.
        let vector = fakeVector("fake/flood", "flood", input: ["bytes": .int(20_000_000)])
        let (results, driver) = try runVectors(
            [vector, fakeVector("fake/after")],
            adapter: Fixture.misbehaving(),
            timeoutMilliseconds: 10_000
        )
        XCTAssertEqual(results.map(\.outcome), [.passed, .passed], results.compactMap(\.message).joined())
        XCTAssertEqual(driver.restarts, 0)
    }

    // REQ: ADP-18, ADP-26
    func testStderrTailKeepsTheLastTwentyLinesOfTheFailingRequest() throws {
        // A flood answered, then a crash after 100 lines of its own: the quoted tail is bounded,
        // ends with the last line, and holds none of the flood, which belongs to the request before.
        // One request at a time, so every line can be tied to its request.
        let vectors = [
            fakeVector("fake/flood", "flood", input: ["bytes": .int(1_000_000)]),
            fakeVector("fake/crash", "crash", input: ["lines": .int(100)]),
        ]
        let (results, _) = try runVectors(vectors, adapter: Fixture.misbehaving(), window: 1)
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed])
        XCTAssertEqual(results[1].stderrTail.count, 20)
        XCTAssertEqual(results[1].stderrTail.first, "fake: log line 81")
        XCTAssertEqual(results[1].stderrTail.last, "fake: about to crash on request 3")
        XCTAssertEqual(
            results[1].stderrNote,
            "adapter stderr after its previous answer, while this request was the only one "
                + "in flight (the last 20 of 101 lines)"
        )
    }

    // REQ: ADP-18
    func testSeveralFaultsInOneRunEachFailOnlyTheirVector() throws {
        let vectors = [
            fakeVector("fake/1"), fakeVector("fake/crash", "crash"), fakeVector("fake/2"),
            fakeVector("fake/garbage", "garbage"), fakeVector("fake/3"), fakeVector("fake/exit", "exit"),
            fakeVector("fake/4"),
        ]
        let (results, driver) = try runVectors(vectors, adapter: Fixture.misbehaving())
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed, .passed, .failed, .passed, .failed, .passed])
        XCTAssertEqual(results.compactMap(\.fault), ["crash", "not-json", "exit"])
        XCTAssertEqual(driver.restarts, 3)
    }

    // REQ: ADP-18
    func testRestartThatFailsMarksTheRestUnavailable() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("start-once-\(UUID().uuidString)")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: marker) }
        let vectors = [
            fakeVector("fake/before"), fakeVector("fake/crash", "crash"), fakeVector("fake/a"), fakeVector("fake/b"),
        ]
        let (results, driver) = try runVectors(vectors, adapter: Fixture.misbehaving("--start-once", marker))
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed, .failed, .failed])
        XCTAssertEqual(results[1].fault, "crash")
        XCTAssertEqual(results[2].fault, "unavailable")
        XCTAssertEqual(
            results[2].message,
            "the adapter is unavailable: restart failed: hello failed: "
                + "the adapter exited with status 1 before answering"
        )
        XCTAssertEqual(results[2].stderrTail, ["fake: refusing a second start"])
        XCTAssertNotNil(driver.unavailable)
    }

    // REQ: ADP-7
    func testPipelinedRequestsAreMatchedInOrderWhateverTheWindow() throws {
        let vectors = (0..<300).map { fakeVector("fake/\($0)", input: ["n": .int(Int64($0))]) }
        for window in [1, 7, 64] {
            let (results, _) = try runVectors(vectors, adapter: Fixture.misbehaving(), window: window)
            XCTAssertEqual(results.filter { $0.outcome == .passed }.count, 300, "window \(window)")
        }
    }

    // MARK: - hello

    private func helloIncident(_ adapter: [String], timeoutMilliseconds: Int = 5_000) -> AdapterIncident? {
        do {
            let driver = try AdapterDriver(
                configuration: AdapterConfiguration(
                    command: adapter,
                    timeoutMilliseconds: timeoutMilliseconds
                )
            )
            driver.shutdown()
            return nil
        } catch {
            return error
        }
    }

    // REQ: ADP-12
    func testHelloOfAWorkingAdapterIsRead() throws {
        let driver = try AdapterDriver(
            configuration: AdapterConfiguration(
                command: Fixture.misbehaving("--operations", "echo", "--policy", "replayMemory=256")
            )
        )
        defer { driver.shutdown() }
        XCTAssertEqual(
            driver.hello,
            AdapterHello(
                name: "misbehaving",
                version: "0.0.1",
                operations: ["echo"],
                policies: ["replayMemory": 256]
            )
        )
    }

    // REQ: ADP-12
    func testHelloAnsweredWithAnErrorMakesTheAdapterUnavailable() {
        XCTAssertEqual(
            helloIncident(Fixture.misbehaving("--hello", "error"))?.fault,
            .unavailable(reason: "hello answered with error \"bad_request\"")
        )
    }

    // REQ: ADP-12
    func testHelloAnsweredWithGarbageMakesTheAdapterUnavailable() {
        XCTAssertEqual(
            helloIncident(Fixture.misbehaving("--hello", "garbage"))?.fault,
            .unavailable(
                reason: "hello failed: the adapter wrote a line that is not JSON "
                    + "(unexpected character 'h' at byte 0): hello, runner"
            )
        )
    }

    // REQ: ADP-12
    func testAdapterExitingAtHelloIsUnavailableWithItsStderr() {
        let incident = helloIncident(Fixture.misbehaving("--hello", "exit"))
        XCTAssertEqual(
            incident?.fault,
            .unavailable(reason: "hello failed: the adapter exited with status 2 before answering")
        )
        XCTAssertEqual(incident?.stderrTail, ["fake: cannot initialise"])
    }

    // REQ: ADP-12, ADP-18
    func testAdapterHangingAtHelloTimesOut() {
        XCTAssertEqual(
            helloIncident(Fixture.misbehaving("--hello", "hang"), timeoutMilliseconds: 300)?.fault,
            .unavailable(
                reason:
                    "hello failed: no response within 300 ms (the adapter hung, or needs longer: raise --timeout-ms); it was killed"
                    + "; if the adapter did answer, its stdout is probably buffered: it must flush after every "
                    + "response line (ADP-4; kit section 2.7, spec/kit/02-adapter-protocol.md, shows how in each language)"
            )
        )
    }

    func testMissingExecutableIsUnavailable() {
        XCTAssertEqual(
            helloIncident(["/nonexistent/adapter"])?.fault,
            .unavailable(reason: "adapter executable not found: /nonexistent/adapter (no such file)")
        )
    }
}
