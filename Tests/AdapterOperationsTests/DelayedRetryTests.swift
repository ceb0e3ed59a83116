import AdapterOperations
import Testing
import VectorFormat

/// Review R3-6 (`attack_e_delay_retry.py`) through the reference's operations: the relay holds
/// a request, the device times out and retries, and the relay then delivers both. Since suite
/// 2.4 the retry reuses its `requestId` (ENV-5), and the core answers the late copy from what it
/// did (RPC-2) instead of running the action a second time.
@Suite struct DelayedRetryTests {
    static let id = "00000000-0000-4000-8000-000000000001"
    static let method = "openhuman.send_message"
    static let params = #"{"to":"bob","text":"transfer approved"}"#

    static func hex(_ text: String) -> JSONValue { .hex(Array(text.utf8)) }

    static func request(_ id: String) -> String {
        #"{"requestId":""# + id + #"","kind":"request","seq":0,"payload":{"method":""# + method
            + #"","params":"# + params + "}}"
    }

    static func send(_ now: Int64) -> JSONValue {
        [
            "send": [
                "requestId": .string(id), "method": .string(method), "params": hex(params), "timeout": 30_000,
            ], "now": .int(now),
        ]
    }

    static func core(_ steps: [JSONValue]) -> [JSONValue] {
        let grant: JSONValue = [.string(method)]
        guard
            case .output(let output) = Operations.reference(
                "envelope-core",
                input: ["grant": grant, "methods": grant, "steps": .array(steps)]
            ), let results = output["steps"]?.arrayValue
        else { return [] }
        return results
    }

    static func dispatched(_ result: JSONValue) -> Bool { result["dispatch"]?["requestId"]?.stringValue == id }

    /// The `error` envelope `"duplicate_request_id"` the core sends for a dispatched request's copy.
    static let duplicateAnswer = hex(
        #"{"requestId":""# + id + #"","kind":"error","seq":0,"payload":"duplicate_request_id"}"#
    )

    // REQ: ENV-5, RPC-5
    @Test func theDevicesRetryAfterItsTimeoutIsTheOriginalRequestByteForByte() {
        guard
            case .output(let output) = Operations.reference(
                "envelope-device",
                input: ["steps": [Self.send(0), ["tick": true, "now": 30_001], Self.send(31_000)]]
            ), let steps = output["steps"]?.arrayValue, steps.count == 3
        else {
            Issue.record("envelope-device did not answer three steps")
            return
        }
        #expect(steps[1]["timedOut"] == [.string(Self.id)])
        #expect(steps[0]["plaintexts"] == [Self.hex(Self.request(Self.id))])
        #expect(steps[2]["plaintexts"] == steps[0]["plaintexts"])
    }

    // REQ: RPC-2, ENV-5
    @Test func theHeldOriginalDeliveredAfterItsRetryIsAnsweredNotDispatched() {
        let plaintext = Self.hex(Self.request(Self.id))
        let results = Self.core([
            ["plaintext": plaintext, "now": 31_000],  // the retry, at t + 31 s
            ["plaintext": plaintext, "now": .int(23 * 3_600_000)],  // the original, held 23 hours
            // Positive control: a new action (another id) still runs.
            [
                "plaintext": Self.hex(Self.request("00000000-0000-4000-8000-000000000002")),
                "now": .int(23 * 3_600_000 + 1),
            ],
        ])
        #expect(results.count == 3)
        #expect(results.filter(Self.dispatched).count == 1)
        #expect(Self.dispatched(results[0]))
        #expect(results[1]["reply"] == [Self.duplicateAnswer])
        #expect(results[2]["dispatch"]?["requestId"] == "00000000-0000-4000-8000-000000000002")
    }

    // REQ: RPC-2, ENV-5, ADP-68
    @Test func aRetryInTheNextSessionWithinTenMinutesRunsNothingAndAfterThemRuns() {
        let plaintext = Self.hex(Self.request(Self.id))
        let within = Self.core([
            ["plaintext": plaintext, "now": 30_500], ["newSession": true, "now": 30_600],
            ["plaintext": plaintext, "now": .int(30_500 + 600_000)],
        ])
        #expect(within.count == 3)
        #expect(within.filter(Self.dispatched).count == 1)
        #expect(within[2]["reply"] == [Self.duplicateAnswer])
        // Positive control: one millisecond past the window the id is forgotten and runs.
        let after = Self.core([
            ["plaintext": plaintext, "now": 30_500], ["newSession": true, "now": 30_600],
            ["plaintext": plaintext, "now": .int(30_501 + 600_000)],
        ])
        #expect(after.filter(Self.dispatched).count == 2)
    }
}
