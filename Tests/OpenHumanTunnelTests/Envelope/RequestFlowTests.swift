import OpenHumanTunnel
import Testing

/// The core's gate (RPC-2, RPC-6, AUTH-1, AUTH-3) and the device's pending requests (RPC-4,
/// RPC-5, STREAM-2), each refusal with a positive control beside it.
@Suite struct RequestFlowTests {
    static func request(_ id: String, _ method: String) -> [UInt8] {
        utf8(
            "{\"requestId\":\"\(id)\",\"kind\":\"request\",\"seq\":0,\"payload\":{\"method\":\"\(method)\",\"params\":null}}"
        )
    }

    static func error(_ id: String, _ code: String) -> [[UInt8]] {
        [utf8("{\"requestId\":\"\(id)\",\"kind\":\"error\",\"seq\":0,\"payload\":\"\(code)\"}")]
    }

    // REQ: AUTH-1, AUTH-3, RPC-6
    @Test func theCoreRunsOnlyGrantedMethodsAndAlwaysAnswersPing() throws {
        var gate = CoreRequestGate(grant: ["companion.chat"], methods: ["companion.chat", "openhuman.devices_list"])
        #expect(
            try gate.receive(Self.request("a", "companion.chat"), now: 0)
                == .dispatch(requestId: "a", method: "companion.chat", params: .null, stream: false)
        )
        #expect(
            try gate.receive(Self.request("b", "openhuman.devices_list"), now: 0)
                == .reply(Self.error("b", "method_not_allowed"))
        )
        #expect(
            try gate.receive(Self.request("c", "openhuman.ping"), now: 0)
                == .reply([utf8("{\"requestId\":\"c\",\"kind\":\"response\",\"seq\":0,\"payload\":{\"ok\":true}}")])
        )
    }

    // REQ: RPC-2
    @Test func aRequestIdIsRunAtMostOnceASessionAndItsCopyLearnsSo() throws {
        var gate = CoreRequestGate(grant: ["m"], methods: ["m"])
        #expect(
            try gate.receive(Self.request("a", "m"), now: 0)
                == .dispatch(requestId: "a", method: "m", params: .null, stream: false)
        )
        #expect(
            try gate.receive(Self.request("a", "m"), now: 1)
                == .reply([
                    utf8("{\"requestId\":\"a\",\"kind\":\"error\",\"seq\":0,\"payload\":\"duplicate_request_id\"}")
                ])
        )
        // Positive control: another id runs.
        #expect(
            try gate.receive(Self.request("b", "m"), now: 2)
                == .dispatch(requestId: "b", method: "m", params: .null, stream: false)
        )
    }

    // REQ: RPC-2
    @Test func theSessionsRequestBudgetEndsWithTooManyRequests() throws {
        var limits = EnvelopeLimits.standard
        limits.maximumRequests = 3
        var gate = CoreRequestGate(grant: ["m"], methods: ["m"], limits: limits)
        for n in 0..<3 { _ = try gate.receive(Self.request("r\(n)", "m"), now: 0) }
        #expect(throws: EnvelopeError.tooManyRequests) { try gate.receive(Self.request("r3", "m"), now: 0) }
    }

    // REQ: RPC-4, RPC-5
    @Test func aTimedOutRequestIsFailedOnceAndItsLateAnswerFindsNothing() throws {
        var device = DeviceRequests()
        _ = try device.send(requestId: "a", method: "m", paramsText: nil, stream: false, timeout: 100, now: 0)
        #expect(device.expire(now: 100).timedOut.isEmpty)
        #expect(device.expire(now: 101).timedOut == ["a"])
        let late = utf8("{\"requestId\":\"a\",\"kind\":\"response\",\"seq\":0,\"payload\":1}")
        #expect(throws: EnvelopeError.unknownRequest) { try device.receive(late, now: 102) }
        // Positive control: an answer in time is delivered.
        _ = try device.send(requestId: "b", method: "m", paramsText: nil, stream: false, timeout: 100, now: 200)
        #expect(
            try device.receive(utf8("{\"requestId\":\"b\",\"kind\":\"response\",\"seq\":0,\"payload\":1}"), now: 300)
                == .response(requestId: "b", payload: .number(utf8("1")))
        )
    }

    // REQ: STREAM-2
    @Test func aStreamGapFailsTheRequest() throws {
        var device = DeviceRequests()
        _ = try device.send(requestId: "s", method: "m", paramsText: nil, stream: true, timeout: 100, now: 0)
        func chunk(_ seq: Int) -> [UInt8] {
            utf8("{\"requestId\":\"s\",\"kind\":\"stream-chunk\",\"seq\":\(seq),\"payload\":0}")
        }
        #expect(
            try device.receive(chunk(0), now: 1) == .streamChunk(requestId: "s", seq: 0, payload: .number(utf8("0")))
        )
        #expect(throws: EnvelopeError.streamOutOfOrder) { try device.receive(chunk(2), now: 2) }
        #expect(throws: EnvelopeError.unknownRequest) { try device.receive(chunk(1), now: 3) }
    }
}
