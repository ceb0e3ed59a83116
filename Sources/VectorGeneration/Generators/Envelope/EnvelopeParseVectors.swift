import KitModels
import VectorFormat

/// `vectors/envelope-parse.json`: the receiver's checks of ENV-6 to ENV-9 in their order, with
/// the boundaries of `requestId`, `seq`, `total` and a chunk's piece (CHUNK-3).
enum EnvelopeParseVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-parse",
            description: "Reading one envelope as the core or the device: JSON syntax, duplicates, each member in order "
                + "with its code, the kinds each side takes, integer forms and ranges, the request payload, error "
                + "strings, and the strict base64 and piece sizes of chunks.",
            flags: [
                "Accepted": Flag(description: "A text the receiver must accept, though it is not the sender form.",
                                 bug: "A receiver that compares bytes instead of reading JSON."),
                "Order": Flag(description: "Two members are wrong; the code is the earlier check's.",
                              bug: "Checks in another order, so implementations name different errors."),
                "Boundary": Flag(description: "A value at or just past its limit.", bug: "An off-by-one limit."),
                "Lenient": Flag(description: "Deployed free text that a device reads as method_failed.",
                                bug: "A device that rejects a deployed core's error, leaving the call to time out."),
                "Piece": Flag(description: "A chunk's data: base64 form and piece size.",
                              bug: "A lenient base64 decoder, or a reassembler that trusts any piece size."),
            ])
        let id = EnvelopeFixture.pingID
        let ping = EnvelopeFixture.request(id)
        func core(_ text: String) -> JSONValue { ["role": "core", "plaintext": EnvelopeFixture.hex(text)] }
        func device(_ text: String) -> JSONValue { ["role": "device", "plaintext": EnvelopeFixture.hex(text)] }
        func bytes(_ b: [UInt8], role: String = "core") -> JSONValue { ["role": .string(role), "plaintext": .hex(b)] }

        // Accepted forms.
        let accepted: [(String, String, JSONValue, [String], [String], JSONValue?)] = [
            ("request-sender-form", "The ping request in its sender form.", core(ping), ["ENV-6", "ENV-7"], [],
             ["requestId": .string(id), "kind": "request", "seq": 0, "method": "openhuman.ping", "params": [:], "stream": false]),
            ("request-reordered-whitespace", "Whitespace and another member order are accepted.",
             core("{ \"payload\" : {\"params\":null,\"method\":\"openhuman.ping\"}, \"seq\":0, \"kind\":\"request\", \"requestId\":\"\(id)\" }"),
             ["ENV-6"], ["Accepted"], nil),
            ("request-no-params", "A request payload without params means params null.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"openhuman.ping\"}}"),
             ["ENV-7"], ["Accepted"], ["requestId": .string(id), "kind": "request", "seq": 0, "method": "openhuman.ping",
                                       "params": nil, "stream": false]),
            ("unknown-members", "Unknown members at the top and in the payload are ignored.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"x\":1},\"total\":5,\"y\":[{}]}"),
             ["ENV-9"], ["Accepted"], nil),
            ("request-stream-true", "stream true is read.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"params\":[1],\"stream\":true}}"),
             ["ENV-7"], [], ["requestId": .string(id), "kind": "request", "seq": 0, "method": "m", "params": [1], "stream": true]),
            ("escaped-request-id", "Escapes in the request id and kind are resolved before the checks.",
             core("{\"requestId\":\"\\u0061b\",\"kind\":\"re\\u0071uest\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
             ["ENV-6"], ["Accepted"], nil),
            ("seq-minus-zero", "-0 is the integer 0.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":-0,\"payload\":{\"method\":\"m\"}}"), ["ENV-6"], ["Boundary"], nil),
            ("request-id-64", "A 64-character request id is accepted.",
             core(EnvelopeFixture.request(String(repeating: "Z", count: 64))), ["ENV-4", "ENV-6"], ["Boundary"], nil),
            ("response-null-payload", "A response whose payload is null is a payload.",
             device(EnvelopeFixture.response(id, payload: "null")), ["ENV-6"], [],
             ["requestId": .string(id), "kind": "response", "seq": 0, "payload": nil]),
            ("stream-chunk-max-seq", "A stream-chunk with seq 4,294,967,295.",
             device(EnvelopeFixture.envelope(id, kind: "stream-chunk", seq: 4_294_967_295, payload: "{\"t\":\"x\"}")),
             ["ENV-6"], ["Boundary"], nil),
            ("error-code-only", "An error payload that is a code: no detail.",
             device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_not_allowed\"")), ["ENV-8"], [],
             ["requestId": .string(id), "kind": "error", "seq": 0, "code": "method_not_allowed", "detail": nil]),
            ("error-code-detail", "An error payload code: detail.",
             device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_failed: disk: full\"")), ["ENV-8"], [],
             ["requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed", "detail": "disk: full"]),
            ("error-free-text", "Deployed free text is code method_failed with the text as detail.",
             device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"unknown method: x\"")), ["ENV-8"], ["Lenient"],
             ["requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed", "detail": "unknown method: x"]),
            ("nesting-32-levels", "A payload nested to level 32 (the object is level 1), which JSON-1 requires receivers to accept.",
             device(EnvelopeFixture.response(id, payload: String(repeating: "[", count: 31) + String(repeating: "]", count: 31))),
             ["ENV-6"], ["Boundary"], nil),
            ("error-colon-no-space", "A code followed by a colon without a space is free text.",
             device(EnvelopeFixture.envelope(id, kind: "error", payload: "\"timeout:5\"")), ["ENV-8"], ["Lenient"],
             ["requestId": .string(id), "kind": "error", "seq": 0, "code": "method_failed", "detail": "timeout:5"]),
        ]
        for (name, comment, input, requirements, flags, output) in accepted {
            try file.add(name, operation: "envelope-parse", requirements: requirements, comment: comment, flags: flags,
                         input: input, expect: output.map(Expectation.output) ?? .valid)
        }

        let long65 = String(repeating: "Z", count: 65)
        let rejected: [(String, String, JSONValue, String, [String], [String])] = [
            ("not-json", "An unterminated object.", core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{}"),
             "bad_envelope_json", ["ENV-6"], []),
            ("top-level-array", "A top-level array.", core("[\(ping)]"), "bad_envelope_json", ["ENV-6"], []),
            ("byte-order-mark", "A byte order mark before the object.", bytes([0xef, 0xbb, 0xbf] + Array(ping.utf8)),
             "bad_envelope_json", ["ENV-6"], []),
            ("invalid-utf8", "An invalid UTF-8 byte inside a string.",
             bytes(Array("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"params\":\"".utf8) + [0xff]
                   + Array("\"}}".utf8)), "bad_envelope_json", ["ENV-6"], []),
            ("trailing-bytes", "A byte after the object.", core(ping + "x"), "bad_envelope_json", ["ENV-6"], []),
            ("lone-surrogate", "A lone surrogate escape in the request id.",
             core("{\"requestId\":\"\\ud800\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
             "bad_envelope_json", ["ENV-6"], []),
            ("duplicate-member", "requestId twice, equal values.",
             core("{\"requestId\":\"\(id)\",\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
             "duplicate_field", ["ENV-6"], []),
            ("duplicate-escaped", "seq and its escaped spelling are one name twice.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"s\\u0065q\":0,\"payload\":{\"method\":\"m\"}}"),
             "duplicate_field", ["ENV-6"], []),
            ("request-id-missing", "No requestId.", core("{\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
             "missing_field", ["ENV-6"], []),
            ("request-id-number", "requestId 7.", core("{\"requestId\":7,\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
             "bad_field_type", ["ENV-6"], []),
            ("request-id-space", "requestId with a space.",
             core("{\"requestId\":\"a b\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"), "bad_request_id", ["ENV-4", "ENV-6"], []),
            ("request-id-65", "A 65-character requestId.", core(EnvelopeFixture.request(long65)), "bad_request_id", ["ENV-4", "ENV-6"],
             ["Boundary"]),
            ("request-id-empty", "An empty requestId.", core(EnvelopeFixture.request("")), "bad_request_id", ["ENV-4", "ENV-6"], ["Boundary"]),
            ("request-id-before-kind", "A bad requestId and a missing kind: requestId is checked first.",
             core("{\"requestId\":\"\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"), "bad_request_id", ["ENV-6"], ["Order"]),
            ("kind-missing", "No kind.", core("{\"requestId\":\"\(id)\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"), "missing_field",
             ["ENV-6"], []),
            ("kind-not-string", "kind null.", core("{\"requestId\":\"\(id)\",\"kind\":null,\"seq\":0,\"payload\":{}}"), "bad_field_type",
             ["ENV-6"], []),
            ("kind-case", "kind Request: kinds are case-sensitive.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"Request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"), "unknown_kind", ["ENV-6"], []),
            ("kind-unknown", "kind ping.", core("{\"requestId\":\"\(id)\",\"kind\":\"ping\",\"seq\":0,\"payload\":{}}"), "unknown_kind",
             ["ENV-6"], []),
            ("core-receives-response", "A core does not take response.", core(EnvelopeFixture.response(id)), "unexpected_kind",
             ["ENV-1", "ENV-6"], []),
            ("core-receives-stream-end", "A core does not take stream-end.",
             core(EnvelopeFixture.envelope(id, kind: "stream-end", seq: 0, payload: "null")), "unexpected_kind", ["ENV-1", "ENV-6"], []),
            ("device-receives-request", "A device does not take request.", device(ping), "unexpected_kind", ["ENV-1", "ENV-6"], []),
            ("kind-before-seq", "An unknown kind and a missing seq: kind is checked first.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"x\",\"payload\":{}}"), "unknown_kind", ["ENV-6"], ["Order"]),
            ("seq-missing", "No seq.", core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"payload\":{\"method\":\"m\"}}"),
             "missing_field", ["ENV-6"], []),
            ("seq-string", "seq \"0\".", core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":\"0\",\"payload\":{\"method\":\"m\"}}"),
             "bad_field_type", ["ENV-6"], []),
            ("seq-fraction", "seq 0.0 has a fraction.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0.0,\"payload\":{\"method\":\"m\"}}"), "bad_field_value", ["ENV-6"], []),
            ("seq-exponent", "seq 0e0 has an exponent.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0e0,\"payload\":{\"method\":\"m\"}}"), "bad_field_value", ["ENV-6"], []),
            ("seq-negative", "seq -1 in a stream-chunk.",
             device("{\"requestId\":\"\(id)\",\"kind\":\"stream-chunk\",\"seq\":-1,\"payload\":1}"),
             "bad_field_value", ["ENV-6"], []),
            ("seq-too-large", "seq 4,294,967,296 in a stream-chunk.",
             device(EnvelopeFixture.envelope(id, kind: "stream-chunk", seq: 4_294_967_296, payload: "1")), "bad_field_value", ["ENV-6"],
             ["Boundary"]),
            ("seq-nonzero-request", "seq 1 in a request.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":1,\"payload\":{\"method\":\"m\"}}"), "bad_field_value", ["ENV-6"], []),
            ("seq-nonzero-error", "seq 2 in an error.", device(EnvelopeFixture.envelope(id, kind: "error", seq: 2, payload: "\"x\"")),
             "bad_field_value", ["ENV-6"], []),
            ("payload-missing", "A request without payload.", core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0}"),
             "missing_field", ["ENV-6"], []),
            ("payload-array", "A request payload that is an array.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":[\"m\"]}"), "bad_field_type", ["ENV-7"], []),
            ("payload-duplicate", "method twice in the request payload.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"a\",\"method\":\"b\"}}"),
             "duplicate_field", ["ENV-7"], []),
            ("method-missing", "A request payload without method.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"params\":1}}"), "missing_field", ["ENV-7"], []),
            ("method-number", "method 1.", core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":1}}"),
             "bad_field_type", ["ENV-7"], []),
            ("method-syntax", "method with a space.", core(EnvelopeFixture.request(id, method: "a b")), "bad_field_value",
             ["ENV-7", "RPC-1"], []),
            ("stream-not-boolean", "stream 1.",
             core("{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\",\"stream\":1}}"), "bad_field_type",
             ["ENV-7"], []),
            ("error-payload-object", "An error whose payload is an object.",
             device(EnvelopeFixture.envelope(id, kind: "error", payload: "{\"code\":\"x\"}")), "bad_field_type", ["ENV-8"], []),
        ]
        for (name, comment, input, code, requirements, flags) in rejected {
            try file.add(name, operation: "envelope-parse", requirements: requirements + ["ENV-10"], comment: comment, flags: flags,
                         input: input, expect: .error(code))
        }
        try addChunks(&file)
        return try file.build()
    }

    private static func addChunks(_ file: inout VectorFileBuilder) throws {
        let id = EnvelopeFixture.pingID, piece = EnvelopeFixture.piece
        let full = [UInt8](repeating: 0x61, count: piece)
        func chunk(_ seq: Int, _ total: Int, _ data: [UInt8], role: String = "device") -> JSONValue {
            ["role": .string(role), "plaintext": EnvelopeFixture.hex(EnvelopeFixture.chunk(id, seq: seq, total: total, piece: data))]
        }
        func raw(_ members: String, role: String = "device") -> JSONValue {
            ["role": .string(role), "plaintext": EnvelopeFixture.hex("{\"requestId\":\"\(id)\",\"kind\":\"chunk\",\(members)}")]
        }
        try file.add("chunk-full-piece", operation: "envelope-parse", requirements: ["ENV-6", "CHUNK-3"],
                     comment: "A first chunk of 2 with a full 36,738-byte piece, at the core.", flags: ["Piece", "Boundary"],
                     input: chunk(0, 2, full, role: "core"),
                     expect: .output(["requestId": .string(id), "kind": "chunk", "seq": 0, "total": 2, "data": .hex(full)]))
        try file.add("chunk-last-one-byte", operation: "envelope-parse", requirements: ["CHUNK-3"],
                     comment: "A last piece of 1 byte.", flags: ["Piece", "Boundary"], input: chunk(1, 2, [0x00]), expect: .valid)
        try file.add("chunk-last-full", operation: "envelope-parse", requirements: ["CHUNK-3"],
                     comment: "A last piece of exactly 36,738 bytes.", flags: ["Piece", "Boundary"], input: chunk(2, 3, full), expect: .valid)
        try file.add("chunk-max-total", operation: "envelope-parse", requirements: ["ENV-6", "CHUNK-1"],
                     comment: "total 457 with the last piece that makes exactly 16 MiB (24,688 bytes).", flags: ["Boundary"],
                     input: chunk(456, 457, [UInt8](repeating: 1, count: 16_777_216 - 456 * piece)), expect: .valid)
        let rejected: [(String, String, JSONValue, String, [String], [String])] = [
            ("chunk-message-over-16mib", "total 457 with a last piece one byte too long for 16 MiB.",
             chunk(456, 457, [UInt8](repeating: 1, count: 16_777_217 - 456 * piece)), "message_too_large", ["ENV-6", "CHUNK-1"], ["Boundary"]),
            ("chunk-total-458", "total 458 is above the 457 chunks of a 16 MiB message.", chunk(0, 458, full), "message_too_large",
             ["ENV-6", "CHUNK-1"], ["Boundary"]),
            ("chunk-total-missing", "A chunk without total.", raw("\"seq\":0,\"data\":\"AA==\""), "missing_field", ["ENV-6"], []),
            ("chunk-total-zero", "total 0.", raw("\"seq\":0,\"total\":0,\"data\":\"AA==\""), "bad_field_value", ["ENV-6"], ["Boundary"]),
            ("chunk-seq-equals-total", "seq 2 of total 2.", raw("\"seq\":2,\"total\":2,\"data\":\"AA==\""), "bad_field_value", ["ENV-6"],
             ["Boundary"]),
            ("chunk-total-string", "total \"2\".", raw("\"seq\":0,\"total\":\"2\",\"data\":\"AA==\""), "bad_field_type", ["ENV-6"], []),
            ("chunk-data-missing", "A chunk without data.", raw("\"seq\":0,\"total\":1"), "missing_field", ["ENV-6"], []),
            ("chunk-data-number", "data 0.", raw("\"seq\":0,\"total\":1,\"data\":0"), "bad_field_type", ["ENV-6"], []),
            ("chunk-data-base64url", "data in base64url (- and _).", raw("\"seq\":0,\"total\":1,\"data\":\"-_8=\""), "bad_base64",
             ["CHUNK-3"], ["Piece"]),
            ("chunk-data-unpadded", "data without its padding.", raw("\"seq\":0,\"total\":1,\"data\":\"AA\""), "bad_base64", ["CHUNK-3"],
             ["Piece"]),
            ("chunk-data-line-break", "data with an escaped line break.", raw("\"seq\":0,\"total\":1,\"data\":\"AAAA\\nAAAA\""),
             "bad_base64", ["CHUNK-3"], ["Piece"]),
            ("chunk-data-unused-bits", "+/9= has non-zero unused bits.", raw("\"seq\":0,\"total\":1,\"data\":\"+/9=\""), "bad_base64",
             ["CHUNK-3"], ["Piece"]),
            ("chunk-data-inner-padding", "= inside the text.", raw("\"seq\":0,\"total\":1,\"data\":\"AA==AAAA\""), "bad_base64",
             ["CHUNK-3"], ["Piece"]),
            ("chunk-short-middle-piece", "A non-last piece one byte short.", chunk(0, 2, Array(full.dropLast())), "bad_chunk_size",
             ["CHUNK-3"], ["Piece", "Boundary"]),
            ("chunk-long-last-piece", "A last piece one byte long.", chunk(1, 2, full + [0x61]), "bad_chunk_size", ["CHUNK-3"],
             ["Piece", "Boundary"]),
            ("chunk-empty-last-piece", "A last piece of 0 bytes.", raw("\"seq\":0,\"total\":1,\"data\":\"\""), "bad_chunk_size",
             ["CHUNK-3"], ["Piece", "Boundary"]),
            ("chunk-total-before-data", "total 0 and bad data: total is checked first.", raw("\"seq\":0,\"total\":0,\"data\":\"!\""),
             "bad_field_value", ["ENV-6"], ["Order"]),
        ]
        for (name, comment, input, code, requirements, flags) in rejected {
            try file.add(name, operation: "envelope-parse", requirements: requirements + ["ENV-10"], comment: comment, flags: flags,
                         input: input, expect: .error(code))
        }
    }
}
