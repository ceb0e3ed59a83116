import OpenHumanTunnel
import Testing

/// Attacks on pairing and reconnection: the wrong core, an impostor core, a rogue device, a
/// replayed handshake, a second pairing, an expired or revoked channel. Each negative case sits
/// beside the same construction with the one ingredient made right, which succeeds.
@Suite struct PairingAttackTests {
    // MARK: Wrong or impostor core

    /// The device scanned a QR code for core X but talks to core Y: Y cannot open a handshake
    /// sealed to X's key.
    // REQ: HS-4, KDF-3, CHAN-6
    @Test func aHandshakeSealedToAnotherCoresKeyFailsAuthentication() throws {
        let coreY = CoreParty.named("core Y")
        let coreX = CoreParty.named("core X")
        let toX = DeviceParty.named("phone", corePublic: coreX.staticPublic)
        let toY = DeviceParty.named("phone", corePublic: coreY.staticPublic)
        var channel = Pairing.openPending
        #expect(throws: TunnelError.authFailed) { try coreY.accept(toX.start(), channel: &channel) }
        #expect(channel == Pairing.openPending)
        // Control: the same device, sealing to Y's key.
        _ = try coreY.accept(toY.start(), channel: &channel)
        #expect(
            channel == .paired(devicePublicKey: toY.staticPublic, lastHandshakeEphemeral: toY.handshakeEphemeralPublic)
        )
    }

    /// An impostor core without the real core's static private key answers with an ack sealed
    /// under its own static key (even knowing the client ephemeral key): the device refuses it.
    // REQ: ACK-4, KDF-4
    @Test func anAckSealedWithAnotherStaticKeyFailsAuthentication() throws {
        let pairing = Pairing.named("impostor core")
        var impostor = CoreParty.named("impostor")
        impostor.serverEphemeralPrivate = pairing.core.serverEphemeralPrivate
        impostor.ackNonce = pairing.core.ackNonce
        let forged = try impostor.sealAck(impostor.canonicalAckPlaintext, for: pairing.device)
        #expect(throws: TunnelError.authFailed) { try pairing.device.finish(forged) }
        // Control: the same builder with the real core's static key gives the real core's ack.
        let genuine = try pairing.core.sealAck(pairing.core.canonicalAckPlaintext, for: pairing.device)
        var channel = Pairing.openPending
        let accepted = try pairing.core.accept(pairing.device.start(), channel: &channel)
        #expect(genuine == accepted.ack)
        #expect(try pairing.device.finish(genuine) == accepted.keys)
    }

    /// An ack that answered another handshake (another client_eph_pub, so other aad) fails.
    // REQ: ACK-1, ACK-4
    @Test func anAckForAnEarlierHandshakeFailsAuthentication() throws {
        let pairing = Pairing.named("old ack")
        var channel = Pairing.openPending
        let oldAck = try pairing.core.accept(pairing.device.start(), channel: &channel).ack
        let next = pairing.device.nextHandshake("old ack second")
        #expect(throws: TunnelError.authFailed) { try next.finish(oldAck) }
        #expect(try pairing.device.finish(oldAck).c2s.count == 32)
    }

    // MARK: Rogue devices

    /// A paired channel accepts only its device: another static key is `unknown_device`, and the
    /// channel keeps its device and its last handshake key.
    // REQ: CHAN-3, CHAN-6, HS-4
    @Test func anImpostorDeviceOnAPairedChannelIsUnknownDevice() throws {
        let pairing = Pairing.named("paired")
        var channel = Pairing.openPending
        _ = try pairing.core.accept(pairing.device.start(), channel: &channel)
        let paired = channel
        let impostor = DeviceParty.named("impostor device", corePublic: pairing.core.staticPublic)
        #expect(throws: TunnelError.unknownDevice) { try pairing.core.accept(impostor.start(), channel: &channel) }
        #expect(channel == paired)
        // Control: the paired device reconnects with a new handshake.
        let reconnect = pairing.device.nextHandshake("paired reconnect")
        let accepted = try pairing.core.nextSession("paired 2").accept(reconnect.start(), channel: &channel)
        #expect(accepted.devicePublicKey == pairing.device.staticPublic)
        #expect(
            channel
                == .paired(
                    devicePublicKey: pairing.device.staticPublic,
                    lastHandshakeEphemeral: reconnect.handshakeEphemeralPublic
                )
        )
    }

    /// Two devices scanned the same QR code: the first to complete pairs the channel, and the
    /// second, arriving on a channel that is now paired, is `unknown_device`.
    // REQ: CHAN-2, CHAN-3, CHAN-6
    @Test func aSecondPairingOnAPendingChannelIsUnknownDevice() throws {
        let core = CoreParty.named("one QR")
        let first = DeviceParty.named("first scanner", corePublic: core.staticPublic)
        let second = DeviceParty.named("second scanner", corePublic: core.staticPublic)
        let secondFrame = try second.start()
        var channel = Pairing.openPending
        // Control: on the pending channel the second device's handshake would have been accepted.
        var untouched = channel
        _ = try core.accept(secondFrame, channel: &untouched)
        _ = try core.accept(first.start(), channel: &channel)
        let paired = channel
        #expect(throws: TunnelError.unknownDevice) { try core.accept(secondFrame, channel: &channel) }
        #expect(channel == paired)
        #expect(
            channel
                == .paired(devicePublicKey: first.staticPublic, lastHandshakeEphemeral: first.handshakeEphemeralPublic)
        )
    }

    // MARK: Replayed handshakes

    /// The relay plays the last accepted handshake again: `handshake_replayed`, nothing changes.
    // REQ: CHAN-5, CHAN-6, HS-4
    @Test func theLastAcceptedHandshakeReplayedIsRefused() throws {
        let pairing = Pairing.named("replay last")
        let frame = try pairing.device.start()
        var channel = Pairing.openPending
        _ = try pairing.core.accept(frame, channel: &channel)
        let paired = channel
        #expect(throws: TunnelError.handshakeReplayed) {
            try pairing.core.nextSession("replay last attacker").accept(frame, channel: &channel)
        }
        #expect(channel == paired)
        // Control: a new handshake of the same device is accepted.
        _ = try pairing.core.nextSession("replay last 2").accept(
            pairing.device.nextHandshake("replay last 2").start(),
            channel: &channel
        )
    }

    /// An older handshake replayed after a newer one is accepted as the same device (CHAN-5 only
    /// requires remembering the last one), but the attacker gains nothing: it cannot finish the
    /// handshake without the device's keys, and neither the old session's frames nor frames it
    /// can forge open in the new session.
    // REQ: CHAN-5, SESS-1, ACK-4, FRAME-OPEN-6
    @Test func anOlderReplayedHandshakeGivesTheAttackerNoSession() throws {
        let pairing = Pairing.named("replay older")
        var channel = Pairing.openPending
        let h1 = try pairing.device.start()
        let session1 = try pairing.core.accept(h1, channel: &channel)
        let device1 = SessionCipher(role: .device, keys: try pairing.device.finish(session1.ack))
        let capturedFrame = try device1.seal(utf8(#"{"method":"openhuman.ping"}"#), nonce: testNonce(1))

        let second = pairing.device.nextHandshake("replay older h2")
        _ = try pairing.core.nextSession("replay older s2").accept(second.start(), channel: &channel)

        // The relay replays H1: the core accepts it, with a fresh server ephemeral key.
        let replayCore = pairing.core.nextSession("replay older s3")
        let replayed = try replayCore.accept(h1, channel: &channel)
        #expect(
            channel
                == .paired(
                    devicePublicKey: pairing.device.staticPublic,
                    lastHandshakeEphemeral: pairing.device.handshakeEphemeralPublic
                )
        )
        #expect(replayed.keys != session1.keys)
        var coreSession = SessionCipher(role: .core, keys: replayed.keys)

        // The attacker holds the ack but not device_static: even with H1's client_eph it cannot open it.
        var attacker = pairing.device
        attacker.staticPrivate = testPrivateKey("replay older attacker static")
        #expect(throws: TunnelError.authFailed) { try attacker.finish(replayed.ack) }
        // Frames recorded from session 1, and frames sealed under session 1's keys, fail.
        #expect(throws: TunnelError.authFailed) { try coreSession.open(capturedFrame) }
        let forged = try SessionCipher(role: .device, keys: pairing.device.finish(session1.ack)).seal(
            utf8("x"),
            nonce: testNonce(2)
        )
        #expect(throws: TunnelError.authFailed) { try coreSession.open(forged) }
        #expect(coreSession.window.count == 0)
        // Control: only the real device (holding device_static and H1's client_eph) could use it.
        var realDevice = SessionCipher(role: .device, keys: try pairing.device.finish(replayed.ack))
        #expect(try coreSession.open(realDevice.seal(utf8("x"), nonce: testNonce(3))) == utf8("x"))
        _ = try realDevice.open(coreSession.seal(utf8("y"), nonce: testNonce(4)))
    }

    // MARK: Expiry and revocation

    /// `now == expiresAt` is still valid; one second later is `pairing_expired`.
    // REQ: CHAN-1, CHAN-2, CHAN-6, HS-4
    @Test func aPendingChannelAcceptsAtExpiresAtAndRefusesOneSecondLater() throws {
        let pairing = Pairing.named("expiry")
        let frame = try pairing.device.start()
        let pending = ChannelState.pending(expiresAt: 1_790_000_000)
        var channel = pending
        #expect(throws: TunnelError.pairingExpired) {
            try pairing.core.accept(frame, channel: &channel, now: 1_790_000_001)
        }
        #expect(channel == pending)
        #expect(throws: TunnelError.pairingExpired) {
            try pairing.core.accept(frame, channel: &channel, now: Int64.max)
        }
        #expect(channel == pending)
        _ = try pairing.core.accept(frame, channel: &channel, now: 1_790_000_000)
        #expect(
            channel
                == .paired(
                    devicePublicKey: pairing.device.staticPublic,
                    lastHandshakeEphemeral: pairing.device.handshakeEphemeralPublic
                )
        )
    }

    /// A paired channel does not expire: the pending expiry no longer applies.
    // REQ: CHAN-3
    @Test func aPairedChannelDoesNotExpire() throws {
        let pairing = Pairing.named("no expiry")
        var channel = ChannelState.pending(expiresAt: 10)
        _ = try pairing.core.accept(pairing.device.start(), channel: &channel, now: 10)
        _ = try pairing.core.nextSession("no expiry 2").accept(
            pairing.device.nextHandshake("no expiry 2").start(),
            channel: &channel,
            now: Int64.max
        )
    }

    /// The expiry check comes before any X25519 (HS-4 step 4 before 5): a low-order header key
    /// on an expired channel is still `pairing_expired`.
    // REQ: HS-4, CHAN-2
    @Test func expiryIsCheckedBeforeTheHandshakeKey() throws {
        let pairing = Pairing.named("expiry order")
        let lowOrder = try pairing.device.start().replacing(at: 1, with: repeated(0, 32))
        var channel = ChannelState.pending(expiresAt: 5)
        #expect(throws: TunnelError.pairingExpired) { try pairing.core.accept(lowOrder, channel: &channel, now: 6) }
        #expect(throws: TunnelError.lowOrderKey) { try pairing.core.accept(lowOrder, channel: &channel, now: 5) }
        #expect(channel == .pending(expiresAt: 5))
    }

    /// A revoked channel accepts nothing, not even its own device, and stays revoked.
    // REQ: CHAN-4, CHAN-6, HS-4
    @Test func aRevokedChannelRefusesEveryHandshake() throws {
        let pairing = Pairing.named("revoked")
        let frame = try pairing.device.start()
        var channel = ChannelState.revoked
        #expect(throws: TunnelError.channelRevoked) { try pairing.core.accept(frame, channel: &channel) }
        #expect(channel == .revoked)
        // Before any X25519 (step 4 before 5), and after the length checks (2, 3 before 4).
        #expect(throws: TunnelError.channelRevoked) {
            try pairing.core.accept(frame.replacing(at: 1, with: repeated(0, 32)), channel: &channel)
        }
        #expect(throws: TunnelError.frameTooShort) {
            try pairing.core.accept(Array(frame.prefix(72)), channel: &channel)
        }
        #expect(channel == .revoked)
        // Control: the same frame on the channel it was paired on before revocation.
        var paired = ChannelState.paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil)
        _ = try pairing.core.accept(frame, channel: &paired)
    }

    /// A paired channel whose last handshake key is unknown (restored from storage) skips the
    /// replay check but still checks the device.
    // REQ: CHAN-5, CHAN-3
    @Test func aPairedChannelWithoutALastHandshakeKeyStillChecksTheDevice() throws {
        let pairing = Pairing.named("restored")
        var channel = ChannelState.paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil)
        let other = DeviceParty.named("restored other", corePublic: pairing.core.staticPublic)
        #expect(throws: TunnelError.unknownDevice) { try pairing.core.accept(other.start(), channel: &channel) }
        #expect(channel == .paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil))
        _ = try pairing.core.accept(pairing.device.start(), channel: &channel)
        #expect(
            channel
                == .paired(
                    devicePublicKey: pairing.device.staticPublic,
                    lastHandshakeEphemeral: pairing.device.handshakeEphemeralPublic
                )
        )
    }

    /// HS-4 step 8 before step 9: a replay of the last handshake key carrying another device's
    /// key is `unknown_device`. (The header binds hs_eph_pub, so the attacker needs hs_eph's
    /// private key: this is what a device that reused its hs_eph would send.)
    // REQ: HS-4, CHAN-3, CHAN-5
    @Test func unknownDeviceIsCheckedBeforeHandshakeReplay() throws {
        let pairing = Pairing.named("step order")
        var channel = Pairing.openPending
        _ = try pairing.core.accept(pairing.device.start(), channel: &channel)
        let paired = channel
        var other = DeviceParty.named("step order other", corePublic: pairing.core.staticPublic)
        other.handshakeEphemeralPrivate = pairing.device.handshakeEphemeralPrivate
        #expect(throws: TunnelError.unknownDevice) { try pairing.core.accept(other.start(), channel: &channel) }
        var sameDevice = pairing.device
        sameDevice.clientEphemeralPrivate = testPrivateKey("step order new client")
        #expect(throws: TunnelError.handshakeReplayed) {
            try pairing.core.accept(sameDevice.start(), channel: &channel)
        }
        #expect(channel == paired)
    }

    /// Each accepted handshake gives new session keys (new client and server ephemerals), so a
    /// frame of the previous session fails in the new one, and the new windows start empty.
    // REQ: SESS-1, ACK-3, DH-3
    @Test func eachAcceptedHandshakeStartsAFreshSession() throws {
        let pairing = Pairing.named("fresh session")
        var channel = Pairing.openPending
        var (device1, core1) = try pairing.handshake(channel: &channel)
        let oldFrame = try device1.seal(utf8("old"), nonce: testNonce(1))
        #expect(try core1.open(oldFrame) == utf8("old"))
        let next = Pairing(
            core: pairing.core.nextSession("fresh session 2"),
            device: pairing.device.nextHandshake("fresh session 2")
        )
        var (device2, core2) = try next.handshake(channel: &channel)
        #expect(core2.window.count == 0 && device2.window.count == 0)
        #expect(throws: TunnelError.authFailed) { try core2.open(oldFrame) }
        #expect(core2.window.count == 0)
        #expect(try core2.open(device2.seal(utf8("new"), nonce: testNonce(1))) == utf8("new"))
        _ = try device2.open(core2.seal(utf8("back"), nonce: testNonce(2)))
        _ = try device1.open(core1.seal(utf8("old back"), nonce: testNonce(3)))
    }
}
