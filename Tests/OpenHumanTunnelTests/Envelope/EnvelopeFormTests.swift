import OpenHumanTunnel
import Testing

/// Sender forms (ENV-2, ENV-3) and the receiver's check order (ENV-6 to ENV-8): each rejection
/// with its exact code, beside the accepted text that differs from it in one place.
@Suite struct EnvelopeFormTests {
    static let id = "00000000-0000-4000-8000-000000000001"
    static let ping =
        "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"openhuman.ping\",\"params\":{}}}"

    // REQ: ENV-2
    @Test func thePingRequestIsWrittenExactlyAsTheDeployedAppWritesIt() throws {
        let bytes = try EnvelopeEncoder.encode(
            .request(requestId: Self.id, method: "openhuman.ping", paramsText: utf8("{}"), stream: false)
        )
        #expect(bytes == utf8(Self.ping))
    }

    // REQ: ENV-2, ENV-6
    @Test func everySenderFormReadsBackToWhatWasWritten() throws {
        let cases: [(OutgoingEnvelope, Role, Envelope.Body)] = [
            (
                .request(requestId: "r", method: "m", paramsText: nil, stream: true), .core,
                .request(method: "m", params: .null, stream: true)
            ),
            (.response(requestId: "r", payloadText: utf8("[1]")), .device, .response(.array([.number(utf8("1"))]))),
            (
                .error(requestId: "r", code: "method_failed", detail: "x: \"y\"\n"), .device,
                .error(code: "method_failed", detail: "x: \"y\"\n")
            ),
            (
                .streamChunk(requestId: "r", seq: 7, payloadText: utf8("null")), .device,
                .streamChunk(seq: 7, payload: .null)
            ),
            (
                .streamEnd(requestId: "r", seq: 8, payloadText: utf8("true")), .device,
                .streamEnd(seq: 8, payload: .bool(true))
            ),
            (
                .chunk(requestId: "r", seq: 0, total: 1, data: [1, 2, 3][...]), .core,
                .chunk(seq: 0, total: 1, data: [1, 2, 3])
            ),
        ]
        for (outgoing, role, body) in cases {
            let parsed = try EnvelopeParser.parse(try EnvelopeEncoder.encode(outgoing), receiver: role)
            #expect(parsed == Envelope(requestId: "r", body: body))
        }
    }

    // REQ: ENV-3
    @Test func anErrorDetailIsEscapedAsJSONStringifyEscapesIt() throws {
        let bytes = try EnvelopeEncoder.encode(.error(requestId: "r", code: "method_failed", detail: "\u{1}\t\"é"))
        #expect(
            bytes
                == utf8(
                    "{\"requestId\":\"r\",\"kind\":\"error\",\"seq\":0,\"payload\":\"method_failed: \\u0001\\t\\\"é\"}"
                )
        )
    }

    // REQ: ENV-6
    @Test func theRequestIdIsCheckedBeforeTheKindAndTheKindBeforeSeq() {
        #expect(throws: EnvelopeError.badRequestID) {
            try EnvelopeParser.parse(utf8("{\"requestId\":\"\",\"seq\":\"x\"}"), receiver: .core)
        }
        #expect(throws: EnvelopeError.unknownKind) {
            try EnvelopeParser.parse(utf8("{\"requestId\":\"a\",\"kind\":\"x\",\"seq\":\"x\"}"), receiver: .core)
        }
        // Positive control: the same text with a good kind and seq is accepted.
        #expect(throws: Never.self) {
            try EnvelopeParser.parse(
                utf8("{\"requestId\":\"a\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"m\"}}"),
                receiver: .core
            )
        }
    }

    // REQ: ENV-6
    @Test func seqMustBeAPlainIntegerInRange() throws {
        func seq(_ text: String) throws -> Envelope {
            try EnvelopeParser.parse(
                utf8("{\"requestId\":\"a\",\"kind\":\"stream-chunk\",\"seq\":\(text),\"payload\":0}"),
                receiver: .device
            )
        }
        for bad in ["1.0", "1e0", "-1", "4294967296", "99999999999999999999999"] {
            #expect(throws: EnvelopeError.badFieldValue("seq"), "seq \(bad)") { try seq(bad) }
        }
        #expect(
            try seq("4294967295")
                == Envelope(requestId: "a", body: .streamChunk(seq: 4_294_967_295, payload: .number(utf8("0"))))
        )
        #expect(try seq("-0").body == .streamChunk(seq: 0, payload: .number(utf8("0"))))
    }

    // REQ: ENV-8
    @Test func aDeviceReadsFreeTextErrorsAsMethodFailed() throws {
        func error(_ payload: String) throws -> Envelope.Body {
            try EnvelopeParser.parse(
                utf8("{\"requestId\":\"a\",\"kind\":\"error\",\"seq\":0,\"payload\":\"\(payload)\"}"),
                receiver: .device
            ).body
        }
        #expect(try error("method_not_allowed") == .error(code: "method_not_allowed", detail: nil))
        #expect(try error("method_failed: a: b") == .error(code: "method_failed", detail: "a: b"))
        #expect(try error("Unknown method: x") == .error(code: "method_failed", detail: "Unknown method: x"))
        #expect(try error("") == .error(code: "method_failed", detail: ""))
    }

    // REQ: ENV-1, ENV-6
    @Test func eachSideRefusesTheKindsOnlyItsPeerReceives() {
        let response = utf8("{\"requestId\":\"a\",\"kind\":\"response\",\"seq\":0,\"payload\":1}")
        #expect(throws: EnvelopeError.unexpectedKind) { try EnvelopeParser.parse(response, receiver: .core) }
        #expect(throws: Never.self) { try EnvelopeParser.parse(response, receiver: .device) }
        #expect(throws: EnvelopeError.unexpectedKind) { try EnvelopeParser.parse(utf8(Self.ping), receiver: .device) }
    }

    // REQ: ENV-10
    @Test func deeplyNestedPayloadsAreRefusedWithoutExhaustingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: EnvelopeError.badEnvelopeJSON) {
            try EnvelopeParser.parse(
                utf8("{\"requestId\":\"a\",\"kind\":\"response\",\"seq\":0,\"payload\":\(deep)}"),
                receiver: .device
            )
        }
        let allowed = String(repeating: "[", count: 31) + String(repeating: "]", count: 31)
        #expect(throws: Never.self) {
            try EnvelopeParser.parse(
                utf8("{\"requestId\":\"a\",\"kind\":\"response\",\"seq\":0,\"payload\":\(allowed)}"),
                receiver: .device
            )
        }
    }
}
