import TunnelCrypto
import VectorFormat

/// `vectors/envelope-split.json`: CHUNK-1's deterministic split at its boundaries: a message
/// that fits one frame, one byte more, whole pieces, the 16 MiB maximum and one byte over it,
/// and the largest chunk plaintext (49,111 bytes) with the longest request id.
enum EnvelopeSplitVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-split",
            description: "Splitting a message into frame plaintexts: unchunked up to 49,111 bytes, otherwise pieces of "
                + "36,738 bytes in chunk envelopes, at most 16 MiB; pages of the split for large messages (ADP-60).",
            flags: [
                "Boundary": Flag(
                    description: "The message length is at or next to a limit.",
                    bug: "An off-by-one threshold."
                ),
                "Deployed": Flag(
                    description: "A length the deployed 61,440-byte chunker splits differently.",
                    bug: "The deployed chunk size, whose frames exceed 49,152 bytes."
                ),
                "Paged": Flag(
                    description: "Only some plaintexts of a large split are asked for (from, count).",
                    bug: "Pages that skip or repeat a chunk."
                ),
            ]
        )
        try file.add(boundaryCases + pageCases + refusalCases, operation: "envelope-split")
        return try file.build()
    }

    private static let maximum = 16_777_216

    /// The chunk threshold and the piece size (CHUNK-1), each message generated under its name.
    private static var boundaryCases: [Case] {
        let piece = EnvelopeFixture.piece
        return [
            Case(
                "fits-one-frame",
                requires: ["ADP-60", "CHUNK-1"],
                flags: ["Boundary"],
                comment: "A message of 49,111 bytes is its own plaintext.",
                input: input("fits-one-frame", 49_111),
                expect: expected("fits-one-frame", 49_111)
            ),
            Case(
                "one-byte-over",
                requires: ["ADP-60", "CHUNK-1"],
                flags: ["Boundary"],
                comment: "49,112 bytes: two chunks, pieces of 36,738 and 12,374 bytes.",
                input: input("one-byte-over", 49_112),
                expect: expected("one-byte-over", 49_112)
            ),
            Case(
                "two-whole-pieces",
                requires: ["ADP-60", "CHUNK-1"],
                flags: ["Boundary"],
                comment: "73,476 bytes: exactly two full pieces.",
                input: input("two-whole-pieces", 2 * piece),
                expect: expected("two-whole-pieces", 2 * piece)
            ),
            Case(
                "deployed-threshold",
                requires: ["ADP-60", "CHUNK-1"],
                flags: ["Deployed"],
                comment: "61,441 bytes: the deployed chunker cuts 61,440 + 1, version 2 cuts 36,738 + 24,703.",
                input: input("deployed-threshold", 61_441),
                expect: expected("deployed-threshold", 61_441)
            ),
        ]
    }

    /// Pages of the largest messages.
    private static var pageCases: [Case] {
        let longID = String(repeating: "Z", count: 64)
        return [
            Case(
                "maximum-last-page",
                requires: ["CHUNK-1"],
                flags: ["Boundary", "Paged"],
                comment: "16 MiB: 457 chunks; the page holds the last, whose piece has 24,688 bytes.",
                input: input("maximum", maximum, from: 456, count: 5),
                expect: expected("maximum", maximum, range: 456..<457)
            ),
            Case(
                "maximum-first-pages",
                requires: ["CHUNK-1"],
                flags: ["Paged"],
                comment: "16 MiB: chunks 0 and 1.",
                input: input("maximum", maximum, from: 0, count: 2),
                expect: expected("maximum", maximum, range: 0..<2)
            ),
            Case(
                "page-beyond-end",
                requires: ["CHUNK-1"],
                flags: ["Paged"],
                comment: "from beyond the last chunk gives no plaintexts.",
                input: input("one-byte-over", 49_112, from: 9),
                expect: expected("one-byte-over", 49_112, range: 2..<2)
            ),
            Case(
                "largest-chunk-plaintext",
                requires: ["CHUNK-1"],
                flags: ["Boundary", "Paged"],
                comment:
                    "A 64-character id and a 16 MiB message: chunk 100 (three-digit seq and total) is exactly 49,111 bytes.",
                input: input("largest", maximum, id: longID, from: 100, count: 1),
                expect: expected("largest", maximum, id: longID, range: 100..<101)
            ),
        ]
    }

    /// What the splitter refuses before producing anything.
    private static var refusalCases: [Case] {
        [
            Case(
                "one-byte-over-maximum",
                requires: ["CHUNK-1", "ENV-10"],
                flags: ["Boundary"],
                comment: "16 MiB + 1 is refused before anything is produced.",
                input: input("over", maximum + 1),
                expect: .error("message_too_large")
            ),
            Case(
                "bad-request-id",
                requires: ["ENV-4", "ENV-10"],
                comment: "The chunks' request id is checked first.",
                input: [
                    "requestId": "a b", "message": .hex(Array(EnvelopeFixture.response(EnvelopeFixture.pingID).utf8)),
                ],
                expect: .error("bad_request_id")
            ),
        ]
    }

    private static func input(
        _ label: String,
        _ length: Int,
        id: String = EnvelopeFixture.pingID,
        from: Int? = nil,
        count: Int? = nil
    ) -> JSONValue {
        var members: [String: JSONValue] = [
            "requestId": .string(id), "generated": EnvelopeFixture.generatedInput(label, length: length),
        ]
        if let from { members["from"] = .int(Int64(from)) }
        if let count { members["count"] = .int(Int64(count)) }
        return .object(members)
    }

    private static func expected(
        _ label: String,
        _ length: Int,
        id: String = EnvelopeFixture.pingID,
        range: Range<Int>? = nil
    ) -> Expectation {
        let message = EnvelopeFixture.generated(label, id: id, length: length)
        let plaintexts = EnvelopeFixture.split(id, message)
        let selected = range.map { Array(plaintexts[$0]) } ?? plaintexts
        return .output([
            "total": .int(Int64(plaintexts.count)), "plaintexts": .array(selected.map(JSONValue.hex)),
            "length": .int(Int64(length)), "sha256": .hex(SHA256.hash(message)),
        ])
    }
}
