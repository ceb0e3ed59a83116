import ConformanceRunner
import Foundation
import VectorFormat
import XCTest

/// ADP-123: cases failing alike are one block in text and HTML, one entry each in the formats
/// for tools; ADP-124: a hex mismatch is decoded where the kit knows the layout.
final class FailureGroupTests: XCTestCase {
    /// Forty vectors that expect `frame_too_short` from an adapter that answers `auth_failed`,
    /// and one that fails differently.
    private func fortyAlike() throws -> String {
        var vectors = (0..<40).map { number in
            fakeVector(
                "fake/short-\(number)",
                "error",
                input: ["code": "auth_failed"],
                expected: .error("frame_too_short")
            )
        }
        vectors.append(fakeVector("fake/other", expected: ["value": "y"]))
        return try writeVectors(vectors, in: self).path
    }

    private func run(_ vectors: String, _ extra: [String] = []) -> CommandRun {
        CommandRun.run(
            ["--vectors", vectors, "--no-live", "--adapter", Fixture.misbehavingCommand("--operations", "echo,error")]
                + extra
        )
    }

    // REQ: ADP-123
    func testFortyIdenticalFailuresAreOneTextBlockListingEveryId() throws {
        let run = run(try fortyAlike())
        XCTAssertEqual(run.status, .failures)
        XCTAssertTrue(
            run.stdout.contains(
                "FAIL  40 cases [ADP-18]: expected error frame_too_short, got error auth_failed\n  - fake/short-0\n  - fake/short-1\n"
            ),
            run.stdout
        )
        for number in 0..<40 { XCTAssertTrue(run.stdout.contains("  - fake/short-\(number)\n"), "\(number)") }
        XCTAssertEqual(run.stdout.components(separatedBy: "FAIL ").count - 1, 2, run.stdout)
        XCTAssertTrue(
            run.stdout.contains("  first, fake/short-0: expected error frame_too_short, got error auth_failed\n")
        )
        // Positive control: the case that fails differently keeps its own block, as before.
        XCTAssertTrue(
            run.stdout.contains("FAIL  fake/other [ADP-18]\n  output member value: expected \"y\", got \"x\"")
        )
        XCTAssertEqual(run.lastLine, "0 passed, 41 failed, 0 skipped")
    }

    // REQ: ADP-123
    func testTheHTMLReportGroupsTheFortyAndEveryIdKeepsItsAnchor() throws {
        let html = run(try fortyAlike(), ["--format", "html"]).stdout
        XCTAssertEqual(html.components(separatedBy: "<div class=\"case failed").count - 1, 2, html)
        XCTAssertTrue(html.contains("<div class=\"case failed group\" data-cases=\"40\">"), html)
        for number in 0..<40 { XCTAssertTrue(html.contains("<li id=\"case-fake/short-\(number)\">"), "\(number)") }
        XCTAssertTrue(html.contains("<div class=\"case failed\" id=\"case-fake/other\">"), html)
    }

    // REQ: ADP-123, ADP-40
    func testTheFormatsForToolsKeepOneEntryPerCase() throws {
        let vectors = try fortyAlike()
        let junit = run(vectors, ["--format", "junit"]).stdout
        XCTAssertEqual(junit.components(separatedBy: "<failure ").count - 1, 41, junit)
        let tap = run(vectors, ["--format", "tap"]).stdout
        XCTAssertEqual(tap.components(separatedBy: "\nnot ok ").count - 1, 41, tap)
        let json = run(vectors, ["--format", "json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let results = object?["results"] as? [[String: Any]] ?? []
        XCTAssertEqual(results.filter { $0["outcome"] as? String == "failed" }.count, 41, json)
    }

    // REQ: ADP-124
    func testAFrameMismatchNamesBothTypeOctets() {
        let sessionFrame = "02" + String(repeating: "ab", count: 60)
        let ack = "04" + String(repeating: "ab", count: 60)
        let message = ResponseComparison.mismatch(
            expected: ["frame": .string(sessionFrame)],
            response: .ok(["frame": .string(ack)])
        )
        XCTAssertTrue(
            message?.hasSuffix(
                "; expected type 0x02 (session frame), 61 bytes; got type 0x04 (handshake ack), 61 bytes"
            ) ?? false,
            message ?? "nil"
        )
        // Positive control: a member of no known layout is not decoded.
        let okm = ResponseComparison.mismatch(
            expected: ["okm": .string(sessionFrame)],
            response: .ok(["okm": .string(ack)])
        )
        XCTAssertFalse(okm?.contains("type 0x") ?? true, okm ?? "nil")
    }

    // REQ: ADP-124
    func testAnErrorEnvelopeInsteadOfAResponseIsVisibleAndTheTextBounded() {
        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }
        let response = #"{"type":"response","id":"1","result":"ok"}"#
        let error = #"{"type":"error","id":"1","error":{"code":"x"}}"#
        let message = ResponseComparison.mismatch(
            expected: ["steps": [["plaintexts": [.string(hex(response))]]]],
            response: .ok(["steps": [["plaintexts": [.string(hex(error))]]]])
        )
        XCTAssertTrue(
            message?.contains(#"; expected JSON text "{\"type\":\"response\""#) ?? false,
            message ?? "nil"
        )
        XCTAssertTrue(message?.contains(#"; got JSON text "{\"type\":\"error\""#) ?? false, message ?? "nil")
        let long = hex("{\"type\":\"error\",\"pad\":\"" + String(repeating: "z", count: 100_000) + "\"}")
        let bounded = ResponseComparison.mismatch(
            expected: ["plaintext": .string(hex(response))],
            response: .ok(["plaintext": .string(long)])
        )
        XCTAssertLessThan(bounded?.count ?? .max, 800, bounded ?? "nil")
    }
}
