import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// What the runner accepts in `hello` (ADP-12, ADP-44) and how it shows what an adapter says
/// (ADP-45), with a scripted adapter that answers any hello a test writes.
final class HelloValidationTests: XCTestCase {
    private func vectors() throws -> String {
        try writeVectors([fakeVector("fake/a"), fakeVector("fake/b")], in: self).path
    }

    private func hello(
        operations: [String] = ["echo"],
        policies: String? = #"{"replayMemory":128}"#,
        name: String = "scripted"
    ) -> String {
        let names = operations.map { "\"\($0)\"" }.joined(separator: ",")
        let policyMember = policies.map { #","policies":"# + $0 } ?? ""
        return #"{"protocol":1,"name":"# + JSONWriter.compactString(.string(name)) + #","version":"1.0","operations":["#
            + names + "]" + policyMember + "}"
    }

    private func run(_ hello: String, _ extra: [String] = []) throws -> CommandRun {
        let adapter = fixtureAdapter("scripted-hello-adapter.py", hello)
        return CommandRun.run(["--vectors", try vectors(), "--no-live"] + extra, reference: adapter)
    }

    // REQ: ADP-12
    func testAHelloWithoutPoliciesStopsTheRunWithExitThree() throws {
        let run = try run(hello(policies: nil))
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertTrue(
            run.stdout.contains(
                "ERROR the adapter is unavailable: hello output has no \"policies\" object (ADP-12: send {} when there are none); the run is incomplete\n"
            ),
            run.stdout
        )
        // Positive controls: {} is a lawful answer for an adapter without policies, and so is 128.
        XCTAssertEqual(try self.run(hello(policies: "{}")).status, .success)
        XCTAssertEqual(try self.run(hello()).status, .success)
    }

    // REQ: ADP-44
    func testAReplayMemoryBelow128StopsTheRunWithExitThree() throws {
        for value in ["-1", "0", "127"] {
            let run = try run(hello(policies: #"{"replayMemory":"# + value + "}"))
            XCTAssertEqual(run.status, .adapterUnavailable, value)
            XCTAssertTrue(
                run.stdout.contains(
                    "ERROR the adapter is unavailable: hello policy \"replayMemory\" is \(value); "
                        + "kit section 2.6 allows an integer of 128 or more (REPLAY-3); the run is incomplete\n"
                ),
                run.stdout
            )
        }
        XCTAssertEqual(
            try run(hello(policies: #"{"replayMemory":129}"#)).status,
            .success,
            "above the minimum is lawful"
        )
    }

    // REQ: ADP-44
    func testAnUnknownOperationNameIsAWarningInEveryFormat() throws {
        let typo = hello(operations: ["echo", "frame-opn"])
        let warning =
            "hello lists \"frame-opn\", which is no operation of the suite (a typo? the operation it means is skipped as undeclared)"
        let text = try run(typo)
        XCTAssertEqual(text.status, .success, "a warning does not fail the run")
        XCTAssertTrue(text.stdout.contains("\nWARNING \(warning)\n"), text.stdout)
        XCTAssertEqual(text.lastLine, "2 passed, 0 failed, 0 skipped")
        XCTAssertTrue(try run(typo, ["--format", "tap"]).stdout.contains("\n# WARNING \(warning)\n"))
        let junit = try run(typo, ["--format", "junit"]).stdout
        XCTAssertTrue(
            junit.contains(
                #"<property name="warning" value="hello lists &quot;frame-opn&quot;, which is no operation"#
            ),
            junit
        )
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try run(typo, ["--format", "json"]).stdout.utf8))
                as? [String: Any]
        )
        XCTAssertEqual(json["warnings"] as? [String], [warning])
        // Positive control: operations of the suite and of the loaded vectors draw no warning.
        let known = try run(hello(operations: ["echo", "frame-open", "qr-parse"]))
        XCTAssertFalse(known.stdout.contains("WARNING"), known.stdout)
    }

    // REQ: ADP-45
    func testTheTextReportEscapesWhatTheAdapterWrites() throws {
        let forged = "x\n0 passed, 0 failed, 0 skipped\u{1B}[2K\u{202E}"
        let vectors = try writeVectors(
            [
                fakeVector("fake/a"),
                fakeVector(
                    "fake/e",
                    "error",
                    input: ["code": .string(forged)],
                    expected: ["error": "replayed"]
                ),
            ],
            in: self
        ).path
        let adapter = fixtureAdapter(
            "scripted-hello-adapter.py",
            hello(operations: ["echo", "error"], name: "evil\n\u{1B}]0;title\u{07}")
        )
        let run = CommandRun.run(["--vectors", vectors, "--no-live"], reference: adapter)
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(run.stdout.contains("adapter: evil\\x0a\\x1b]0;title\\x07 1.0 ("), run.stdout)
        XCTAssertTrue(
            run.stdout.contains(
                "  expected error replayed, got error x\\x0a0 passed, 0 failed, 0 skipped\\x1b[2K\\u{202e}"
            ),
            run.stdout
        )
        XCTAssertFalse(run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(
            lines.filter { $0.hasSuffix("failed, 0 skipped") },
            ["1 passed, 1 failed, 0 skipped"],
            "the only summary line is the runner's own, last"
        )
        XCTAssertEqual(run.lastLine, "1 passed, 1 failed, 0 skipped")
        // Positive control: ordinary text is printed as it is.
        XCTAssertEqual(
            TextReport.printable("expected error replayed, got error auth_failed (ü)"),
            "expected error replayed, got error auth_failed (ü)"
        )
    }

    // REQ: ADP-18
    func testValidJSONThatIsNoResponseIsNotCalledNotJSON() throws {
        let vectors = try writeVectors([fakeVector("fake/f", "fraction")], in: self).path
        let run = CommandRun.run(
            ["--vectors", vectors, "--no-live"],
            reference: fixtureAdapter("scripted-hello-adapter.py", hello(operations: ["fraction"]))
        )
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(
            run.stdout.contains(
                "  the adapter wrote a malformed response (the line is JSON but not a valid response: "
                    + "number with a fraction or exponent (only integers are used) at byte 36): "
                    + #"{"id":2,"ok":true,"output":{"value":1.5}}"#
            ),
            run.stdout
        )
        // Positive control: a line that is not JSON is still called so.
        let garbage = CommandRun.run([
            "--vectors", try writeVectors([fakeVector("fake/g", "garbage")], in: self).path, "--no-live",
        ])
        XCTAssertTrue(garbage.stdout.contains("the adapter wrote a line that is not JSON ("), garbage.stdout)
    }

    // REQ: ADP-4
    func testATimedOutHelloSaysToFlushStdout() throws {
        let run = CommandRun.run([
            "--vectors", try vectors(), "--timeout-ms", "300",
            "--adapter", Fixture.misbehavingCommand("--hello", "hang"),
        ])
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertTrue(
            run.stdout.contains(
                "ERROR the adapter is unavailable: hello failed: no response within 300 ms (the adapter hung, or needs longer: raise --timeout-ms); "
                    + "it was killed; if the adapter did answer, its stdout is probably buffered: it must flush "
                    + "after every response line (ADP-4; kit section 2.7, spec/kit/02-adapter-protocol.md, shows how in each language); "
                    + "the run is incomplete"
            ),
            run.stdout
        )
        // Positive control: a hello that fails otherwise gets no flushing hint.
        let exited = CommandRun.run([
            "--vectors", try vectors(), "--adapter", Fixture.misbehavingCommand("--hello", "exit"),
        ])
        XCTAssertFalse(exited.stdout.contains("flush"), exited.stdout)
    }

    // REQ: ADP-18
    func testANonExecutableAdapterIsCalledNotExecutableNotMissing() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("adapter-\(UUID().uuidString).py")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: script) }
        try Data("print('hi')\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: script)
        let run = CommandRun.run(["--vectors", try vectors(), "--adapter", script])
        XCTAssertEqual(run.status, .adapterUnavailable)
        XCTAssertTrue(
            run.stdout.contains(
                "ERROR the adapter is unavailable: the adapter \(script) is not executable: make it "
                    + "executable (chmod +x) or name its interpreter in --adapter (for example "
                    + "\"python3 adapter.py\"); the run is incomplete"
            ),
            run.stdout
        )
        let missing = CommandRun.run(["--vectors", try vectors(), "--adapter", "/nonexistent/adapter"])
        XCTAssertTrue(
            missing.stdout.contains("adapter executable not found: /nonexistent/adapter (no such file)"),
            missing.stdout
        )
        let directory = CommandRun.run(["--vectors", try vectors(), "--adapter", "/tmp"])
        XCTAssertTrue(
            directory.stdout.contains("the adapter /tmp is a directory, not an executable file"),
            directory.stdout
        )
    }
}
