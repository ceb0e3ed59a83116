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
                "Boundary": Flag(description: "The message length is at or next to a limit.", bug: "An off-by-one threshold."),
                "Deployed": Flag(description: "A length the deployed 61,440-byte chunker splits differently.",
                                 bug: "The deployed chunk size, whose frames exceed 49,152 bytes."),
                "Paged": Flag(description: "Only some plaintexts of a large split are asked for (from, count).",
                              bug: "Pages that skip or repeat a chunk."),
            ])
        let id = EnvelopeFixture.pingID
        func input(_ label: String, _ length: Int, id: String = EnvelopeFixture.pingID, from: Int? = nil,
                   count: Int? = nil) -> JSONValue {
            var members: [String: JSONValue] = ["requestId": .string(id), "generated": EnvelopeFixture.generatedInput(label, length: length)]
            if let from { members["from"] = .int(Int64(from)) }
            if let count { members["count"] = .int(Int64(count)) }
            return .object(members)
        }
        func expected(_ label: String, _ length: Int, id: String = EnvelopeFixture.pingID, range: Range<Int>? = nil) -> Expectation {
            let message = EnvelopeFixture.generated(label, id: id, length: length)
            let plaintexts = EnvelopeFixture.split(id, message)
            let selected = range.map { Array(plaintexts[$0]) } ?? plaintexts
            return .output(["total": .int(Int64(plaintexts.count)), "plaintexts": .array(selected.map(JSONValue.hex)),
                            "length": .int(Int64(length)), "sha256": .hex(SHA256.hash(message))])
        }
        let piece = EnvelopeFixture.piece
        let cases: [(String, String, Int, [String])] = [
            ("fits-one-frame", "A message of 49,111 bytes is its own plaintext.", 49_111, ["Boundary"]),
            ("one-byte-over", "49,112 bytes: two chunks, pieces of 36,738 and 12,374 bytes.", 49_112, ["Boundary"]),
            ("two-whole-pieces", "73,476 bytes: exactly two full pieces.", 2 * piece, ["Boundary"]),
            ("deployed-threshold", "61,441 bytes: the deployed chunker cuts 61,440 + 1, version 2 cuts 36,738 + 24,703.", 61_441,
             ["Deployed"]),
        ]
        for (name, comment, length, flags) in cases {
            try file.add(name, operation: "envelope-split", requirements: ["ADP-60", "CHUNK-1"], comment: comment, flags: flags,
                         input: input(name, length), expect: expected(name, length))
        }
        let maximum = 16_777_216
        try file.add("maximum-last-page", operation: "envelope-split", requirements: ["CHUNK-1"],
                     comment: "16 MiB: 457 chunks; the page holds the last, whose piece has 24,688 bytes.", flags: ["Boundary", "Paged"],
                     input: input("maximum", maximum, from: 456, count: 5), expect: expected("maximum", maximum, range: 456..<457))
        try file.add("maximum-first-pages", operation: "envelope-split", requirements: ["CHUNK-1"],
                     comment: "16 MiB: chunks 0 and 1.", flags: ["Paged"],
                     input: input("maximum", maximum, from: 0, count: 2), expect: expected("maximum", maximum, range: 0..<2))
        try file.add("page-beyond-end", operation: "envelope-split", requirements: ["CHUNK-1"],
                     comment: "from beyond the last chunk gives no plaintexts.", flags: ["Paged"],
                     input: input("one-byte-over", 49_112, from: 9), expect: expected("one-byte-over", 49_112, range: 2..<2))
        let longID = String(repeating: "Z", count: 64)
        try file.add("largest-chunk-plaintext", operation: "envelope-split", requirements: ["CHUNK-1"],
                     comment: "A 64-character id and a 16 MiB message: chunk 100 (three-digit seq and total) is exactly 49,111 bytes.",
                     flags: ["Boundary", "Paged"], input: input("largest", maximum, id: longID, from: 100, count: 1),
                     expect: expected("largest", maximum, id: longID, range: 100..<101))
        try file.add("one-byte-over-maximum", operation: "envelope-split", requirements: ["CHUNK-1", "ENV-10"],
                     comment: "16 MiB + 1 is refused before anything is produced.", flags: ["Boundary"],
                     input: input("over", maximum + 1), expect: .error("message_too_large"))
        try file.add("bad-request-id", operation: "envelope-split", requirements: ["ENV-4", "ENV-10"],
                     comment: "The chunks' request id is checked first.",
                     input: ["requestId": "a b", "message": .hex(Array(EnvelopeFixture.response(id).utf8))], expect: .error("bad_request_id"))
        return try file.build()
    }
}
