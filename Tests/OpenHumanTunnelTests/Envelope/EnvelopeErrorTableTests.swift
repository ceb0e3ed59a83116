import Foundation
import OpenHumanTunnel
import Testing

/// Section 11.9 of the spec lists every code of the envelope layer; the reference's
/// `EnvelopeError` must raise exactly those (plus the three the core sends in error payloads).
@Suite struct EnvelopeErrorTableTests {
    static let chapter = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec/11-envelope.md")

    /// The codes in the first column of section 11.9's table, several per cell allowed.
    static func tableCodes() throws -> Set<String> {
        let text = try String(contentsOf: chapter, encoding: .utf8)
        guard let start = text.range(of: "## 11.9 Error codes") else { return [] }
        var codes = Set<String>()
        for line in text[start.upperBound...].split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            for part in cell.split(separator: "`")
            where part.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" }) && !part.isEmpty {
                codes.insert(String(part))
            }
        }
        return codes
    }

    // REQ: ENV-10
    @Test func everyCodeTheReferenceRaisesIsInTheSpecTableAndNoOtherIs() throws {
        let raised: [EnvelopeError] = [
            .badEnvelopeJSON, .duplicateField("x"), .missingField("x"), .badFieldType("x"), .badFieldValue("x"),
            .badRequestID,
            .unknownKind, .unexpectedKind, .badBase64, .badChunkSize, .messageTooLarge, .firstChunkMissing,
            .tooManyPartials,
            .chunkTotalMismatch,
            .duplicateChunk, .chunkTimeout, .nestedChunk, .chunkRequestIDMismatch, .duplicateRequestID,
            .tooManyRequests,
            .unknownRequest, .requestTimeout, .notStreaming, .streamOutOfOrder,
        ]
        let sent: Set<String> = ["method_not_allowed", "unknown_method", "method_failed"]
        let table = try Self.tableCodes()
        #expect(table.count > 20, "the reader found the table")
        #expect(Set(raised.map(\.code)).union(sent) == table)
    }
}
