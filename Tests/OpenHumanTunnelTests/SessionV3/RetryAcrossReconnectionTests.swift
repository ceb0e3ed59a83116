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

    /// A reconnection of the worked example's pairing with the phone's ephemeral key `label`'s,
    /// committed at the core: the device's and the core's new sessions.
    private static func reconnect(
        _ core: inout CoreReconnectionV3,
        pairing: NoiseTrace,
        label: String
    ) throws -> (device: SessionV3, core: SessionV3) {
        var device = try DeviceReconnectionV3(
            corePublicKey: E.core.staticPublic,
            channelID: E.channelID,
            deviceStaticPrivate: E.device.staticPrivate,
            deviceEphemeralPrivate: testPrivateKey("device \(label)"),
            reconnectPsk: E.reconnectPsk(pairing)
        )
        let two = try #require(
            try core.receive(device.messageOne, now: 0, coreEphemeralPrivate: testPrivateKey("core \(label)")).reply
        )
        _ = try core.receive(try device.receive(two), now: 0, coreEphemeralPrivate: [])
        let deviceTransport = try #require(device.transport), coreTransport = try #require(core.current?.transport)
        return (
            SessionV3(role: .device, start: .reconnection, transport: deviceTransport, startedAt: 0),
            SessionV3(role: .core, start: .reconnection, transport: coreTransport, startedAt: 0)
        )
    }

    // REQ: ENV-5, RPC-2, V3-RECON-2, V3-FRAG-2, V3-WINDOW-2
    @Test func aRetriedRequestIsExecutedOnceAcrossAReconnection() throws {
        let pairing = try E.pairing()
        var channel = CoreReconnectionV3(
            coreStaticPrivate: E.core.staticPrivate,
            channelID: E.channelID,
            devicePublicKey: E.device.staticPublic,
            reconnectPsk: E.reconnectPsk(pairing)
        )
        var gate = CoreRequestGate(grant: ["files.write"], methods: ["files.write"])
        var dispatched = 0
        func deliver(_ frames: [[UInt8]], to core: inout SessionV3, now: Int64) throws {
            for frame in frames {
                guard let message = try core.receive(frame) else { continue }
                if case .dispatch = try gate.receive(message, now: now) { dispatched += 1 }
            }
        }

        var (phone, desktop) = try Self.reconnect(&channel, pairing: pairing, label: "first")
        // The relay holds back a ping (counter 1) and the request (counter 2).
        let heldPing = try phone.send(
            utf8(#"{"requestId":"ping-1","kind":"request","seq":0,"payload":{"method":"openhuman.ping"}}"#),
            now: 0
        )
        let held = try phone.send(Self.request, now: 0)

        // The phone times out, reconnects and retries under the same id (ENV-5).
        (phone, desktop) = try Self.reconnect(&channel, pairing: pairing, label: "second")
        gate.startSession()
        let retry = try phone.send(Self.request, now: 31)
        try deliver(retry, to: &desktop, now: 31_000)
        #expect(dispatched == 1)

        // The held frames arrive late. The ping's counter, 1, is the retry's in the new session:
        // replayed before any key is tried; the request's, 2, is new there, and the first
        // session's keys are gone at the core: auth_failed.
        #expect(throws: TunnelError.replayed) { try deliver(heldPing, to: &desktop, now: 60_000) }
        #expect(throws: TunnelError.authFailed) { try deliver(held, to: &desktop, now: 60_000) }
        // The relay repeats the retry's frame: the window refuses it.
        #expect(throws: TunnelError.replayed) { try deliver(retry, to: &desktop, now: 61_000) }
        // The phone retries again after a lost answer: answered from what the core did, not run.
        let again = try phone.send(Self.request, now: 90)
        let reply = try #require(try desktop.receive(again[0]))
        guard case .reply(let answers) = try gate.receive(reply, now: 90_000) else {
            Issue.record("the duplicate was not answered from memory")
            return
        }
        #expect(answers.count == 1 && String(decoding: answers[0], as: UTF8.self).contains("duplicate_request_id"))
        #expect(dispatched == 1)
    }
}
