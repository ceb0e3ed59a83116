import ConformanceKit
import Foundation
import TunnelVectors
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The runner survives its adapters as processes: it ends what they start, it is not held by
/// what they leave behind, it stops a stuck adapter and a run past its deadline, it keeps a
/// bounded amount of whatever they send, and a signal to the runner ends them too.
final class RunnerProcessTests: XCTestCase {
    // MARK: - Helpers

    /// A path in the temporary directory, removed by the teardown; any pids listed in it (one per
    /// line) are killed then, so no test leaves a process behind.
    private func pidFile() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("runner-pids-\(UUID().uuidString)").path
        addTeardownBlock {
            for pid in Self.pids(in: path) { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: path)
        }
        return path
    }

    private static func pids(in path: String) -> [pid_t] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Whether `pid` is a live process (a zombie waiting for its reaper is not).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return true }
        return !stat[close...].hasPrefix(") Z")
    }

    /// Waits up to `seconds` for every pid to end; the ones still running.
    private static func stillRunning(_ pids: [pid_t], within seconds: Double = 3) -> [pid_t] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if !pids.contains(where: isRunning) { return [] }
            usleep(20_000)
        }
        return pids.filter(isRunning)
    }

    private func echoVectors(_ count: Int = 3) throws -> String {
        try writeVectors((0..<count).map { fakeVector("fake/\($0)") }, in: self).path
    }

    private static let vectorsDirectory = SuiteRun.repositoryRoot.appendingPathComponent("vectors").path

    // MARK: - Defect 1: a short sealed frame in the accumulated vectors

    // REQ: ADP-18, FRAME-SEAL-1
    func testSealedFrameShorterThanAnyFrameFailsTheAccumulatedCaseInsteadOfCrashing() throws {
        let adapter = Fixture.misbehavingCommand("--operations", "frame-seal,frame-open")
        let run = CommandRun.run(["--adapter", adapter, "--vectors", Self.vectorsDirectory, "--filter", "accumulated/*", "--no-live"])
        XCTAssertEqual(run.status, .failures, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("""
            FAIL  accumulated/session-frames-1 [FRAME-SEAL-1, FRAME-OPEN-1, FRAME-OPEN-2, FRAME-OPEN-3, FRAME-OPEN-6, KDF-5]
              case 0 (sealed by core, 284-byte plaintext, undamaged): frame-seal answered a 10-byte frame, expected 325 bytes \
            (a 284-byte plaintext plus 41 bytes of type, nonce and tag)
            """), run.stdout)
        XCTAssertEqual(run.lastLine, "0 passed, 3 failed, 1 skipped")
        // Positive control: the reference passes the same vectors.
        let reference = CommandRun.run(["--vectors", Self.vectorsDirectory, "--filter", "accumulated/*", "--no-live"],
                                       reference: try referenceAdapter())
        XCTAssertEqual(reference.status, .success, reference.stdout)
        XCTAssertEqual(reference.lastLine, "3 passed, 0 failed, 1 skipped")
    }

    // MARK: - Defect 2: processes the adapter leaves behind

    // REQ: ADP-22
    func testDescendantInANewSessionHoldingStdoutDoesNotHoldTheRun() throws {
        let holders = pidFile()
        let start = Date()
        let run = CommandRun.run(["--adapter", Fixture.misbehavingCommand("--holder", "session", holders),
                                  "--vectors", try echoVectors(), "--no-live"])
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        XCTAssertEqual(run.lastLine, "3 passed, 0 failed, 0 skipped")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the runner waited for the holder's 60 s sleep")
        XCTAssertEqual(Self.pids(in: holders).count, 1, "the fixture started its holder")
    }

    // REQ: ADP-22, ADP-18
    func testAdapterExitingWhileADescendantHoldsStdoutFailsAsAnExitNotATimeout() throws {
        let holders = pidFile()
        let start = Date()
        let vectors = [fakeVector("fake/before"), fakeVector("fake/exit", "exit", expected: [:]), fakeVector("fake/after")]
        let (results, driver) = try runVectors(vectors, adapter: Fixture.misbehaving("--holder", "session", holders),
                                               timeoutMilliseconds: 20_000)
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed, .passed])
        XCTAssertEqual(results[1].fault, "exit")
        XCTAssertEqual(results[1].message, "the adapter exited with status 3 before answering")
        XCTAssertEqual(driver.restarts, 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "end of output came from the exit, not from the 20 s timeout")
    }

    // REQ: ADP-22
    func testProcessesInTheAdaptersGroupAreEndedAtShutdown() throws {
        let holders = pidFile()
        let run = CommandRun.run(["--adapter", Fixture.misbehavingCommand("--holder", "group", holders),
                                  "--vectors", try echoVectors(), "--no-live"])
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        let pids = Self.pids(in: holders)
        XCTAssertEqual(pids.count, 1)
        XCTAssertEqual(Self.stillRunning(pids), [], "the adapter's helper outlived the run")
    }

    // REQ: ADP-22, ADP-18
    func testProcessesInTheAdaptersGroupAreEndedAfterAFault() throws {
        let holders = pidFile()
        let vectors = [fakeVector("fake/before"), fakeVector("fake/hang", "hang", expected: [:])]
        let driver = try AdapterDriver(configuration: AdapterConfiguration(
            command: Fixture.misbehaving("--holder", "group", holders), timeoutMilliseconds: 300))
        let results = VectorRunner().run(vectors, driver: driver)
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed])
        let first = Self.pids(in: holders).first.map { [$0] } ?? []
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(Self.stillRunning(first), [], "the hung adapter's helper was left running after the timeout")
        driver.shutdown()
    }

    // MARK: - Defect 3: timeouts out of range

    func testTimeoutOutOfRangeIsAUsageErrorNamingTheRange() {
        for arguments in [["--timeout-ms", "99999999999999"], ["interop", "--adapter", "x", "--timeout-ms", "99999999999999"],
                          ["--timeout-ms", "3600001"], ["--timeout-ms", "0"], ["--timeout-ms", "99999999999999999999999"]] {
            XCTAssertThrowsError(try RunOptions.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? RunOptions.UsageError)?.description,
                               "--timeout-ms needs a whole number of milliseconds from 1 to 3600000 (got \(arguments.last!))")
            }
        }
        let run = CommandRun.run(["--timeout-ms", "99999999999999"])
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.hasPrefix("conformance: --timeout-ms needs a whole number of milliseconds from 1 to 3600000"))
        // Positive control: both ends of the range.
        XCTAssertEqual(try RunOptions.parse(["--timeout-ms", "3600000"]).timeoutMilliseconds, 3_600_000)
        XCTAssertEqual(try RunOptions.parse(["--timeout-ms", "1"]).timeoutMilliseconds, 1)
    }

    func testDeadlineOutOfRangeIsAUsageError() {
        for value in ["0", "604801", "-1", "1e3", "99999999999999999999"] {
            XCTAssertThrowsError(try RunOptions.parse(["--deadline", value])) { error in
                XCTAssertEqual((error as? RunOptions.UsageError)?.description,
                               "--deadline needs a whole number of seconds from 1 to 604800 (got \(value))")
            }
        }
        XCTAssertEqual(try RunOptions.parse(["--deadline", "604800"]).deadlineSeconds, 604_800)
        XCTAssertEqual(try RunOptions.parse(["interop", "--adapter", "x", "--deadline", "1"]).deadlineSeconds, 1)
    }

    // MARK: - Defect 5: bounded memory

    // REQ: ADP-24
    func testFourMegabyteErrorCodesAreKeptBoundedWithAVisibleMarker() throws {
        let vectors = (0..<3).map { fakeVector("fake/\($0)") }
        let (results, driver) = try runVectors(vectors, adapter: Fixture.misbehaving("--huge-answers", "4000000"))
        XCTAssertEqual(results.map(\.outcome), [.failed, .failed, .failed])
        XCTAssertEqual(driver.restarts, 0, "a long error code is an answer, not a fault")
        for result in results {
            let message = try XCTUnwrap(result.message)
            XCTAssertLessThanOrEqual(message.utf8.count, 4_096 + 60, "message kept whole")
            XCTAssertTrue(message.hasPrefix("expected success, got error xxxx"), message.prefix(80).description)
            XCTAssertTrue(message.hasSuffix(" [... truncated: 4000028 bytes in all]"), String(message.suffix(60)))
            let actual = JSONWriter.compactString(try XCTUnwrap(result.actual))
            XCTAssertLessThanOrEqual(actual.utf8.count, 16_384 + 200, "actual kept whole")
            XCTAssertTrue(actual.contains("[... truncated: 4000000 bytes in all]"), String(actual.suffix(80)))
        }
        // Positive control: an answer within the bounds is kept exactly.
        let (small, _) = try runVectors([fakeVector("fake/small", "error", input: ["code": "replayed"], expected: [:])],
                                        adapter: Fixture.misbehaving())
        XCTAssertEqual(small.first?.message, "expected success, got error replayed")
        XCTAssertEqual(small.first?.actual, ["ok": false, "error": "replayed"])
    }

    // REQ: ADP-24
    func testAHugeArrayAnswerIsCutToABoundedNumberOfValues() throws {
        let huge = JSONValue.array(Array(repeating: .int(0), count: 500_000))
        let vector = fakeVector("fake/array", input: ["values": huge], expected: ["values": .array([])])
        let (results, _) = try runVectors([vector], adapter: Fixture.misbehaving())
        XCTAssertEqual(results.first?.outcome, .failed)
        guard case .object(let output)? = results.first?.actual?["output"], case .array(let kept)? = output["values"] else {
            return XCTFail("no output kept: \(String(describing: results.first?.actual))")
        }
        XCTAssertLessThan(kept.count, 1_100)
        XCTAssertEqual(kept.last, .string("[... \(500_000 - kept.count + 1) more elements]"))
    }

    // MARK: - Defect 8: interop loses an adapter

    // REQ: ADP-18
    func testInteropExitsThreeWhenAnAdaptersRestartFails() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("start-once-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: marker) }
        let reference = try referenceAdapter().joined(separator: " ")
        func interop(_ options: String...) -> CommandRun {
            let crashing = Fixture.misbehaving(["--operations", "frame-seal,frame-open", "--crash-on", "frame-open"] + options)
            return CommandRun.run(["interop", "--adapter", reference, "--adapter", crashing.joined(separator: " ")])
        }
        // Positive control: B crashes on every frame-open and restarts each time: failures, status 1.
        let restarting = interop()
        XCTAssertEqual(restarting.status, .failures, restarting.stdout + restarting.stderr)
        // B crashes once and refuses to start again: the table is incomplete, status 3.
        let lost = interop("--start-once", marker)
        XCTAssertEqual(lost.status, .adapterUnavailable, lost.stdout + lost.stderr)
        XCTAssertTrue(lost.stdout.contains("conformance interop: B could not be driven to the end: the adapter is unavailable: "
                                           + "restart failed: hello failed: the adapter exited with status 1 before answering"),
                      lost.stdout)
        XCTAssertTrue(lost.stdout.contains("  | fake: refusing a second start"), lost.stdout)
    }
}
