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
                "Form": Flag(
                    description: "The expected plaintext is the one exact sender form.",
                    bug: "Whitespace, another member order, escaped ids, or a number written another way."
                ),
                "Refused": Flag(
                    description: "The sender refuses an envelope a receiver would refuse.",
                    bug: "A sender that writes ids, methods or values that the peer then rejects."
                ),
                "Boundary": Flag(
                    description: "The value is at or just past a length limit.",
                    bug: "An off-by-one limit."
                ),
            ]
        )
        try file.add(formCases + boundaryCases, operation: "envelope-encode")
        try file.add(refusedCases, operation: "envelope-encode", alsoRequires: ["ENV-10"])
        return try file.build()
    }

    private static let id = EnvelopeFixture.pingID
    private static let hex = EnvelopeFixture.hex
    private static let long64 = String(repeating: "a", count: 64), method128 = String(repeating: "m", count: 128)

    /// Each kind's one sender form, byte for byte.
    private static var formCases: [Case] {
        [
            Case(
                "request-ping",
                requires: ["ENV-1", "ENV-2"],
                flags: ["Form"],
                comment: "The ping request of chapter 10.",
                input: envelope("request", ["method": "openhuman.ping", "params": hex("{}")]),
                expect: sent(EnvelopeFixture.request(id))
            ),
            Case(
                "request-stream",
                requires: ["ENV-2"],
                flags: ["Form"],
                comment: "A stream request ends its payload with \"stream\":true.",
                input: envelope("request", ["method": "companion.chat", "params": hex("[1,2]"), "stream": true]),
                expect: sent(
                    "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"companion.chat\",\"params\":[1,2],\"stream\":true}}"
                )
            ),
            Case(
                "request-stream-false",
                requires: ["ENV-2"],
                flags: ["Form"],
                comment: "stream false is the plain request form.",
                input: envelope("request", ["method": "openhuman.ping", "params": hex("{}"), "stream": false]),
                expect: sent(EnvelopeFixture.request(id))
            ),
            Case(
                "request-no-params",
                requires: ["ENV-2"],
                flags: ["Form"],
                comment: "A request without parameters carries params null.",
                input: envelope("request", ["method": "openhuman.ping"]),
                expect: sent(EnvelopeFixture.request(id, params: "null"))
            ),
            Case(
                "request-params-verbatim",
                requires: ["ENV-2"],
                flags: ["Form"],
                comment: "The params text is inserted exactly as the application wrote it.",
                input: envelope("request", ["method": "m", "params": hex("{\"b\":1,\"a\":[true,null,\"\\u00e9\"]}")]),
                expect: sent(
                    EnvelopeFixture.request(id, method: "m", params: "{\"b\":1,\"a\":[true,null,\"\\u00e9\"]}")
                )
            ),
            Case(
                "response-ping",
                requires: ["ENV-1", "ENV-2", "RPC-6"],
                flags: ["Form"],
                comment: "The ping's response of chapter 10.",
                input: envelope("response", ["payload": hex("{\"ok\":true}")]),
                expect: sent(EnvelopeFixture.response(id))
            ),
            Case(
                "error-code",
                requires: ["ENV-2", "ENV-3", "RPC-6"],
                flags: ["Form"],
                comment: "An error payload that is a code alone.",
                input: envelope("error", ["code": "method_not_allowed"]),
                expect: sent(EnvelopeFixture.envelope(id, kind: "error", payload: "\"method_not_allowed\""))
            ),
            Case(
                "error-detail-escapes",
                requires: ["ENV-3"],
                flags: ["Form"],
                comment: "The detail's quote, backslash, control characters and non-ASCII in ENV-3's string form.",
                input: envelope("error", ["code": "method_failed", "detail": "a\"b\\c\n\t\u{8}\u{c}\r\u{1}\u{1f}é/"]),
                expect: sent(
                    EnvelopeFixture.envelope(
                        id,
                        kind: "error",
                        payload: "\"method_failed: a\\\"b\\\\c\\n\\t\\b\\f\\r\\u0001\\u001fé/\""
                    )
                )
            ),
            Case(
                "stream-chunk",
                requires: ["ENV-2", "STREAM-1"],
                flags: ["Form"],
                comment: "A stream-chunk with its seq as digits.",
                input: envelope("stream-chunk", seq: 12, ["payload": hex("\"x\"")]),
                expect: sent(EnvelopeFixture.envelope(id, kind: "stream-chunk", seq: 12, payload: "\"x\""))
            ),
            Case(
                "stream-end",
                requires: ["ENV-2", "STREAM-1"],
                flags: ["Form"],
                comment: "A stream-end carries the count of stream-chunks as seq.",
                input: envelope("stream-end", seq: 13, ["payload": hex("null")]),
                expect: sent(EnvelopeFixture.envelope(id, kind: "stream-end", seq: 13, payload: "null"))
            ),
            Case(
                "chunk-padding",
                requires: ["ENV-2", "CHUNK-3"],
                flags: ["Form"],
                comment:
                    "A chunk: members requestId, kind, seq, total, data; data padded standard base64 with + and /.",
                input: envelope("chunk", seq: 1, ["total": 2, "data": .hex([0xfb, 0xff])]),
                expect: sent("{\"requestId\":\"\(id)\",\"kind\":\"chunk\",\"seq\":1,\"total\":2,\"data\":\"+/8=\"}")
            ),
        ]
    }

    /// The longest request id and method name a sender writes.
    private static var boundaryCases: [Case] {
        [
            Case(
                "request-id-64",
                requires: ["ENV-4"],
                flags: ["Boundary"],
                comment: "A 64-character request id is written.",
                input: envelope("request", ["requestId": .string(long64), "method": "m"]),
                expect: .valid
            ),
            Case(
                "method-128",
                requires: ["RPC-1"],
                flags: ["Boundary"],
                comment: "A 128-character method name is written.",
                input: envelope("request", ["method": .string(method128)]),
                expect: .valid
            ),
        ]
    }

    /// What a sender refuses to write, as a receiver would refuse it.
    private static var refusedCases: [Case] {
        [
            Case(
                "request-id-65",
                requires: ["ENV-4"],
                flags: ["Refused", "Boundary"],
                comment: "A 65-character request id is refused.",
                input: envelope("request", ["requestId": .string(long64 + "a"), "method": "m"]),
                expect: .error("bad_request_id")
            ),
            Case(
                "request-id-empty",
                requires: ["ENV-4"],
                flags: ["Refused"],
                comment: "An empty request id is refused.",
                input: envelope("request", ["requestId": "", "method": "m"]),
                expect: .error("bad_request_id")
            ),
            Case(
                "request-id-space",
                requires: ["ENV-4"],
                flags: ["Refused"],
                comment: "A request id with a space is refused.",
                input: envelope("response", ["requestId": "a b", "payload": hex("1")]),
                expect: .error("bad_request_id")
            ),
            Case(
                "method-129",
                requires: ["RPC-1"],
                flags: ["Refused", "Boundary"],
                comment: "A 129-character method name is refused.",
                input: envelope("request", ["method": .string(method128 + "m")]),
                expect: .error("bad_field_value")
            ),
            Case(
                "method-slash",
                requires: ["RPC-1"],
                flags: ["Refused"],
                comment: "A method name with a slash is refused.",
                input: envelope("request", ["method": "a/b"]),
                expect: .error("bad_field_value")
            ),
            Case(
                "params-not-json",
                requires: ["ENV-2"],
                flags: ["Refused"],
                comment: "Params that are not one JSON value are refused.",
                input: envelope("request", ["method": "m", "params": hex("{\"a\":}")]),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "params-two-values",
                requires: ["ENV-2"],
                flags: ["Refused"],
                comment: "Params of two JSON values are refused.",
                input: envelope("request", ["method": "m", "params": hex("1 2")]),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "payload-leading-space",
                requires: ["ENV-2"],
                flags: ["Refused"],
                comment: "A payload text with leading whitespace is refused.",
                input: envelope("response", ["payload": hex(" 1")]),
                expect: .error("bad_envelope_json")
            ),
            Case(
                "seq-in-response",
                requires: ["ENV-2"],
                flags: ["Refused"],
                comment: "A response with seq 1 is refused: seq is 0 in requests and answers.",
                input: envelope("response", seq: 1, ["payload": hex("1")]),
                expect: .error("bad_field_value")
            ),
            Case(
                "error-code-syntax",
                requires: ["ENV-8"],
                flags: ["Refused"],
                comment: "An error code with an upper-case letter is refused.",
                input: envelope("error", ["code": "Method_failed"]),
                expect: .error("bad_field_value")
            ),
        ] + orderCases
    }

    /// ENV-11: what a sender refuses for a chunk's seq, and the order of its refusals (S7, S8).
    private static var orderCases: [Case] {
        let piece = hex("ab")
        return [
            Case(
                "chunk-seq-equals-total",
                requires: ["ENV-11", "ENV-2"],
                flags: ["Refused"],
                comment: "A chunk whose seq is not below its total is refused with bad_field_value.",
                input: envelope("chunk", seq: 2, ["total": 2, "data": piece]),
                expect: .error("bad_field_value")
            ),
            Case(
                "chunk-seq-above-32-bits",
                requires: ["ENV-11", "ENV-2"],
                flags: ["Refused"],
                comment: "A chunk seq of 4,294,967,296 is refused with bad_field_value.",
                input: envelope("chunk", seq: 4_294_967_296, ["total": 4_294_967_295, "data": piece]),
                expect: .error("bad_field_value")
            ),
            Case(
                "chunk-last-of-maximum",
                requires: ["ENV-11", "ENV-2"],
                flags: ["Form"],
                comment: "seq 4,294,967,294 of total 4,294,967,295 is written: the sender checks the 32-bit range, "
                    + "not CHUNK-1's 457.",
                input: envelope("chunk", seq: 4_294_967_294, ["total": 4_294_967_295, "data": piece]),
                expect: sent(
                    "{\"requestId\":\"\(id)\",\"kind\":\"chunk\",\"seq\":4294967294,\"total\":4294967295,\"data\":\"YWI=\"}"
                )
            ),
            Case(
                "order-request-id-first",
                requires: ["ENV-11"],
                flags: ["Refused"],
                comment: "A bad requestId, seq 1 and a bad method at once: the requestId is checked first.",
                input: envelope("request", seq: 1, ["requestId": "a b", "method": "a/b", "params": hex("1 2")]),
                expect: .error("bad_request_id")
            ),
            Case(
                "order-seq-before-method",
                requires: ["ENV-11"],
                flags: ["Refused"],
                comment: "A request with seq 1 and a bad method: bad_field_value (seq), before the method.",
                input: envelope("request", seq: 1, ["method": "m", "params": hex("1 2")]),
                expect: .error("bad_field_value")
            ),
            Case(
                "order-method-before-params",
                requires: ["ENV-11", "RPC-1"],
                flags: ["Refused"],
                comment: "A bad method and params of two values: the method is checked first (bad_field_value).",
                input: envelope("request", ["method": "a/b", "params": hex("1 2")]),
                expect: .error("bad_field_value")
            ),
        ]
    }

    private static func envelope(_ kind: String, seq: Int64 = 0, _ members: [String: JSONValue]) -> JSONValue {
        var all = members
        all["requestId"] = all["requestId"] ?? .string(id)
        all["kind"] = .string(kind)
        all["seq"] = .int(seq)
        return ["envelope": .object(all)]
    }

    /// The sender writes exactly `text`.
    private static func sent(_ text: String) -> Expectation { .output(["plaintext": .hex(Array(text.utf8))]) }
}
