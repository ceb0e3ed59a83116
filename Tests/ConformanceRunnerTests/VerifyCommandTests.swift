import Foundation
import KitModels
import OpenHumanTunnel
import VectorGeneration
import XCTest

/// `conformance verify` on traces and key logs the reference library wrote (kit chapter 3):
/// its exit statuses (VERIFY-9), its JSON form (VERIFY-10), and no secret in its output
/// (VERIFY-11).
final class VerifyCommandTests: XCTestCase {
    private func exchange() throws -> RecordedExchange { try RecordedExchange(id: "verify-command-test/exchange") }

    // REQ: VERIFY-9, VERIFY-1
    func testZeroForACleanTraceWithItsKeyLogAndTheTranscriptShowsTheEnvelopes() throws {
        let e = try exchange()
        let run = CommandRun.run([
            "verify", "--trace", try writeTemporaryFile(e.trace, in: self),
            "--keylog", try writeTemporaryFile(e.keyLog, in: self),
        ])
        XCTAssertEqual(run.status, .success, run.stderr)
        XCTAssertTrue(run.stdout.contains("core.ping"))
        XCTAssertTrue(run.stdout.contains("pairing code"))
        XCTAssertEqual(run.lastLine, "PASS: no departure")
    }

    // REQ: VERIFY-9, VERIFY-10, REPLAY-3
    func testOneForADepartureNamedInTheJSONForm() throws {
        let e = try exchange()
        let replayed = e.records + [TraceRecord(time: e.records.last!.time, body: e.records[3].body)]
        let run = CommandRun.run([
            "verify", "--trace", try writeTemporaryFile(RecordedExchange.trace(replayed), in: self),
            "--format", "json",
        ])
        XCTAssertEqual(run.status, .failures, run.stderr)
        let node = try JSONNodeReader.readObject(Array(run.stdout.utf8))
        XCTAssertEqual(node.member("status"), .string(Array("departure".utf8)))
        guard case .array(let departures)? = node.member("departures") else { return XCTFail("no departures") }
        XCTAssertEqual(departures.count, 1)
        XCTAssertEqual(departures.first?.member("requirement"), .string(Array("REPLAY-3".utf8)))
        XCTAssertEqual(departures.first?.member("step")?.integer, 6)
    }

    // REQ: VERIFY-9
    func testTwoForAMissingTraceABadKeyLogFileOrAnUnknownOption() throws {
        let trace = try writeTemporaryFile(try exchange().trace, in: self)
        XCTAssertEqual(CommandRun.run(["verify"]).status, .usage)
        XCTAssertEqual(CommandRun.run(["verify", "--trace", "/nonexistent/trace.jsonl"]).status, .usage)
        XCTAssertEqual(CommandRun.run(["verify", "--trace", trace, "--format", "xml"]).status, .usage)
        XCTAssertEqual(CommandRun.run(["verify", "--trace", trace, "--colour"]).status, .usage)
        let latin1 = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString).keylog")
        try Data([0x43, 0xff, 0x0a]).write(to: latin1)
        addTeardownBlock { try? FileManager.default.removeItem(at: latin1) }
        XCTAssertEqual(CommandRun.run(["verify", "--trace", trace, "--keylog", latin1.path]).status, .usage)
        // Positive control: the same trace, readable, passes.
        XCTAssertEqual(CommandRun.run(["verify", "--trace", trace]).status, .success)
        XCTAssertEqual(CommandRun.run(["verify", "--help"]).status, .success)
    }

    // REQ: VERIFY-11
    func testNoSecretOfTheKeyLogAppearsInEitherForm() throws {
        let e = try exchange()
        let trace = try writeTemporaryFile(e.trace, in: self), log = try writeTemporaryFile(e.keyLog, in: self)
        let outputs = ["text", "json"].map {
            CommandRun.run(["verify", "--trace", trace, "--keylog", log, "--format", $0]).stdout
        }
        for entry in e.keyLogEntries {
            let secret = entry.secret
            let forms = [
                Hex.encode(secret), Base64URL.encode(secret), Hex.encode(Array(secret.prefix(32))),
                Base64URL.encode(Array(secret.prefix(32))), Hex.encode(Array(secret.suffix(32))),
            ]
            for output in outputs {
                for form in forms { XCTAssertFalse(output.contains(form), "\(entry.label) appears in the output") }
            }
        }
        // Positive control: the public keys it names do appear.
        XCTAssertTrue(outputs[0].contains(Base64URL.encode(e.corePublic)))
    }

    // REQ: VERIFY-9
    func testOutputGoesToTheFileNamedByOutput() throws {
        let e = try exchange()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("verify-\(UUID().uuidString).txt").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        let run = CommandRun.run(["verify", "--trace", try writeTemporaryFile(e.trace, in: self), "--output", path])
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("PASS: no departure\n"))
    }
}
