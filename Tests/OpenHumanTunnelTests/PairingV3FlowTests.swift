import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Version 3's pairing from message 1 to `paired` (spec/13-handshake-v3.md 13.6 to 13.8): one
/// code on both screens, nothing committed before both users confirm, every other way out
/// revokes the channel. Each refusal sits beside the exchange that passes.
@Suite struct PairingV3FlowTests {
    let scene = PairingV3Scene(label: "flow")

    /// Both screens show the same code; the desktop's *Yes* alone commits nothing, the phone's
    /// *Match* completes it, and both sides keep the same reconnection psk.
    // REQ: V3-CORE-1, V3-COMMIT-2, V3-CONFIRM-1, V3-CONFIRM-2, V3-DEV-1
    @Test func bothScreensShowOneCodeAndOnlyBothConfirmationsCommit() throws {
        var core = scene.core(), phone = try scene.phone()
        let reveal = try #require(try phone.receive(try core.answer(phone.messageOne, now: 100, label: "a")))
        #expect(core.code == nil)
        try core.take(reveal, now: 101)
        let code = try #require(core.code)
        #expect(phone.code == code)
        let yes = try core.confirm(code: code, now: 102)
        #expect(core.state == .confirming(deadline: 221, coreConfirmed: true, deviceConfirmed: false))
        _ = try phone.receive(yes)
        #expect(phone.state == .confirming(code: code, coreConfirmed: true, deviceConfirmed: false))
        try core.take(try phone.match(code: code), now: 103)
        guard case .paired(let devicePublicKey, let corePsk) = core.state, case .paired(let phonePsk) = phone.state
        else {
            Issue.record("not paired: \(core.state), \(phone.state)")
            return
        }
        #expect(devicePublicKey == X25519.publicKey(privateKey: testPrivateKey("flow phone static")))
        #expect(corePsk == phonePsk && corePsk.count == 32)
    }

    /// V3-ATTEMPT-1: three message 1s that pass their tags are answered; the fourth revokes the
    /// channel with `too_many_attempts`, and the channel then refuses everything.
    // REQ: V3-ATTEMPT-1
    @Test func theFourthAttemptOnOneSecretRevokesTheChannel() throws {
        var core = scene.core()
        for attempt in 0..<3 {
            let phone = try scene.phone("attempt \(attempt)")
            #expect(try core.answer(phone.messageOne, now: 100 + 12 * Int64(attempt), label: "\(attempt)").count == 81)
            #expect(core.attempts == attempt + 1)
        }
        let fourth = try scene.phone("attempt 3")
        #expect(throws: TunnelError.tooManyAttempts) { try core.answer(fourth.messageOne, now: 136, label: "3") }
        #expect(core.state == .revoked)
        #expect(throws: TunnelError.channelRevoked) { try core.answer(fourth.messageOne, now: 148, label: "4") }
    }

    /// A message 1 without the QR secret never counts: the relay, which has no `ps`, cannot
    /// spend the attempts. The same phone with the secret is then answered as attempt 1.
    // REQ: V3-ATTEMPT-1, V3-PSK-1
    @Test func aMessageOneWithoutTheSecretIsRefusedAndNotCounted() throws {
        var core = scene.core()
        let stranger = try scene.phone("stranger", pairingSecret: repeated(9, 16))
        #expect(throws: TunnelError.authFailed) { try core.answer(stranger.messageOne, now: 100, label: "s") }
        #expect(core.attempts == 0 && core.state == .pending)
        #expect(try core.answer(try scene.phone().messageOne, now: 101, label: "a").count == 81)
        #expect(core.attempts == 1)
    }

