import OpenHumanTunnel
import VectorFormat

/// `vectors/envelope-encode.json`: the sender forms of section 11.2, byte for byte, and what a
/// sender refuses to write (ENV-1 to ENV-4, RPC-1, CHUNK-3, STREAM-1).
enum EnvelopeEncodeVectors {
    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "envelope-encode",
            description: "The exact sender form of every envelope kind (member order, no whitespace, number forms, the "
                + "error string's escapes, padded standard base64 in chunks) and the inputs a sender refuses.",
            flags: [
                "Form": Flag(description: "The expected plaintext is the one exact sender form.",
                             bug: "Whitespace, another member order, escaped ids, or a number written another way."),
                "Refused": Flag(description: "The sender refuses an envelope a receiver would refuse.",
                                bug: "A sender that writes ids, methods or values that the peer then rejects."),
                "Boundary": Flag(description: "The value is at or just past a length limit.", bug: "An off-by-one limit."),
            ])
        let id = EnvelopeFixture.pingID
        func envelope(_ kind: String, seq: Int64 = 0, _ members: [String: JSONValue]) -> JSONValue {
            var all = members
            all["requestId"] = all["requestId"] ?? .string(id)
            all["kind"] = .string(kind)
            all["seq"] = .int(seq)
            return ["envelope": .object(all)]
        }
        let hex = EnvelopeFixture.hex
        let forms: [(String, String, JSONValue, String, [String])] = [
            ("request-ping", "The ping request of chapter 10.", envelope("request", ["method": "openhuman.ping", "params": hex("{}")]),
             EnvelopeFixture.request(id), ["ENV-1", "ENV-2"]),
            ("request-stream", "A stream request ends its payload with \"stream\":true.",
             envelope("request", ["method": "companion.chat", "params": hex("[1,2]"), "stream": true]),
             "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"companion.chat\",\"params\":[1,2],\"stream\":true}}",
             ["ENV-2"]),
            ("request-stream-false", "stream false is the plain request form.",
             envelope("request", ["method": "openhuman.ping", "params": hex("{}"), "stream": false]), EnvelopeFixture.request(id), ["ENV-2"]),
            ("request-no-params", "A request without parameters carries params null.",
             envelope("request", ["method": "openhuman.ping"]), EnvelopeFixture.request(id, params: "null"), ["ENV-2"]),
            ("request-params-verbatim", "The params text is inserted exactly as the application wrote it.",
             envelope("request", ["method": "m", "params": hex("{\"b\":1,\"a\":[true,null,\"\\u00e9\"]}")]),
             EnvelopeFixture.request(id, method: "m", params: "{\"b\":1,\"a\":[true,null,\"\\u00e9\"]}"), ["ENV-2"]),
            ("response-ping", "The ping's response of chapter 10.", envelope("response", ["payload": hex("{\"ok\":true}")]),
             EnvelopeFixture.response(id), ["ENV-1", "ENV-2", "RPC-6"]),
            ("error-code", "An error payload that is a code alone.", envelope("error", ["code": "method_not_allowed"]),
             EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_not_allowed\""), ["ENV-2", "ENV-3", "RPC-6"]),
            ("error-detail-escapes", "The detail's quote, backslash, control characters and non-ASCII in ENV-3's string form.",
             envelope("error", ["code": "method_failed", "detail": "a\"b\\c\n\t\u{8}\u{c}\r\u{1}\u{1f}é/"]),
             EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_failed: a\\\"b\\\\c\\n\\t\\b\\f\\r\\u0001\\u001fé/\""),
             ["ENV-3"]),
            ("stream-chunk", "A stream-chunk with its seq as digits.", envelope("stream-chunk", seq: 12, ["payload": hex("\"x\"")]),
             EnvelopeFixture.envelope(id, kind: "stream-chunk", seq: 12, payload: "\"x\""), ["ENV-2", "STREAM-1"]),
            ("stream-end", "A stream-end carries the count of stream-chunks as seq.",
             envelope("stream-end", seq: 13, ["payload": hex("null")]),
             EnvelopeFixture.envelope(id, kind: "stream-end", seq: 13, payload: "null"), ["ENV-2", "STREAM-1"]),
            ("chunk-padding", "A chunk: members requestId, kind, seq, total, data; data padded standard base64 with + and /.",
             envelope("chunk", seq: 1, ["total": 2, "data": .hex([0xfb, 0xff])]),
             "{\"requestId\":\"\(id)\",\"kind\":\"chunk\",\"seq\":1,\"total\":2,\"data\":\"+/8=\"}", ["ENV-2", "CHUNK-3"]),
        ]
        for (name, comment, input, text, requirements) in forms {
            try file.add(name, operation: "envelope-encode", requirements: requirements, comment: comment, flags: ["Form"],
                         input: input, expect: .output(["plaintext": .hex(Array(text.utf8))]))
        }
        let long64 = String(repeating: "a", count: 64), method128 = String(repeating: "m", count: 128)
        try file.add("request-id-64", operation: "envelope-encode", requirements: ["ENV-4"],
                     comment: "A 64-character request id is written.", flags: ["Boundary"],
                     input: envelope("request", ["requestId": .string(long64), "method": "m"]), expect: .valid)
        try file.add("method-128", operation: "envelope-encode", requirements: ["RPC-1"],
                     comment: "A 128-character method name is written.", flags: ["Boundary"],
                     input: envelope("request", ["method": .string(method128)]), expect: .valid)
        let refusals: [(String, String, JSONValue, String, [String], [String])] = [
            ("request-id-65", "A 65-character request id is refused.",
             envelope("request", ["requestId": .string(long64 + "a"), "method": "m"]), "bad_request_id", ["ENV-4"], ["Boundary"]),
            ("request-id-empty", "An empty request id is refused.",
             envelope("request", ["requestId": "", "method": "m"]), "bad_request_id", ["ENV-4"], []),
            ("request-id-space", "A request id with a space is refused.",
             envelope("response", ["requestId": "a b", "payload": hex("1")]), "bad_request_id", ["ENV-4"], []),
            ("method-129", "A 129-character method name is refused.",
             envelope("request", ["method": .string(method128 + "m")]), "bad_field_value", ["RPC-1"], ["Boundary"]),
            ("method-slash", "A method name with a slash is refused.",
             envelope("request", ["method": "a/b"]), "bad_field_value", ["RPC-1"], []),
            ("params-not-json", "Params that are not one JSON value are refused.",
             envelope("request", ["method": "m", "params": hex("{\"a\":}")]), "bad_envelope_json", ["ENV-2"], []),
            ("params-two-values", "Params of two JSON values are refused.",
             envelope("request", ["method": "m", "params": hex("1 2")]), "bad_envelope_json", ["ENV-2"], []),
            ("payload-leading-space", "A payload text with leading whitespace is refused.",
             envelope("response", ["payload": hex(" 1")]), "bad_envelope_json", ["ENV-2"], []),
            ("seq-in-response", "A response with seq 1 is refused: seq is 0 in requests and answers.",
             envelope("response", seq: 1, ["payload": hex("1")]), "bad_field_value", ["ENV-2"], []),
            ("error-code-syntax", "An error code with an upper-case letter is refused.",
             envelope("error", ["code": "Method_failed"]), "bad_field_value", ["ENV-8"], []),
        ]
        for (name, comment, input, code, requirements, flags) in refusals {
            try file.add(name, operation: "envelope-encode", requirements: requirements + ["ENV-10"], comment: comment,
                         flags: ["Refused"] + flags, input: input, expect: .error(code))
        }
        return try file.build()
    }
}
