import VectorFormat

/// `vectors/envelope-reassemble.json`: step sequences on one receiver (CHUNK-4 to CHUNK-7):
/// order, duplicates, conflicting totals, interleaving, the partial-message limit, the deadline
/// boundary, nested chunks and mismatched ids, and a 16 MiB message fed from the adapter's own
/// split.
enum EnvelopeReassembleVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-reassemble",
            description: "Reassembling chunked messages step by step, with the time of each step: any arrival order, "
                + "typed errors that leave partial messages unchanged, at most 4 partial messages, 30,000 ms from the first "
                + "chunk, and the reassembled bytes read as an envelope.",
            flags: [
                "Order": Flag(
                    description: "Chunks arrive out of seq order or interleaved with another message.",
                    bug: "A reassembler that assumes order, or mixes two messages' pieces."
                ),
                "StateUnchanged": Flag(
                    description: "A rejected chunk is followed by steps that prove the partial message was kept.",
                    bug: "A rejection that discards or corrupts the pieces already received."
                ),
                "Limit": Flag(
                    description: "The partial-message limit or the deadline is reached.",
                    bug: "Unbounded buffering (memory exhaustion), or an off-by-one deadline."
                ),
                "Inner": Flag(
                    description: "The reassembled bytes are checked as an envelope.",
                    bug: "A reassembled message handed on unchecked."
                ),
                "Large": Flag(
                    description: "A 16 MiB message, fed as splitOf steps.",
                    bug: "A receiver that cannot hold the maximum."
                ),
            ]
        )
        try file.add(
            orderCases + stateCases + limitCases + innerCases + [maximumCase],
            operation: "envelope-reassemble"
        )
        return try file.build()
    }

    private static let piece = EnvelopeFixture.piece
    private static let a = EnvelopeFixture.id(1), b = EnvelopeFixture.id(2)
    private static let two = plan("two", a, length: 49_112), three = plan("three", b, length: 2 * piece + 5)

    /// The review's R3-8 frame: the last chunk (`seq` 456) of a 457-chunk message, 1 byte.
    private static func lastOf457(_ id: String) -> [UInt8] {
        Array(EnvelopeFixture.chunk(id, seq: 456, total: 457, piece: [0x61]).utf8)
    }

    /// Chunks in order, in reverse, interleaved with another message, and no chunks at all.
    private static var orderCases: [Case] {
        [
            Case(
                "in-order",
                requires: ["CHUNK-4", "CHUNK-6"],
                comment: "Two chunks in order: partial, then the message.",
                input: input([step(two[0], 0), step(two[1], 1)], digest: false),
                expect: .steps([nil, nil])
            ),
            Case(
                "reverse-order",
                requires: ["CHUNK-4", "CHUNK-6", "CHUNK-7"],
                flags: ["Order"],
                comment: "Three chunks in reverse order: the last and the middle chunk start nothing "
                    + "(first_chunk_missing, suite 2.4); from the first on, the others arrive in any order.",
                input: input([
                    step(three[2], 0), step(three[1], 1), step(three[0], 2), step(three[2], 3), step(three[1], 4),
                ]),
                expect: .steps(["first_chunk_missing", "first_chunk_missing", nil, nil, nil])
            ),
            Case(
                "last-chunk-first",
                requires: ["CHUNK-4", "CHUNK-7", "ENV-10"],
                flags: ["Order", "Limit"],
                comment: "Review R3-8: a 1-byte last chunk of total 457 sent first, for four ids, keeps nothing; "
                    + "a whole message of a fifth id then still finds a free slot.",
                input: input(
                    (30..<34).map { step(lastOf457(EnvelopeFixture.id($0)), 0) } + [step(three[0], 1)]
                ),
                expect: .output([
                    "steps": .array(
                        (30..<34).map { _ in ["error": "first_chunk_missing", "expired": []] } + [
                            [
                                "partial": ["requestId": .string(b), "received": 1, "total": 3], "expired": [],
                            ]
                        ]
                    )
                ])
            ),
            Case(
                "interleaved",
                requires: ["CHUNK-4"],
                flags: ["Order"],
                comment: "Two messages interleaved: each completes with its own bytes.",
                input: input([
                    step(three[0], 0), step(two[0], 1), step(three[2], 2), step(two[1], 3), step(three[1], 4),
                ]),
                expect: .steps([nil, nil, nil, nil, nil])
            ),
            Case(
                "unchunked-passes",
                requires: ["CHUNK-6"],
                comment: "An unchunked envelope is a complete message at once.",
                input: input([step(Array(EnvelopeFixture.response(a).utf8), 0)]),
                expect: .steps([nil])
            ),
        ]
    }

    /// A refused chunk leaves the partial message as it was.
    private static var stateCases: [Case] {
        let conflicting = Array(
            EnvelopeFixture.chunk(b, seq: 1, total: 4, piece: [UInt8](repeating: 0x61, count: piece)).utf8
        )
        return [
            Case(
                "duplicate-chunk",
                requires: ["CHUNK-4", "ENV-10"],
                flags: ["StateUnchanged"],
                comment: "A chunk received twice is duplicate_chunk; the message still completes.",
                input: input([step(three[0], 0), step(three[0], 1), step(three[1], 2), step(three[2], 3)]),
                expect: .steps([nil, "duplicate_chunk", nil, nil])
            ),
            Case(
                "total-mismatch",
                requires: ["CHUNK-4", "ENV-10"],
                flags: ["StateUnchanged"],
                comment: "A chunk claiming total 4 for a message of 3 is refused; the message still completes.",
                input: input([step(three[0], 0), step(conflicting, 1), step(three[1], 2), step(three[2], 3)]),
                expect: .steps([nil, "chunk_total_mismatch", nil, nil])
            ),
        ]
    }

    /// The partial-message limit and the deadline (CHUNK-5, CHUNK-7).
    private static var limitCases: [Case] {
        let ids = (10..<15).map(EnvelopeFixture.id)
        let firsts = ids.map { plan("limit", $0, length: 49_112) }
        let single = Array(
            EnvelopeFixture.chunk(
                EnvelopeFixture.id(20),
                seq: 0,
                total: 1,
                piece: Array(EnvelopeFixture.response(EnvelopeFixture.id(20)).utf8)
            ).utf8
        )
        return [
            Case(
                "partial-limit",
                requires: ["CHUNK-4", "CHUNK-7", "ENV-10"],
                flags: ["Limit"],
                comment:
                    "Four partial messages are kept, a fifth is too_many_partials; a total-1 chunk needs no slot; finishing one frees a slot.",
                input: input(
                    firsts[0..<4].map { step($0[0], 0) } + [
                        step(firsts[4][0], 1), step(single, 2), step(firsts[0][1], 3),
                        step(firsts[4][0], 4),
                    ]
                ),
                expect: .steps([nil, nil, nil, nil, "too_many_partials", nil, nil, nil])
            ),
            Case(
                "deadline-boundary",
                requires: ["CHUNK-5"],
                flags: ["Limit"],
                comment: "The last chunk at exactly 30,000 ms after the first completes the message.",
                input: input([step(two[0], 1_000), step(two[1], 31_000)]),
                expect: .steps([nil, nil])
            ),
            Case(
                "deadline-passed",
                requires: ["CHUNK-5", "ENV-10"],
                flags: ["Limit"],
                comment: "At 30,001 ms the partial message is expired first; the late last chunk then starts "
                    + "nothing (first_chunk_missing, suite 2.4), and the first chunk sent again starts a new one.",
                input: input([step(two[0], 1_000), step(two[1], 31_001), step(two[0], 31_002)]),
                expect: .steps([nil, "first_chunk_missing", nil])
            ),
        ]
    }

    /// The reassembled bytes read as an envelope, each refused with its code (CHUNK-6).
    private static var innerCases: [Case] {
        let nested = Array(
            EnvelopeFixture.chunk(
                a,
                seq: 0,
                total: 1,
                piece: Array(EnvelopeFixture.chunk(a, seq: 0, total: 1, piece: [1]).utf8)
            ).utf8
        )
        let mismatched = Array(
            EnvelopeFixture.chunk(a, seq: 0, total: 1, piece: Array(EnvelopeFixture.response(b).utf8)).utf8
        )
        let garbage = Array(EnvelopeFixture.chunk(a, seq: 0, total: 1, piece: Array("{\"requestId\":".utf8)).utf8)
        let request = Array(
            EnvelopeFixture.chunk(a, seq: 0, total: 1, piece: Array(EnvelopeFixture.request(a).utf8)).utf8
        )
        return [
            Case(
                "nested-chunk",
                requires: ["CHUNK-6", "ENV-10"],
                flags: ["Inner"],
                comment: "A reassembled envelope that is itself a chunk.",
                input: input([step(nested, 0)]),
                expect: .steps(["nested_chunk"])
            ),
            Case(
                "request-id-mismatch",
                requires: ["CHUNK-6", "ENV-10"],
                flags: ["Inner"],
                comment: "A reassembled envelope with another request id.",
                input: input([step(mismatched, 0)]),
                expect: .steps(["chunk_request_id_mismatch"])
            ),
            Case(
                "inner-not-json",
                requires: ["CHUNK-6", "ENV-10"],
                flags: ["Inner"],
                comment: "Reassembled bytes that are not JSON.",
                input: input([step(garbage, 0)]),
                expect: .steps(["bad_envelope_json"])
            ),
            Case(
                "inner-unexpected-kind",
                requires: ["CHUNK-6", "ENV-10"],
                flags: ["Inner"],
                comment: "A reassembled request at a device.",
                input: input([step(request, 0)]),
                expect: .steps(["unexpected_kind"])
            ),
        ]
    }

    /// The largest message, 457 chunks from the adapter's own split.
    private static var maximumCase: Case {
        let maximum = 16_777_216
        let order = [0] + (1..<457).reversed()
        let large: [JSONValue] = order.enumerated().map { position, index in
            [
                "splitOf": [
                    "requestId": .string(a), "generated": EnvelopeFixture.generatedInput("maximum", length: maximum),
                    "index": .int(Int64(index)),
                ], "now": .int(Int64(position)),
            ]
        }
        return Case(
            "maximum-message",
            requires: ["CHUNK-4", "CHUNK-6", "CHUNK-7", "ADP-61", "ADP-62"],
            flags: ["Large", "Order"],
            comment: "A 16 MiB message from the adapter's own split, the first chunk first and the others "
                + "in reverse order, reported by digest.",
            input: ["role": "device", "digest": true, "steps": .array(large)],
            expect: .steps(Array(repeating: nil, count: 457))
        )
    }

    private static func plan(_ label: String, _ id: String, length: Int) -> [[UInt8]] {
        EnvelopeFixture.split(id, EnvelopeFixture.generated(label, id: id, length: length))
    }

    private static func step(_ plaintext: [UInt8], _ now: Int64) -> JSONValue {
        ["plaintext": .hex(plaintext), "now": .int(now)]
    }

    /// Complete messages are reported by digest (ADP-62), which keeps the file small; `in-order` shows the bytes.
    private static func input(_ steps: [JSONValue], role: String = "device", digest: Bool = true) -> JSONValue {
        ["role": .string(role), "digest": .bool(digest), "steps": .array(steps)]
    }
}
