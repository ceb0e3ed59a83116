import KitModels
import VectorFormat

/// `vectors/envelope-parse.json`: the receiver's checks of ENV-6 to ENV-9 in their order, with
/// the boundaries of `requestId`, `seq`, `total` and a chunk's piece (CHUNK-3).
enum EnvelopeParseVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-parse",
            description:
                "Reading one envelope as the core or the device: JSON syntax, duplicates, each member in order "
                + "with its code, the kinds each side takes, integer forms and ranges, the request payload, error "
                + "strings, and the strict base64 and piece sizes of chunks.",
            flags: [
                "Accepted": Flag(
                    description: "A text the receiver must accept, though it is not the sender form.",
                    bug: "A receiver that compares bytes instead of reading JSON."
                ),
                "Order": Flag(
                    description: "Two members are wrong; the code is the earlier check's.",
                    bug: "Checks in another order, so implementations name different errors."
                ),
                "Boundary": Flag(description: "A value at or just past its limit.", bug: "An off-by-one limit."),
                "Lenient": Flag(
                    description: "Deployed free text that a device reads as method_failed.",
                    bug: "A device that rejects a deployed core's error, leaving the call to time out."
                ),
                "Piece": Flag(
                    description: "A chunk's data: base64 form and piece size.",
                    bug: "A lenient base64 decoder, or a reassembler that trusts any piece size."
                ),
            ]
        )
        try file.add(acceptedCases, operation: "envelope-parse")
        try file.add(
            syntaxCases + requestIDCases + kindCases + seqCases + payloadCases,
            operation: "envelope-parse",
            alsoRequires: ["ENV-10"]
        )
        try file.add(acceptedChunkCases, operation: "envelope-parse")
        try file.add(chunkMemberCases + chunkDataCases, operation: "envelope-parse", alsoRequires: ["ENV-10"])
        return try file.build()
    }

    private static let id = EnvelopeFixture.pingID
    private static let ping = EnvelopeFixture.request(id)

    /// Texts a receiver accepts: the sender forms and the forms JSON allows besides. The refusals
    /// that follow go through ENV-6's checks in their order, each with its code.
    private static var acceptedCases: [Case] {
        [
            Case(
                "request-sender-form",
                requires: ["ENV-6", "ENV-7"],
                comment: "The ping request in its sender form.",
                input: core(ping),
                expect: .output([
                    "requestId": .string(id), "kind": "request", "seq": 0, "method": "openhuman.ping", "params": [:],
                    "stream": false,
                ])
            ),
            Case(
                "request-reordered-whitespace",
                requires: ["ENV-6"],
                flags: ["Accepted"],
                comment: "Whitespace and another member order are accepted.",
                input: core(
                    "{ \"payload\" : {\"params\":null,\"method\":\"openhuman.ping\"}, \"seq\":0, \"kind\":\"request\", \"requestId\":\"\(id)\" }"
                ),
                expect: .valid
            ),
            Case(
                "request-no-params",
                requires: ["ENV-7"],
                flags: ["Accepted"],
                comment: "A request payload without params means params null.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"openhuman.ping\"}}"
                ),
                expect: .output([
                    "requestId": .string(id), "kind": "request", "seq": 0, "method": "openhuman.ping",
                    "params": nil, "stream": false,
                ])
            ),
            Case(
                "unknown-members",
                requires: ["ENV-9"],
                flags: ["Accepted"],
                comment: "Unknown members at the top and in the payload are ignored.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"x\":1},\"total\":5,\"y\":[{}]}"
                ),
                expect: .valid
            ),
            Case(
                "request-stream-true",
                requires: ["ENV-7"],
                comment: "stream true is read.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"params\":[1],\"stream\":true}}"
                ),
                expect: .output([
                    "requestId": .string(id), "kind": "request", "seq": 0, "method": "m", "params": [1], "stream": true,
                ])
            ),
            Case(
                "escaped-request-id",
                requires: ["ENV-6"],
                flags: ["Accepted"],
                comment: "Escapes in the request id and kind are resolved before the checks.",
                input: core(
                    "{\"requestId\":\"\\u0061b\",\"kind\":\"re\\u0071uest\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .valid
            ),
            Case(
                "seq-minus-zero",
                requires: ["ENV-6"],
                flags: ["Boundary"],
                comment: "-0 is the integer 0.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":-0,\"payload\":{\"method\":\"m\"}}"),
                expect: .valid
            ),
            Case(
                "request-id-64",
                requires: ["ENV-4", "ENV-6"],
                flags: ["Boundary"],
                comment: "A 64-character request id is accepted.",
                input: core(EnvelopeFixture.request(String(repeating: "Z", count: 64))),
                expect: .valid
            ),
            Case(
                "response-null-payload",
                requires: ["ENV-6"],
                comment: "A response whose payload is null is a payload.",
                input: device(EnvelopeFixture.response(id, payload: "null")),
                expect: .output(["requestId": .string(id), "kind": "response", "seq": 0, "payload": nil])
            ),
            Case(
                "stream-chunk-max-seq",
                requires: ["ENV-6"],
                flags: ["Boundary"],
                comment: "A stream-chunk with seq 4,294,967,295.",
                input: device(
                    EnvelopeFixture.envelope(id, kind: "stream-chunk", seq: 4_294_967_295, payload: "{\"t\":\"x\"}")
                ),
                expect: .valid
            ),
            Case(
                "error-code-only",
                requires: ["ENV-8"],
                comment: "An error payload that is a code: no detail.",
                input: device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_not_allowed\"")),
                expect: .output([
                    "requestId": .string(id), "kind": "error", "seq": 0, "code": "method_not_allowed", "detail": nil,
                ])
            ),
            Case(
                "error-code-detail",
                requires: ["ENV-8"],
                comment: "An error payload code: detail.",
                input: device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_failed: disk: full\"")),
                expect: .output([
                    "requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed",
                    "detail": "disk: full",
                ])
            ),
            Case(
                "error-free-text",
                requires: ["ENV-8"],
                flags: ["Lenient"],
                comment: "Deployed free text is code method_failed with the text as detail.",
                input: device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"unknown method: x\"")),
                expect: .output([
                    "requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed",
                    "detail": "unknown method: x",
                ])
            ),
            Case(
                "nesting-32-levels",
                requires: ["ENV-6"],
                flags: ["Boundary"],
                comment:
                    "A payload nested to level 32 (the object is level 1), which JSON-1 requires receivers to accept.",
                input: device(
                    EnvelopeFixture.response(
                        id,
                        payload: String(repeating: "[", count: 31) + String(repeating: "]", count: 31)
                    )
                ),
                expect: .valid
            ),
            Case(
                "error-code-64",
                requires: ["ENV-8"],
                flags: ["Boundary"],
                comment: "A 64-letter code with a detail: the code is read, ENV-8's bound.",
                input: device(
                    EnvelopeFixture.envelope(
                        id,
                        kind: "error",
                        payload: "\"" + String(repeating: "e", count: 64) + ": d\""
                    )
                ),
                expect: .output([
                    "requestId": .string(id), "kind": "error", "seq": 0,
                    "code": .string(String(repeating: "e", count: 64)), "detail": "d",
                ])
            ),
            Case(
                "error-code-65",
                requires: ["ENV-8"],
                flags: ["Boundary"],
                comment: "A 65-letter prefix is no code: the whole payload is the detail of method_failed.",
                input: device(
                    EnvelopeFixture.envelope(
                        id,
                        kind: "error",
                        payload: "\"" + String(repeating: "e", count: 65) + ": d\""
                    )
                ),
                expect: .output([
                    "requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed",
                    "detail": .string(String(repeating: "e", count: 65) + ": d"),
                ])
            ),
            Case(
                "error-colon-no-space",
                requires: ["ENV-8"],
                flags: ["Lenient"],
                comment: "A code followed by a colon without a space is free text.",
                input: device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"timeout:5\"")),
                expect: .output([
                    "requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed", "detail": "timeout:5",
                ])
            ),
        ]
    }

    /// ENV-6's checks in their order, each refused with its code.
    /// The text is one JSON object: syntax, UTF-8, surrogates, duplicates (JSON-1, JSON-2).
    private static var syntaxCases: [Case] {
        [
            Case(
                "not-json",
                requires: ["ENV-6"],
                comment: "An unterminated object.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{}"),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "top-level-array",
                requires: ["ENV-6"],
                comment: "A top-level array.",
                input: core("[\(ping)]"),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "byte-order-mark",
                requires: ["ENV-6"],
                comment: "A byte order mark before the object.",
                input: bytes([0xef, 0xbb, 0xbf] + Array(ping.utf8)),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "invalid-utf8",
                requires: ["ENV-6"],
                comment: "An invalid UTF-8 byte inside a string.",
                input: bytes(
                    Array(
                        "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"params\":\""
                            .utf8
                    ) + [0xff]
                        + Array("\"}}".utf8)
                ),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "trailing-bytes",
                requires: ["ENV-6"],
                comment: "A byte after the object.",
                input: core(ping + "x"),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "lone-surrogate",
                requires: ["ENV-6"],
                comment: "A lone surrogate escape in the request id.",
                input: core(
                    "{\"requestId\":\"\\ud800\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "duplicate-member",
                requires: ["ENV-6"],
                comment: "requestId twice, equal values.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .error("duplicate_field")
            ),
            Case(
                "duplicate-escaped",
                requires: ["ENV-6"],
                comment: "seq and its escaped spelling are one name twice.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"s\\u0065q\":0,\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .error("duplicate_field")
            ),
        ]
    }

    /// requestId: present, a string, its syntax and length (ENV-4), and checked before kind.
    private static var requestIDCases: [Case] {
        let long65 = String(repeating: "Z", count: 65)
        return [
            Case(
                "request-id-missing",
                requires: ["ENV-6"],
                comment: "No requestId.",
                input: core("{\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("missing_field")
            ),
            Case(
                "request-id-number",
                requires: ["ENV-6"],
                comment: "requestId 7.",
                input: core("{\"requestId\":7,\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("bad_field_type")
            ),
            Case(
                "request-id-space",
                requires: ["ENV-4", "ENV-6"],
                comment: "requestId with a space.",
                input: core("{\"requestId\":\"a b\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("bad_request_id")
            ),
            Case(
                "request-id-65",
                requires: ["ENV-4", "ENV-6"],
                flags: ["Boundary"],
                comment: "A 65-character requestId.",
                input: core(EnvelopeFixture.request(long65)),
                expect: .error("bad_request_id")
            ),
            Case(
                "request-id-empty",
                requires: ["ENV-4", "ENV-6"],
                flags: ["Boundary"],
                comment: "An empty requestId.",
                input: core(EnvelopeFixture.request("")),
                expect: .error("bad_request_id")
            ),
            Case(
                "request-id-before-kind",
                requires: ["ENV-6"],
                flags: ["Order"],
                comment: "A bad requestId and a missing kind: requestId is checked first.",
                input: core("{\"requestId\":\"\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("bad_request_id")
            ),
        ]
    }

    /// kind: present, a string, known, and one this receiver takes (ENV-1), checked before seq.
    private static var kindCases: [Case] {
        [
            Case(
                "kind-missing",
                requires: ["ENV-6"],
                comment: "No kind.",
                input: core("{\"requestId\":\"\(id)\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("missing_field")
            ),
            Case(
                "kind-not-string",
                requires: ["ENV-6"],
                comment: "kind null.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":null,\"seq\":0,\"payload\":{}}"),
                expect: .error("bad_field_type")
            ),
            Case(
                "kind-case",
                requires: ["ENV-6"],
                comment: "kind Request: kinds are case-sensitive.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"Request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("unknown_kind")
            ),
            Case(
                "kind-unknown",
                requires: ["ENV-6"],
                comment: "kind ping.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"ping\",\"seq\":0,\"payload\":{}}"),
                expect: .error("unknown_kind")
            ),
            Case(
                "core-receives-response",
                requires: ["ENV-1", "ENV-6"],
                comment: "A core does not take response.",
                input: core(EnvelopeFixture.response(id)),
                expect: .error("unexpected_kind")
            ),
            Case(
                "core-receives-stream-end",
                requires: ["ENV-1", "ENV-6"],
                comment: "A core does not take stream-end.",
                input: core(EnvelopeFixture.envelope(id, kind: "stream-end", seq: 0, payload: "null")),
                expect: .error("unexpected_kind")
            ),
            Case(
                "device-receives-request",
                requires: ["ENV-1", "ENV-6"],
                comment: "A device does not take request.",
                input: device(ping),
                expect: .error("unexpected_kind")
            ),
            Case(
                "kind-before-seq",
                requires: ["ENV-6"],
                flags: ["Order"],
                comment: "An unknown kind and a missing seq: kind is checked first.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"x\",\"payload\":{}}"),
                expect: .error("unknown_kind")
            ),
        ]
    }

    /// seq: present, an integer in range, and 0 where the kind requires it.
    private static var seqCases: [Case] {
        [
            Case(
                "seq-missing",
                requires: ["ENV-6"],
                comment: "No seq.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"payload\":{\"method\":\"m\"}}"),
                expect: .error("missing_field")
            ),
            Case(
                "seq-string",
                requires: ["ENV-6"],
                comment: "seq \"0\".",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":\"0\",\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .error("bad_field_type")
            ),
            Case(
                "seq-fraction",
                requires: ["ENV-6"],
                comment: "seq 0.0 has a fraction.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0.0,\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .error("bad_field_value")
            ),
            Case(
                "seq-exponent",
                requires: ["ENV-6"],
                comment: "seq 0e0 has an exponent.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0e0,\"payload\":{\"method\":\"m\"}}"
                ),
                expect: .error("bad_field_value")
            ),
            Case(
                "seq-negative",
                requires: ["ENV-6"],
                comment: "seq -1 in a stream-chunk.",
                input: device("{\"requestId\":\"\(id)\",\"kind\":\"stream-chunk\",\"seq\":-1,\"payload\":1}"),
                expect: .error("bad_field_value")
            ),
            Case(
                "seq-too-large",
                requires: ["ENV-6"],
                flags: ["Boundary"],
                comment: "seq 4,294,967,296 in a stream-chunk.",
                input: device(EnvelopeFixture.envelope(id, kind: "stream-chunk", seq: 4_294_967_296, payload: "1")),
                expect: .error("bad_field_value")
            ),
            Case(
                "seq-nonzero-request",
                requires: ["ENV-6"],
                comment: "seq 1 in a request.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":1,\"payload\":{\"method\":\"m\"}}"),
                expect: .error("bad_field_value")
            ),
            Case(
                "seq-nonzero-error",
                requires: ["ENV-6"],
                comment: "seq 2 in an error.",
                input: device(EnvelopeFixture.envelope(id, kind: "error", seq: 2, payload: "\"x\"")),
                expect: .error("bad_field_value")
            ),
        ]
    }

    /// The payload: present, and for a request an object with a valid method (ENV-7, ENV-8).
    private static var payloadCases: [Case] {
        [
            Case(
                "payload-missing",
                requires: ["ENV-6"],
                comment: "A request without payload.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0}"),
                expect: .error("missing_field")
            ),
            Case(
                "payload-array",
                requires: ["ENV-7"],
                comment: "A request payload that is an array.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":[\"m\"]}"),
                expect: .error("bad_field_type")
            ),
            Case(
                "payload-duplicate",
                requires: ["ENV-7"],
                comment: "method twice in the request payload.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"a\",\"method\":\"b\"}}"
                ),
                expect: .error("duplicate_field")
            ),
            Case(
                "method-missing",
                requires: ["ENV-7"],
                comment: "A request payload without method.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"params\":1}}"),
                expect: .error("missing_field")
            ),
            Case(
                "method-number",
                requires: ["ENV-7"],
                comment: "method 1.",
                input: core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":1}}"),
                expect: .error("bad_field_type")
            ),
            Case(
                "method-syntax",
                requires: ["ENV-7", "RPC-1"],
                comment: "method with a space.",
                input: core(EnvelopeFixture.request(id, method: "a b")),
                expect: .error("bad_field_value")
            ),
            Case(
                "method-129",
                requires: ["ENV-7", "RPC-1"],
                flags: ["Boundary"],
                comment: "A method name of 129 characters, one above RPC-1's bound, is refused by the receiver.",
                input: core(EnvelopeFixture.request(id, method: "m." + String(repeating: "a", count: 127))),
                expect: .error("bad_field_value")
            ),
            Case(
                "method-128",
                requires: ["ENV-7", "RPC-1"],
                flags: ["Boundary"],
                comment: "A method name of 128 characters, RPC-1's bound, is read.",
                input: core(
                    EnvelopeFixture.request(id, method: "m." + String(repeating: "a", count: 126), params: "null")
                ),
                expect: .output([
                    "requestId": .string(id), "kind": "request", "seq": 0,
                    "method": .string("m." + String(repeating: "a", count: 126)), "params": nil, "stream": false,
                ])
            ),
            Case(
                "stream-not-boolean",
                requires: ["ENV-7"],
                comment: "stream 1.",
                input: core(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"stream\":1}}"
                ),
                expect: .error("bad_field_type")
            ),
            Case(
                "error-payload-object",
                requires: ["ENV-8"],
                comment: "An error whose payload is an object.",
                input: device(EnvelopeFixture.envelope(id, kind: "error", payload: "{\"code\":\"x\"}")),
                expect: .error("bad_field_type")
            ),
        ]
    }

    /// Chunks at the boundaries of a piece and of a 16 MiB message (CHUNK-1, CHUNK-3).
    private static var acceptedChunkCases: [Case] {
        let piece = EnvelopeFixture.piece, full = [UInt8](repeating: 0x61, count: piece)
        return [
            Case(
                "chunk-full-piece",
                requires: ["ENV-6", "CHUNK-3"],
                flags: ["Piece", "Boundary"],
                comment: "A first chunk of 2 with a full 36,738-byte piece, at the core.",
                input: chunk(0, 2, full, role: "core"),
                expect: .output(["requestId": .string(id), "kind": "chunk", "seq": 0, "total": 2, "data": .hex(full)])
            ),
            Case(
                "chunk-last-one-byte",
                requires: ["CHUNK-3"],
                flags: ["Piece", "Boundary"],
                comment: "A last piece of 1 byte.",
                input: chunk(1, 2, [0x00]),
                expect: .valid
            ),
            Case(
                "chunk-last-full",
                requires: ["CHUNK-3"],
                flags: ["Piece", "Boundary"],
                comment: "A last piece of exactly 36,738 bytes.",
                input: chunk(2, 3, full),
                expect: .valid
            ),
            Case(
                "chunk-max-total",
                requires: ["ENV-6", "CHUNK-1"],
                flags: ["Boundary"],
                comment: "total 457 with the last piece that makes exactly 16 MiB (24,688 bytes).",
                input: chunk(456, 457, [UInt8](repeating: 1, count: 16_777_216 - 456 * piece)),
                expect: .valid
            ),
        ]
    }

    /// Chunks refused: their members, the strict base64 of data and the piece sizes.
    /// A chunk's total and the 16 MiB it may add up to, and its members (CHUNK-1).
    private static var chunkMemberCases: [Case] {
        let piece = EnvelopeFixture.piece, full = [UInt8](repeating: 0x61, count: piece)
        return [
            Case(
                "chunk-message-over-16mib",
                requires: ["ENV-6", "CHUNK-1"],
                flags: ["Boundary"],
                comment: "total 457 with a last piece one byte too long for 16 MiB.",
                input: chunk(456, 457, [UInt8](repeating: 1, count: 16_777_217 - 456 * piece)),
                expect: .error("message_too_large")
            ),
            Case(
                "chunk-total-458",
                requires: ["ENV-6", "CHUNK-1"],
                flags: ["Boundary"],
                comment: "total 458 is above the 457 chunks of a 16 MiB message.",
                input: chunk(0, 458, full),
                expect: .error("message_too_large")
            ),
            Case(
                "chunk-total-missing",
                requires: ["ENV-6"],
                comment: "A chunk without total.",
                input: raw("\"seq\":0,\"data\":\"AA==\""),
                expect: .error("missing_field")
            ),
            Case(
                "chunk-total-zero",
                requires: ["ENV-6"],
                flags: ["Boundary"],
                comment: "total 0.",
                input: raw("\"seq\":0,\"total\":0,\"data\":\"AA==\""),
                expect: .error("bad_field_value")
            ),
            Case(
                "chunk-seq-equals-total",
                requires: ["ENV-6"],
                flags: ["Boundary"],
                comment: "seq 2 of total 2.",
                input: raw("\"seq\":2,\"total\":2,\"data\":\"AA==\""),
                expect: .error("bad_field_value")
            ),
            Case(
                "chunk-total-string",
                requires: ["ENV-6"],
                comment: "total \"2\".",
                input: raw("\"seq\":0,\"total\":\"2\",\"data\":\"AA==\""),
                expect: .error("bad_field_type")
            ),
            Case(
                "chunk-data-missing",
                requires: ["ENV-6"],
                comment: "A chunk without data.",
                input: raw("\"seq\":0,\"total\":1"),
                expect: .error("missing_field")
            ),
            Case(
                "chunk-data-number",
                requires: ["ENV-6"],
                comment: "data 0.",
                input: raw("\"seq\":0,\"total\":1,\"data\":0"),
                expect: .error("bad_field_type")
            ),
        ]
    }

    /// A chunk's data: strict padded base64 and the piece sizes (CHUNK-3); total is checked before data.
    private static var chunkDataCases: [Case] {
        let full = [UInt8](repeating: 0x61, count: EnvelopeFixture.piece)
        return [
            Case(
                "chunk-data-base64url",
                requires: ["CHUNK-3"],
                flags: ["Piece"],
                comment: "data in base64url (- and _).",
                input: raw("\"seq\":0,\"total\":1,\"data\":\"-_8=\""),
                expect: .error("bad_base64")
            ),
            Case(
                "chunk-data-unpadded",
                requires: ["CHUNK-3"],
                flags: ["Piece"],
                comment: "data without its padding.",
                input: raw("\"seq\":0,\"total\":1,\"data\":\"AA\""),
                expect: .error("bad_base64")
            ),
            Case(
                "chunk-data-line-break",
                requires: ["CHUNK-3"],
                flags: ["Piece"],
                comment: "data with an escaped line break.",
                input: raw("\"seq\":0,\"total\":1,\"data\":\"AAAA\\nAAAA\""),
                expect: .error("bad_base64")
            ),
            Case(
                "chunk-data-unused-bits",
                requires: ["CHUNK-3"],
                flags: ["Piece"],
                comment: "+/9= has non-zero unused bits.",
                input: raw("\"seq\":0,\"total\":1,\"data\":\"+/9=\""),
                expect: .error("bad_base64")
            ),
            Case(
                "chunk-data-inner-padding",
                requires: ["CHUNK-3"],
                flags: ["Piece"],
                comment: "= inside the text.",
                input: raw("\"seq\":0,\"total\":1,\"data\":\"AA==AAAA\""),
                expect: .error("bad_base64")
            ),
            Case(
                "chunk-short-middle-piece",
                requires: ["CHUNK-3"],
                flags: ["Piece", "Boundary"],
                comment: "A non-last piece one byte short.",
                input: chunk(0, 2, Array(full.dropLast())),
                expect: .error("bad_chunk_size")
            ),
            Case(
                "chunk-long-last-piece",
                requires: ["CHUNK-3"],
                flags: ["Piece", "Boundary"],
                comment: "A last piece one byte long.",
                input: chunk(1, 2, full + [0x61]),
                expect: .error("bad_chunk_size")
            ),
            Case(
                "chunk-empty-last-piece",
                requires: ["CHUNK-3"],
                flags: ["Piece", "Boundary"],
                comment: "A last piece of 0 bytes.",
                input: raw("\"seq\":0,\"total\":1,\"data\":\"\""),
                expect: .error("bad_chunk_size")
            ),
            Case(
                "chunk-total-before-data",
                requires: ["ENV-6"],
                flags: ["Order"],
                comment: "total 0 and bad data: total is checked first.",
                input: raw("\"seq\":0,\"total\":0,\"data\":\"!\""),
                expect: .error("bad_field_value")
            ),
        ]
    }

    private static func core(_ text: String) -> JSONValue { ["role": "core", "plaintext": EnvelopeFixture.hex(text)] }
    private static func device(_ text: String) -> JSONValue {
        ["role": "device", "plaintext": EnvelopeFixture.hex(text)]
    }
    private static func bytes(_ b: [UInt8], role: String = "core") -> JSONValue {
        ["role": .string(role), "plaintext": .hex(b)]
    }

    private static func chunk(_ seq: Int, _ total: Int, _ data: [UInt8], role: String = "device") -> JSONValue {
        [
            "role": .string(role),
            "plaintext": EnvelopeFixture.hex(EnvelopeFixture.chunk(id, seq: seq, total: total, piece: data)),
        ]
    }

    private static func raw(_ members: String, role: String = "device") -> JSONValue {
        [
            "role": .string(role),
            "plaintext": EnvelopeFixture.hex("{\"requestId\":\"\(id)\",\"kind\":\"chunk\",\(members)}"),
        ]
    }
}
