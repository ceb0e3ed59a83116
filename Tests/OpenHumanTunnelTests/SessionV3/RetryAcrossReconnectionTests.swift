import OpenHumanTunnel
import Testing

/// Review R3-6 on version 3, end to end through the library: a request the relay holds back, its
/// retry under the same id after a reconnection, the held original delivered late and the retry
/// duplicated; the core runs the action exactly once.
@Suite struct RetryAcrossReconnectionTests {
    private typealias E = NoiseWorkedExample
    static let request = utf8(
        #"{"requestId":"retry-1","kind":"request","seq":0,"payload":{"method":"files.write","params":{}}}"#
    )

    /// A reconnection committed at the core's channel: the phone, connected, with its new session.
    private static func reconnect(
        _ core: inout CoreReconnectionV3,
        pairing: NoiseTrace,
        label: String,
        now: Int64
    ) throws -> DeviceReconnectionV3 {
        let (phone, confirmation) = try core.answerPhone(pairing, label: label, now: now)
        _ = try core.receive(confirmation, now: now, coreEphemeralPrivate: [])
        return phone
    }

    // REQ: ENV-5, RPC-2, V3-RECON-2, V3-CHAN-1, V3-FRAG-2, V3-WINDOW-2
    @Test func aRetriedRequestIsExecutedOnceAcrossAReconnection() throws {
        let pairing = try E.pairing()
        var channel = CoreReconnectionV3.workedExample(pairing)
        var gate = CoreRequestGate(grant: ["files.write"], methods: ["files.write"])
        var dispatched = 0
        /// The frames reach the core's channel, which hands each to its current session (V3-CHAN-1).
        func deliver(_ frames: [[UInt8]], now: Int64) throws {
            for frame in frames {
                guard
                    case .delivered(let message?) = try channel.receive(
                        frame,
                        now: now / 1000,
                        coreEphemeralPrivate: []
                    )
                else { continue }
                if case .dispatch = try gate.receive(message, now: now) { dispatched += 1 }
            }
        }

        var phone = try Self.reconnect(&channel, pairing: pairing, label: "first", now: 0)
        // The relay holds back a ping (counter 1) and the request (counter 2).
        let heldPing = try phone.send(
            utf8(#"{"requestId":"ping-1","kind":"request","seq":0,"payload":{"method":"openhuman.ping"}}"#),
            now: 0
        )
        let held = try phone.send(Self.request, now: 0)

        // The phone times out, reconnects and retries under the same id (ENV-5).
        phone = try Self.reconnect(&channel, pairing: pairing, label: "second", now: 31)
        gate.startSession()
        let retry = try phone.send(Self.request, now: 31)
        try deliver(retry, now: 31_000)
        #expect(dispatched == 1)

        // The held frames arrive late. The ping's counter, 1, is the retry's in the new session:
        // replayed before any key is tried; the request's, 2, is new there, and the first
        // session's keys are gone at the core: auth_failed.
        #expect(throws: TunnelError.replayed) { try deliver(heldPing, now: 60_000) }
        #expect(throws: TunnelError.authFailed) { try deliver(held, now: 60_000) }
        // The relay repeats the retry's frame: the window refuses it.
        #expect(throws: TunnelError.replayed) { try deliver(retry, now: 61_000) }
        // The phone retries again after a lost answer: answered from what the core did, not run.
        let again = try phone.send(Self.request, now: 90)
        guard case .delivered(let reply?) = try channel.receive(again[0], now: 90, coreEphemeralPrivate: []) else {
            Issue.record("the channel did not deliver the second retry")
            return
        }
        guard case .reply(let answers) = try gate.receive(reply, now: 90_000) else {
            Issue.record("the duplicate was not answered from memory")
            return
        }
        #expect(answers.count == 1 && String(decoding: answers[0], as: UTF8.self).contains("duplicate_request_id"))
        #expect(dispatched == 1)
    }
}
