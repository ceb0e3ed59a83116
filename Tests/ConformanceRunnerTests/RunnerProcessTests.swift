import ConformanceRunner
import Foundation
import VectorFormat
import VectorGeneration
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
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("runner-pids-\(UUID().uuidString)")
            .path
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

    private static let vectorsDirectory = Repository.root.appendingPathComponent("vectors").path

    // MARK: - Defect 1: a short sealed frame in the accumulated vectors

    // REQ: ADP-18, FRAME-SEAL-1
    func testSealedFrameShorterThanAnyFrameFailsTheAccumulatedCaseInsteadOfCrashing() throws {
        let adapter = Fixture.misbehavingCommand("--operations", "frame-seal,frame-open")
        let run = CommandRun.run([
            "--adapter", adapter, "--vectors", Self.vectorsDirectory, "--filter", "accumulated/*", "--no-live",
        ])
        XCTAssertEqual(run.status, .failures, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                """
                FAIL  3 cases [FRAME-SEAL-1, FRAME-OPEN-1, FRAME-OPEN-2, FRAME-OPEN-3, FRAME-OPEN-6, KDF-5]: \
                expected success, got a different output
                  - accumulated/session-frames-1
                  - accumulated/session-frames-100
                  - accumulated/session-frames-10000
                  first, accumulated/session-frames-1: case 0 (sealed by core, 284-byte plaintext, undamaged): \
                frame-seal answered a 10-byte frame, expected 325 bytes (a 284-byte plaintext plus 41 bytes of type, nonce and tag)
                """
            ),
            run.stdout
        )
        XCTAssertEqual(run.lastLine, "0 passed, 3 failed, 1 skipped")
        // Positive control: the reference passes the same vectors.
        let reference = CommandRun.run(
            ["--vectors", Self.vectorsDirectory, "--filter", "accumulated/*", "--no-live"],
            reference: try referenceAdapter()
        )
        XCTAssertEqual(reference.status, .success, reference.stdout)
        XCTAssertEqual(reference.lastLine, "3 passed, 0 failed, 1 skipped")
    }

    // MARK: - Defect 2: processes the adapter leaves behind

    // REQ: ADP-22
    func testDescendantInANewSessionHoldingStdoutDoesNotHoldTheRun() throws {
        let holders = pidFile()
        let start = Date()
        let run = CommandRun.run([
            "--adapter", Fixture.misbehavingCommand("--holder", "session", holders),
            "--vectors", try echoVectors(), "--no-live",
        ])
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        XCTAssertEqual(run.lastLine, "3 passed, 0 failed, 0 skipped")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the runner waited for the holder's 60 s sleep")
        XCTAssertEqual(Self.pids(in: holders).count, 1, "the fixture started its holder")
    }

    // REQ: ADP-22, ADP-18
    func testAdapterExitingWhileADescendantHoldsStdoutFailsAsAnExitNotATimeout() throws {
        let holders = pidFile()
        let start = Date()
        let vectors = [
            fakeVector("fake/before"), fakeVector("fake/exit", "exit", expected: [:]), fakeVector("fake/after"),
        ]
        let (results, driver) = try runVectors(
            vectors,
            adapter: Fixture.misbehaving("--holder", "session", holders),
            timeoutMilliseconds: 20_000
        )
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed, .passed])
        XCTAssertEqual(results[1].fault, "exit")
        XCTAssertEqual(results[1].message, "the adapter exited with status 3 before answering")
        XCTAssertEqual(driver.restarts, 1)
        XCTAssertLessThan(
            Date().timeIntervalSince(start),
            5,
            "end of output came from the exit, not from the 20 s timeout"
        )
    }

    // REQ: ADP-22
    func testProcessesInTheAdaptersGroupAreEndedAtShutdown() throws {
        let holders = pidFile()
        let run = CommandRun.run([
            "--adapter", Fixture.misbehavingCommand("--holder", "group", holders),
            "--vectors", try echoVectors(), "--no-live",
        ])
        XCTAssertEqual(run.status, .success, run.stdout + run.stderr)
        let pids = Self.pids(in: holders)
        XCTAssertEqual(pids.count, 1)
        XCTAssertEqual(Self.stillRunning(pids), [], "the adapter's helper outlived the run")
    }

    // REQ: ADP-22, ADP-18
    func testProcessesInTheAdaptersGroupAreEndedAfterAFault() throws {
        let holders = pidFile()
        let vectors = [fakeVector("fake/before"), fakeVector("fake/hang", "hang", expected: [:])]
        let driver = try AdapterDriver(
            configuration: AdapterConfiguration(
                command: Fixture.misbehaving("--holder", "group", holders),
                timeoutMilliseconds: 1_000
            )
        )
        let results = VectorRunner().run(vectors, driver: driver)
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed])
        let first = Self.pids(in: holders).first.map { [$0] } ?? []
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(Self.stillRunning(first), [], "the hung adapter's helper was left running after the timeout")
        driver.shutdown()
    }

    // MARK: - Defect 3: timeouts out of range

    func testTimeoutOutOfRangeIsAUsageErrorNamingTheRange() {
        for arguments in [
            ["--timeout-ms", "99999999999999"], ["interop", "--adapter", "x", "--timeout-ms", "99999999999999"],
            ["--timeout-ms", "3600001"], ["--timeout-ms", "0"], ["--timeout-ms", "99999999999999999999999"],
        ] {
            XCTAssertThrowsError(try RunOptions.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual(
                    (error as? RunOptions.UsageError)?.description,
                    "--timeout-ms needs a whole number of milliseconds from 1 to 3600000 (got \(arguments.last!))"
                )
            }
        }
        let run = CommandRun.run(["--timeout-ms", "99999999999999"])
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(
            run.stderr.hasPrefix("conformance: --timeout-ms needs a whole number of milliseconds from 1 to 3600000")
        )
        // Positive control: both ends of the range.
        XCTAssertEqual(try RunOptions.parse(["--timeout-ms", "3600000"]).timeoutMilliseconds, 3_600_000)
        XCTAssertEqual(try RunOptions.parse(["--timeout-ms", "1"]).timeoutMilliseconds, 1)
    }

    // REQ: ADP-22, ADP-23
    func testHelpStatesTheRangesTheStuckRuleAndTheSignalStatuses() {
        let help = CommandRun.run(["--help"]).stdout
        for text in [
            "\n  --deadline SECONDS", "1 to 3600000 (default 5000)", "1 to 604800 seconds", "After 3\n",
            "timeouts in a row", "128+N  stopped by signal N (130 SIGINT, 143 SIGTERM, 129 SIGHUP)",
        ] {
            XCTAssertTrue(help.contains(text), "--help does not say \(text)")
        }
    }

    func testDeadlineOutOfRangeIsAUsageError() {
        for value in ["0", "604801", "-1", "1e3", "99999999999999999999"] {
            XCTAssertThrowsError(try RunOptions.parse(["--deadline", value])) { error in
                XCTAssertEqual(
                    (error as? RunOptions.UsageError)?.description,
                    "--deadline needs a whole number of seconds from 1 to 604800 (got \(value))"
                )
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
        let (small, _) = try runVectors(
            [fakeVector("fake/small", "error", input: ["code": "replayed"], expected: [:])],
            adapter: Fixture.misbehaving()
        )
        XCTAssertEqual(small.first?.message, "expected success, got error replayed")
        XCTAssertEqual(small.first?.actual, ["ok": false, "error": "replayed"])
    }

    // REQ: ADP-24
    func testAHugeArrayAnswerIsCutToABoundedNumberOfValues() throws {
        let huge = JSONValue.array(Array(repeating: .int(0), count: 500_000))
        let vector = fakeVector("fake/array", input: ["values": huge], expected: ["values": .array([])])
        let (results, _) = try runVectors([vector], adapter: Fixture.misbehaving())
        XCTAssertEqual(results.first?.outcome, .failed)
        guard case .object(let output)? = results.first?.actual?["output"], case .array(let kept)? = output["values"]
        else {
            return XCTFail("no output kept: \(String(describing: results.first?.actual))")
        }
        XCTAssertLessThanOrEqual(kept.count, 513)
        XCTAssertEqual(kept.last, .string("[... \(500_000 - kept.count + 1) more elements]"))
    }

    // MARK: - Defect 8: interop loses an adapter

    // REQ: ADP-18
    func testInteropExitsThreeWhenAnAdaptersRestartFails() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("start-once-\(UUID().uuidString)")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: marker) }
        let reference = try referenceAdapter().joined(separator: " ")
        func interop(_ options: String...) -> CommandRun {
            let crashing = Fixture.misbehaving(
                ["--operations", "frame-seal,frame-open", "--crash-on", "frame-open"] + options
            )
            return CommandRun.run(["interop", "--adapter", reference, "--adapter", crashing.joined(separator: " ")])
        }
        // Positive control: B crashes on every frame-open and restarts each time: failures, status 1.
        let restarting = interop()
        XCTAssertEqual(restarting.status, .failures, restarting.stdout + restarting.stderr)
        // B crashes once and refuses to start again: the table is incomplete, status 3.
        let lost = interop("--start-once", marker)
        XCTAssertEqual(lost.status, .adapterUnavailable, lost.stdout + lost.stderr)
        XCTAssertTrue(
            lost.stdout.contains(
                "conformance interop: B could not be driven to the end: the adapter is unavailable: "
                    + "restart failed: hello failed: the adapter exited with status 1 before answering"
            ),
            lost.stdout
        )
        XCTAssertTrue(lost.stdout.contains("  | fake: refusing a second start"), lost.stdout)
    }

    // MARK: - A stuck adapter, the deadline, progress

    // REQ: ADP-23
    func testSilentAdapterEndsAFullRunQuicklyWithStatusThree() throws {
        // The real vector set and the live checks: ~2,000 requests, of which only 3 may time out.
        let start = Date()
        let operations =
            "x25519,hkdf-sha256,hchacha20,xchacha20poly1305-seal,xchacha20poly1305-open,session-keys,frame-seal,"
            + "frame-open,session,handshake-device-start,handshake-device-finish,handshake-core,qr-encode,qr-parse"
        let silent = Fixture.misbehavingCommand("--silent", "--operations", operations, "--policy", "replayMemory=128")
        let run = CommandRun.run(["--adapter", silent, "--vectors", Self.vectorsDirectory, "--timeout-ms", "1000"])
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(run.status, .adapterUnavailable, String(run.stdout.suffix(2_000)))
        XCTAssertLessThan(elapsed, 20, "3 timeouts of 1 s and 3 restarts, then every other case at once")
        XCTAssertTrue(
            run.stdout.contains(
                "ERROR the adapter is stuck: 3 requests in a row got no response within 1000 ms; "
                    + "the run stopped and the cases not yet answered were not run "
                    + "(check that the adapter flushes stdout after each response); the run is incomplete"
            ),
            String(run.stdout.suffix(2_000))
        )
        XCTAssertTrue(
            run.lastLine.hasPrefix("the run is incomplete, the adapter could not be driven to its end: 0 passed, "),
            run.lastLine
        )
    }

    // REQ: ADP-23
    func testTimeoutsThatAreNotInARowDoNotStopTheRun() throws {
        // Positive control for the stuck rule: two hangs, an answer between them, and the run goes on.
        let vectors = [
            fakeVector("fake/hang-1", "hang", expected: [:]), fakeVector("fake/hang-2", "hang", expected: [:]),
            fakeVector("fake/ok"), fakeVector("fake/hang-3", "hang", expected: [:]), fakeVector("fake/after"),
        ]
        let (results, driver) = try runVectors(vectors, adapter: Fixture.misbehaving(), timeoutMilliseconds: 1_000)
        XCTAssertEqual(results.map(\.outcome), [.failed, .failed, .passed, .failed, .passed])
        XCTAssertEqual(results.compactMap(\.fault), ["timeout", "timeout", "timeout"])
        XCTAssertNil(driver.unavailable)
        // Three in a row: the third is a timeout, everything after it is not run.
        let inARow = [
            fakeVector("fake/hang-1", "hang", expected: [:]), fakeVector("fake/hang-2", "hang", expected: [:]),
            fakeVector("fake/hang-3", "hang", expected: [:]), fakeVector("fake/after"),
        ]
        let (stuck, stuckDriver) = try runVectors(inARow, adapter: Fixture.misbehaving(), timeoutMilliseconds: 1_000)
        XCTAssertEqual(stuck.compactMap(\.fault), ["timeout", "timeout", "timeout", "stuck"])
        XCTAssertEqual(stuckDriver.unavailable?.fault, .stuck(count: 3, milliseconds: 1_000))
    }

    // REQ: ADP-23
    func testDeadlineStopsTheRunWithStatusThreeAndTheReportStillWritten() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/a"), fakeVector("fake/hang", "hang", expected: [:]), fakeVector("fake/b")],
            in: self
        )
        let start = Date()
        let run = CommandRun.run([
            "--adapter", Fixture.misbehavingCommand(), "--vectors", vectors.path, "--no-live",
            "--deadline", "1", "--timeout-ms", "60000", "--format", "json",
        ])
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the deadline of 1 s, not the 60 s timeout")
        XCTAssertEqual(run.status, .adapterUnavailable, run.stdout + run.stderr)
        let report = try JSONReader.value(Array(run.stdout.utf8))
        guard case .array(let results)? = report["results"] else { return XCTFail("no results: \(run.stdout)") }
        XCTAssertEqual(results.map { $0["outcome"] }, [.string("passed"), .string("failed"), .string("failed")])
        XCTAssertEqual(results.map { $0["fault"] }, [nil, .string("deadline"), .string("deadline")])
        XCTAssertEqual(
            results[1]["message"],
            .string("the run's deadline of 1 s was reached; the cases not yet answered were not run")
        )
        XCTAssertEqual(report["adapterUnavailable"]?["message"], results[1]["message"])
    }

    func testProgressOutsideATerminalIsOneLinePerAreaInAFixedFormat() {
        var lines: [String] = []
        let log = ProgressLog(write: { lines.append($0) }, intervalSeconds: 3_600)
        for (done, id) in ["frame-open/a", "frame-open/b", "hkdf/a", "x25519/a\u{1B}[2J"].enumerated() {
            log.update(done: done + 1, total: 4, current: id)
        }
        log.finish()
        XCTAssertEqual(
            lines,
            [
                "conformance: progress: 2/4 cases, frame-open done\n", "conformance: progress: 3/4 cases, hkdf done\n",
                "conformance: progress: 4/4 cases, x25519 done\n",
            ]
        )
        var timed: [String] = []
        let every = ProgressLog(write: { timed.append($0) }, intervalSeconds: 0)
        every.update(done: 1, total: 9, current: "qr-parse/\u{7}bell")
        XCTAssertEqual(timed, ["conformance: progress: 1/9 cases, at qr-parse/?bell\n"])
    }

    func testRunOutsideATerminalLogsProgressOnStderr() throws {
        let run = CommandRun.run(
            ["--adapter", Fixture.misbehavingCommand(), "--vectors", try echoVectors(), "--no-live"],
            progressLog: true
        )
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.stderr, "conformance: progress: 3/3 cases, fake done\n")
    }

    // MARK: - Signals to the runner

    // REQ: ADP-22
    func testSignalToTheRunnerEndsTheHungAdapterAndExitsWith128PlusTheSignal() throws {
        let executable = try XCTUnwrap(try referenceAdapter().first)
        let vectors = try writeVectors([fakeVector("fake/hang", "hang", expected: [:])], in: self)
        for (signalNumber, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")] {
            let adapters = pidFile()
            let runner = Process()
            runner.executableURL = URL(fileURLWithPath: executable)
            runner.arguments = [
                "--adapter", Fixture.misbehavingCommand("--pid-file", adapters), "--vectors", vectors.path,
                "--no-live", "--timeout-ms", "60000",
            ]
            let stderr = Pipe()
            runner.standardError = stderr
            runner.standardOutput = FileHandle.nullDevice
            try runner.run()
            addTeardownBlock { if runner.isRunning { kill(runner.processIdentifier, SIGKILL) } }
            // Wait until the adapter runs and the hang request had time to arrive.
            let started = Date()
            while Self.pids(in: adapters).isEmpty, Date().timeIntervalSince(started) < 10 { usleep(20_000) }
            let adapter = try XCTUnwrap(Self.pids(in: adapters).first, "the adapter never started")
            usleep(300_000)
            let sent = Date()
            kill(runner.processIdentifier, signalNumber)
            runner.waitUntilExit()
            XCTAssertLessThan(Date().timeIntervalSince(sent), 3, name)
            XCTAssertEqual(runner.terminationReason, .exit, name)
            XCTAssertEqual(runner.terminationStatus, 128 + signalNumber, name)
            XCTAssertEqual(Self.stillRunning([adapter]), [], "\(name) left the hung adapter running")
            let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(
                message.contains(
                    "conformance: stopped by \(name); ended 1 adapter process group; "
                        + "exit status \(128 + signalNumber)"
                ),
                message
            )
        }
    }

    // MARK: - ADP-25: an answer too large for a line

    /// A legal 3.1 MB `session` request whose answer (120,000 frames) is 11.4 MB.
    private static let hugeSession: String = {
        let steps = Array(repeating: #"{"seal":{"plaintext":""}}"#, count: 120_000).joined(separator: ",")
        return #"{"id":2,"op":"session","input":{"role":"device","c2s":""# + String(repeating: "00", count: 32)
            + #"","s2c":""# + String(repeating: "11", count: 32) + #"","steps":["# + steps + "]}}"
    }()

    private static let tooLargeExchange =
        #"{"id":1,"op":"hello","input":{"protocol":1}}"# + "\n" + hugeSession + "\n"
        + #"{"id":3,"op":"hkdf-sha256","input":{"ikm":"00","salt":"","info":"","length":4}}"# + "\n"

    /// The answer lines of `adapter` to the hello, the huge session and a small request.
    private func answers(of adapter: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: adapter[0])
        process.arguments = Array(adapter.dropFirst())
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(Self.tooLargeExchange.utf8))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    // REQ: ADP-25, ADP-2
    func testAnswersOverTheLineCapAreResponseTooLargeInEveryImplementation() throws {
        XCTAssertEqual(Self.hugeSession.utf8.count, 3_120_205, "the request itself is under the cap")
        let root = Repository.root
        let cAdapter = root.appendingPathComponent("tools/adapters/c/build/openhuman-adapter").path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        make.arguments = ["-s", "-C", root.appendingPathComponent("tools/adapters/c").path, "all"]
        try make.run()
        make.waitUntilExit()
        XCTAssertEqual(make.terminationStatus, 0, "building the C adapter")
        let adapters = [
            try referenceAdapter(), [cAdapter],
            [root.appendingPathComponent("tools/adapters/python/openhuman-adapter").path],
        ]
        for adapter in adapters {
            let lines = try answers(of: adapter)
            XCTAssertEqual(lines.count, 3, "\(adapter[0])")
            XCTAssertEqual(
                lines.dropFirst().first,
                #"{"id":2,"ok":false,"error":"response_too_large"}"#,
                "\(adapter[0])"
            )
            // Positive control: the stream stays in step and the next request is answered.
            XCTAssertEqual(lines.last, #"{"id":3,"ok":true,"output":{"okm":"ca0d0952"}}"#, "\(adapter[0])")
        }
    }

    // REQ: ADP-25
    func testResponseTooLargeFailsTheCaseNamingTheCap() throws {
        let vector = fakeVector("fake/too-large", "error", input: ["code": "response_too_large"], expected: [:])
        let (results, driver) = try runVectors([vector, fakeVector("fake/after")], adapter: Fixture.misbehaving())
        XCTAssertEqual(results.map(\.outcome), [.failed, .passed])
        XCTAssertEqual(
            results[0].message,
            "expected success, got error response_too_large "
                + "(the adapter's answer would exceed the 4 MiB line cap, ADP-25)"
        )
        XCTAssertEqual(driver.restarts, 0)
    }

    // MARK: - ADP-26: stderr tied to the failing request

    // REQ: ADP-26
    func testStderrOfAPipelinedFailureSaysOtherRequestsWereInFlight() throws {
        // Every request logs a line; the hang's timeout comes with two later requests in flight.
        // The hang logs 300 ms after its answer's predecessor, so that line cannot arrive with it.
        // The timeout also bounds the fixture's start (its hello): 2 s keeps a loaded machine from
        // failing the start instead of the hang.
        let vectors = [
            fakeVector("fake/before"), fakeVector("fake/hang", "hang", input: ["quietMs": 300], expected: [:]),
            fakeVector("fake/a"), fakeVector("fake/b"),
        ]
        let (results, _) = try runVectors(
            vectors,
            adapter: Fixture.misbehaving("--stderr-per-request"),
            timeoutMilliseconds: 2_000
        )
        XCTAssertEqual(results[1].fault, "timeout")
        XCTAssertEqual(results[1].stderrTail.last, "fake: hanging")
        XCTAssertTrue(
            results[1].stderrNote?.hasSuffix(
                "2 later requests were in flight too, so some lines may be theirs "
                    + "(--max-in-flight 1 ties every line to its request)"
            ) == true,
            results[1].stderrNote ?? "no note"
        )
        XCTAssertFalse(
            results[1].stderrTail.contains("fake: working on request 2"),
            "the answered request's line is not quoted"
        )
        // One at a time: the lines are this request's alone.
        let (alone, _) = try runVectors(
            vectors,
            adapter: Fixture.misbehaving("--stderr-per-request"),
            timeoutMilliseconds: 2_000,
            window: 1
        )
        XCTAssertEqual(alone[1].stderrTail, ["fake: working on request 3", "fake: hanging"])
        XCTAssertEqual(
            alone[1].stderrNote,
            "adapter stderr after its previous answer, while this request was the only one in flight (2 lines)"
        )
    }

    // REQ: ADP-26
    func testFailureWithNoStderrOfItsOwnSaysSoAndMarksTheEarlierLines() throws {
        // The flood's lines come before its answer; the garbage line comes with no stderr at all.
        let vectors = [
            fakeVector("fake/flood", "flood", input: ["bytes": .int(100)]), fakeVector("fake/garbage", "garbage"),
        ]
        let (results, _) = try runVectors(vectors, adapter: Fixture.misbehaving(), window: 1)
        XCTAssertEqual(results.map(\.outcome), [.passed, .failed])
        XCTAssertEqual(results[1].fault, "not-json")
        XCTAssertEqual(
            results[1].stderrNote,
            "the adapter wrote nothing to stderr after its previous answer was read; its last "
                + "lines before that, which may belong to earlier requests"
        )
        XCTAssertEqual(results[1].stderrTail.count, 20)
        XCTAssertTrue(results[1].stderrTail.allSatisfy { $0.hasPrefix("fake: log line") }, "\(results[1].stderrTail)")
    }

    // REQ: ADP-26
    func testTextAndJSONReportsSayWhatTheQuotedStderrIs() throws {
        let vectors = try writeVectors(
            [fakeVector("fake/before"), fakeVector("fake/crash", "crash", expected: [:])],
            in: self
        )
        let arguments = [
            "--adapter", Fixture.misbehavingCommand(), "--vectors", vectors.path, "--no-live", "--max-in-flight", "1",
        ]
        let text = CommandRun.run(arguments)
        XCTAssertTrue(
            text.stdout.contains(
                """
                  adapter stderr after its previous answer, while this request was the only one in flight (1 line):
                  | fake: about to crash on request 3
                """
            ),
            text.stdout
        )
        let json = try JSONReader.value(Array(CommandRun.run(arguments + ["--format", "json"]).stdout.utf8))
        guard case .array(let results)? = json["results"] else { return XCTFail("no results") }
        XCTAssertEqual(
            results.last?["stderrNote"],
            .string("adapter stderr after its previous answer, while this request was the only one in flight (1 line)")
        )
        XCTAssertNil(results.first?["stderrNote"], "a passing case has no stderr note")
    }
}
