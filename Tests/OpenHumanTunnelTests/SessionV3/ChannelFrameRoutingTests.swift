import OpenHumanTunnel
import Testing

/// Where a version 3 channel's session frames go (spec/14-sessions-v3.md 14.7): to the current
/// session and to no other keys, whatever handshake is under way. Each refusal sits beside the
/// frame the same channel delivers.
@Suite struct ChannelFrameRoutingTests {
    private typealias E = NoiseWorkedExample
    static let message = utf8(#"{"requestId":"r-1","kind":"request","seq":0,"payload":{"method":"openhuman.ping"}}"#)

    /// A core that lost its session (a restart keeps only the device's key and the psk) answers a
    /// frame with `no_session`, which the relay turns into `tunnel:session-lost`; the same frame
    /// is delivered once the phone has reconnected.
    // REQ: V3-CHAN-1, SIG-CORE-1
    @Test func aChannelWithoutASessionAnswersNoSessionUntilThePhoneReconnects() throws {
        var core = CoreReconnectionV3.workedExample(try E.pairing())
        var (phone, confirmation) = try core.answerPhone(try E.pairing(), label: "a")
        let frame = try phone.send(Self.message, now: 0)[0]
        #expect(throws: TunnelError.noSession) { try core.receive(frame, now: 0, coreEphemeralPrivate: []) }
        #expect(throws: TunnelError.noSession) { try core.send(Self.message, now: 0) }
        _ = try core.receive(confirmation, now: 0, coreEphemeralPrivate: [])
        #expect(try core.receive(frame, now: 0, coreEphemeralPrivate: []) == .delivered(Self.message))
    }

    /// A reconnection answered but not confirmed (perhaps a replayed message 1) opens and seals
    /// nothing: the live session's frames go on both ways. Its confirmation replaces the session,
    /// and the replaced session's frames then fail their tag.
    // REQ: V3-CHAN-1, V3-CHAN-2, V3-RECON-3
    @Test func aPendingReconnectionNeitherOpensNorSealsAndItsCommitEndsTheOldSession() throws {
        let pairing = try E.pairing()
        var core = CoreReconnectionV3.workedExample(pairing)
        var (first, firstConfirmation) = try core.answerPhone(pairing, label: "first")
        _ = try core.receive(firstConfirmation, now: 0, coreEphemeralPrivate: [])
        var (second, secondConfirmation) = try core.answerPhone(pairing, label: "second")
        #expect(core.pending != nil)

        let live = try first.send(Self.message, now: 0)[0]
        #expect(try core.receive(live, now: 0, coreEphemeralPrivate: []) == .delivered(Self.message))
        let answer = try core.send(Self.message, now: 0)[0]
        #expect(try first.receive(answer, now: 0) == .delivered(Self.message))
        #expect(throws: TunnelError.authFailed) { try second.receive(answer, now: 0) }
        _ = try second.send(Self.message, now: 0)  // counter 1, which the live session has used
        let early = try second.send(Self.message, now: 0)[0]
        #expect(throws: TunnelError.authFailed) { try core.receive(early, now: 0, coreEphemeralPrivate: []) }

        _ = try core.receive(secondConfirmation, now: 0, coreEphemeralPrivate: [])
        #expect(try core.receive(early, now: 0, coreEphemeralPrivate: []) == .delivered(Self.message))
        _ = try first.send(Self.message, now: 0)  // counter 2, which the new session has used
        let late = try first.send(Self.message, now: 0)[0]
        #expect(throws: TunnelError.authFailed) { try core.receive(late, now: 0, coreEphemeralPrivate: []) }
    }

    /// The session a pairing commits continues each direction after the records: the phone sealed
    /// the reveal (0) and its Match (1), the core its Yes (0). Before the commit a frame is
    /// `unexpected_type` on both sides and changes nothing.
    // REQ: V3-CHAN-1, V3-CHAN-3, V3-SESS-1, V3-CORE-1, V3-DEV-1
    @Test func aPairingSessionStartsAfterTheRecordsAndOnlyAtTheCommit() throws {
        let scene = PairingV3Scene(label: "routing")
        var core = scene.core(), phone = try scene.phone()
        let reveal = try #require(try phone.receive(try core.answer(phone.messageOne, now: 100, label: "a")))
        try core.take(reveal, now: 101)
        let code = try #require(core.code)
        #expect(throws: TunnelError.pairingUnconfirmed) { try core.send(Self.message, now: 101) }
        #expect(throws: TunnelError.noSession) { try phone.send(Self.message, now: 101) }
        let yes = try core.confirm(code: code, now: 102)
        _ = try phone.receive(yes, now: 102)
        let match = try phone.match(code: code, now: 103)
        let fromPhone = try phone.send(Self.message, now: 103)[0]
        #expect(Array(fromPhone[1..<9]) == [2, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: TunnelError.unexpectedType(0x16)) {
            try core.receive(fromPhone, now: 103, coreEphemeralPrivate: [], coreNonce: [])
        }

        try core.take(match, now: 103)
        #expect(
            try core.receive(fromPhone, now: 103, coreEphemeralPrivate: [], coreNonce: []) == .delivered(Self.message)
        )
        let fromCore = try core.send(Self.message, now: 103)[0]
        #expect(Array(fromCore[1..<9]) == [1, 0, 0, 0, 0, 0, 0, 0])
        #expect(try phone.receive(fromCore, now: 104) == .delivered(Self.message))
    }
}