    /// A replayed message 1 is `handshake_replayed` before any DH and counts nothing, so the
    /// relay cannot replace the phone's attempt with a copy of it.
    // REQ: V3-CORE-1
    @Test func aReplayedMessageOneIsRefusedAndLeavesTheAttempt() throws {
        var core = scene.core(), phone = try scene.phone()
        let reply = try core.answer(phone.messageOne, now: 100, label: "a")
        #expect(throws: TunnelError.handshakeReplayed) { try core.answer(phone.messageOne, now: 101, label: "b") }
        #expect(core.attempts == 1)
        try core.take(try #require(try phone.receive(reply)), now: 102)
        #expect(core.code == phone.code)
    }

    /// A device that reveals another nonce than it committed to, under the genuine keys, is
    /// `commitment_mismatch` and the channel is revoked; the committed nonce passes (control).
    // REQ: V3-COMMIT-2
    @Test func aRevealThatDoesNotOpenTheCommitmentRevokesTheChannel() throws {
        let committed = testPrivateKey("committed nonce")
        for (revealed, expected) in [
            (testPrivateKey("another nonce"), TunnelError.commitmentMismatch), (committed, nil),
        ] {
            var core = scene.core()
            var device = NoiseHandshakeState(
                pattern: .ikpsk1,
                role: .initiator,
                prologue: PairingV3.prologue(channelID: PairingV3Scene.channelID),
                staticPrivate: testPrivateKey("liar static"),
                ephemeralPrivate: testPrivateKey("liar ephemeral"),
                remoteStatic: scene.corePublic,
                psk: PairingV3.psk(pairingSecret: scene.pairingSecret, channelID: PairingV3Scene.channelID)
            )
            let first =
                [PairingV3Message.messageOne]
                + (try device.writeMessage(payload: PairingV3.commitment(deviceNonce: committed)))
            _ = try device.readMessage(Array(try core.answer(first, now: 100, label: "liar").dropFirst()))
            var transport = device.split()
            let reveal = [PairingV3Message.record] + (try transport.seal(revealed))
            if let expected {
                #expect(throws: expected) { try core.take(reveal, now: 101) }
                #expect(core.state == .revoked)
            } else {
                try core.take(reveal, now: 101)
                #expect(core.code != nil)
            }
        }
    }

    /// The desktop's *Yes* names the code its dialog showed: another code is
    /// `stale_confirmation` and changes nothing; the shown one is accepted.
    // REQ: V3-CONFIRM-2
    @Test func aConfirmationForAnotherCodeIsStale() throws {
        var core = scene.core(), phone = try scene.phone()
        try core.take(
            try #require(try phone.receive(try core.answer(phone.messageOne, now: 100, label: "a"))),
            now: 101
        )
        let code = try #require(core.code)
        let other = code == "000000" ? "000001" : "000000"
        #expect(throws: TunnelError.staleConfirmation) { try core.confirm(code: other, now: 102) }
        #expect(core.state == .confirming(deadline: 221, coreConfirmed: false, deviceConfirmed: false))
        #expect(try core.confirm(code: code, now: 103).count == 49)
    }

    /// The phone's *No* reaches the core and revokes the channel; the desktop's *No* reaches
    /// the phone and fails its pairing, so neither side is left waiting (R3-3).
    // REQ: V3-CONFIRM-1, V3-DEV-1
    @Test func eitherUsersNoEndsThePairingOnBothSides() throws {
        var core = scene.core(), phone = try scene.phone()
        try core.take(
            try #require(try phone.receive(try core.answer(phone.messageOne, now: 100, label: "a"))),
            now: 101
        )
        try core.take(try #require(try phone.refuse()), now: 102)
        #expect(core.state == .revoked && phone.state == .failed)

        var desk = scene.core(), other = try scene.phone("other")
        try desk.take(
            try #require(try other.receive(try desk.answer(other.messageOne, now: 100, label: "b"))),
            now: 101
        )
        _ = try other.receive(try #require(try desk.reject(now: 102)))
        #expect(desk.state == .revoked && other.state == .failed)
    }

    /// V3-CONFIRM-3: 120 seconds after the reveal an unanswered pairing is revoked; at 119 it
    /// still waits.
    // REQ: V3-CONFIRM-3
    @Test func anUnansweredCodeIsRevokedAtItsDeadline() throws {
        var core = scene.core(), phone = try scene.phone()
        try core.take(
            try #require(try phone.receive(try core.answer(phone.messageOne, now: 100, label: "a"))),
            now: 101
        )
        core.tick(now: 220)
        #expect(core.code != nil)
        core.tick(now: 221)
        #expect(core.state == .revoked)
    }

    /// V3-BIND-1: a version 2 handshake (0x03) on a version 3 channel is `version_mismatch`,
    /// before anything else is read; the channel stays pending.
    // REQ: V3-BIND-1
    @Test func aVersion2HandshakeOnAVersion3ChannelIsRefused() throws {
        var core = scene.core()
        #expect(throws: TunnelError.versionMismatch) { try core.answer([0x03] + repeated(0, 72), now: 100, label: "a") }
        #expect(core.state == .pending && core.attempts == 0)
    }
}
