import AdapterOperations
import Foundation
import Testing
import VectorFormat

/// The example of `transport-select` that kit chapter 2 prints (ADP-134, the run of wire spec
/// 15.5.5) is the reference's answer, member for member, so the text an implementer copies from
/// cannot drift from the code.
@Suite struct TransportSelectExampleTests {
    private static let chapter = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/kit/02-adapter-protocol.md")

    // REQ: ADP-134, SELECT-8, SELECT-9
    @Test func theChaptersExampleIsWhatTheReferenceAnswers() throws {
        let text = try String(contentsOf: Self.chapter, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix(#"{"id":12,"op":"transport-select""#) })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("```") })
        let request = try JSONReader.value(Array(lines[start].utf8))
        let answer = try JSONReader.value(Array(lines[(start + 1)..<end].joined().utf8))
        let input = try #require(request["input"])
        #expect(Operations.reference("transport-select", input: input) == .output(try #require(answer["output"])))
        // Positive control of the comparison: a changed due time is a different answer.
        let changed = input.setting("steps", .array(Array(try #require(input["steps"]?.arrayValue).dropLast())))
        #expect(Operations.reference("transport-select", input: changed) != .output(try #require(answer["output"])))
    }
}
