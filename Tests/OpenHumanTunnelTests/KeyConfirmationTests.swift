import OpenHumanTunnel
import Testing

/// Commit at the first authenticated frame (KEYCONF-*) and the confirmation of a first pairing
/// (CONFIRM-*): what a replayed or forged handshake, a lost ack and a race can and cannot do.
@Suite struct KeyConfirmationTests {
    static let pending = ChannelState.pending(expiresAt: 2_000)

    /// A channel paired with `pairing.device` whose session comes from a first handshake.
    private func liveChannel(_ pairing: Pairing) throws -> (CoreChannel, DeviceExchange) {
        var channel = CoreChannel(
            coreStaticPrivate: pairing.core.staticPrivate,
            state: .paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil)
        )
        let exchange = try channel.handshake(from: pairing.device, core: pairing.core, now: 1_000)
        #expect(try channel.open(exchange.frame("first", nonceLabel: "n0"), now: 1_001) == utf8("first"))
        return (channel, exchange)
    }

    /// The relay replays a handshake the device sent last week. The core answers it (it cannot
    /// tell), but the handshake only takes the slot: the live session still opens the device's
    /// next request, and the channel state is untouched.
    // REQ: KEYCONF-1, KEYCONF-3, CHAN-5
    @Test func aReplayedOlderHandshakeLeavesTheLiveSessionWorking() throws {
        let pairing = Pairing.named("replay older")
        let live = try liveChannel(pairing)
        var channel = live.0
        let old = live.1
        let next = try channel.handshake(
            from: pairing.device.nextHandshake("next"),
            core: pairing.core.nextSession("next"),
            now: 1_002
        )
        #expect(try channel.open(next.frame("on next", nonceLabel: "n1"), now: 1_003) == utf8("on next"))
        let stateBefore = channel.state
        _ = try channel.receiveHandshake(
            old.handshake,
            now: 1_004,
            serverEphemeralPrivate: pairing.core.nextSession("replayed").serverEphemeralPrivate,
            ackNonce: pairing.core.nextSession("replayed").ackNonce
        )
        #expect(channel.state == stateBefore)
        #expect(channel.pending?.handshakeEphemeralPublic == Array(old.handshake[1..<33]))
        #expect(try channel.open(next.frame("still live", nonceLabel: "n2"), now: 1_005) == utf8("still live"))
        // Control: under commit-on-handshake, the same replay would have ended it; here only a
        // frame under the replayed handshake's keys could commit it, and the old keys are gone.
        #expect(throws: TunnelError.authFailed) {
            try channel.open(old.frame("old keys", nonceLabel: "n3"), now: 1_006)
        }
    }

    /// Anyone who knows the device's public key can build a fresh handshake for it. It takes
    /// the slot and nothing else; the genuine device's next handshake takes the slot back.
    // REQ: KEYCONF-1, KEYCONF-6
    @Test func aForgedHandshakeChangesNothingButTheSlot() throws {
        let pairing = Pairing.named("forged")
        let started = try liveChannel(pairing)
        var channel = started.0
        let live = started.1
        let before = (channel.state, channel.session?.memory)
        _ = try channel.handshake(
            from: pairing.device.nextHandshake("forger's choice"),
            core: pairing.core.nextSession("f"),
            now: 1_002
        )
        #expect(channel.state == before.0)
        #expect(channel.session?.memory == before.1)
        #expect(try channel.open(live.frame("request", nonceLabel: "f1"), now: 1_003) == utf8("request"))
        let genuine = try channel.handshake(
            from: pairing.device.nextHandshake("genuine"),
            core: pairing.core.nextSession("g"),
            now: 1_004
        )
        #expect(try channel.open(genuine.frame("committed", nonceLabel: "f2"), now: 1_005) == utf8("committed"))
    }

    /// The ack of the first pairing is lost. The phone tries again with the same key, or scans
    /// again and mints a new one: either way the channel, still pending, takes the new
    /// handshake and the pairing completes.
    // REQ: KEYCONF-6, CONFIRM-3
    @Test func aLostAckRecoversWithTheSameKeyOrANewOne() throws {
        for rescan in [false, true] {
            let core = CoreParty.named("lost ack core")
            let phone = DeviceParty.named("lost ack phone", corePublic: core.staticPublic)
            var channel = CoreChannel(coreStaticPrivate: core.staticPrivate, state: Self.pending)
            _ = try channel.handshake(from: phone, core: core, now: 1_000)  // the ack never arrives
            let retryDevice =
                rescan
                ? DeviceParty.named("rescanned phone", corePublic: core.staticPublic)
                : phone.nextHandshake("retry")
            let retry = try channel.handshake(from: retryDevice, core: core.nextSession("retry"), now: 1_010)
            #expect(throws: TunnelError.pairingUnconfirmed) {
                try channel.open(retry.frame("ping", nonceLabel: "r1"), now: 1_011)
            }
            try channel.confirm(now: 1_012, handshakeEphemeral: retryDevice.handshakeEphemeralPublic)
            #expect(
                channel.state
                    == .paired(
                        devicePublicKey: retryDevice.staticPublic,
                        lastHandshakeEphemeral: retryDevice.handshakeEphemeralPublic
                    )
            )
            #expect(try channel.open(retry.frame("request", nonceLabel: "r2"), now: 1_013) == utf8("request"))
        }
    }

    /// Two devices race for one pending channel. Of two handshakes before any frame the later
    /// holds the slot; the first device to authenticate a frame wins, and the other is refused
    /// while the user compares, then an unknown device.
    // REQ: KEYCONF-6, KEYCONF-3, CONFIRM-5
    @Test func racingHandshakesResolveToTheFirstAuthenticatedFrame() throws {
        let core = CoreParty.named("race core")
        let a = DeviceParty.named("device a", corePublic: core.staticPublic)
        let b = DeviceParty.named("device b", corePublic: core.staticPublic)
        var channel = CoreChannel(coreStaticPrivate: core.staticPrivate, state: Self.pending)
        let fromA = try channel.handshake(from: a, core: core, now: 1_000)
        let fromB = try channel.handshake(from: b, core: core.nextSession("b"), now: 1_001)
        #expect(throws: TunnelError.authFailed) { try channel.open(fromA.frame("a", nonceLabel: "a1"), now: 1_002) }
        #expect(channel.state == Self.pending)
        #expect(throws: TunnelError.pairingUnconfirmed) {
            try channel.open(fromB.frame("b", nonceLabel: "b1"), now: 1_003)
        }
        guard case .confirming(let device, _, _) = channel.state else {
            Issue.record("not confirming")
            return
        }
        #expect(device == b.staticPublic)
        #expect(throws: TunnelError.pairingUnconfirmed) {
            _ = try channel.handshake(from: a.nextHandshake("again"), core: core.nextSession("again"), now: 1_004)
        }
        try channel.confirm(now: 1_005, handshakeEphemeral: b.handshakeEphemeralPublic)
        #expect(throws: TunnelError.unknownDevice) {
            _ = try channel.handshake(from: a.nextHandshake("after"), core: core.nextSession("after"), now: 1_006)
        }
    }

    /// Until the user confirms, the first pairing serves nothing: frames are authenticated and
    /// remembered but not delivered, and the core seals nothing. After the confirmation both work.
    // REQ: CONFIRM-2, KEYCONF-5, CONFIRM-3
    @Test func aFirstPairingDeliversNothingUntilTheUserConfirms() throws {
        let pairing = Pairing.named("unconfirmed")
        var channel = CoreChannel(coreStaticPrivate: pairing.core.staticPrivate, state: Self.pending)
        let exchange = try channel.handshake(from: pairing.device, core: pairing.core, now: 1_000)
        let ping = try exchange.frame("ping", nonceLabel: "p1")
        #expect(throws: TunnelError.pairingUnconfirmed) { try channel.open(ping, now: 1_001) }
        #expect(channel.confirmationCode == exchange.coreCode)
        #expect(throws: TunnelError.pairingUnconfirmed) {
            try channel.seal(utf8("pong"), nonce: repeated(7, 24), now: 1_002)
        }
        #expect(throws: TunnelError.replayed) { try channel.open(ping, now: 1_003) }
        // The deadline is 1_001 + 120.
        try channel.confirm(now: 1_121, handshakeEphemeral: pairing.device.handshakeEphemeralPublic)
        #expect(try channel.open(exchange.frame("request", nonceLabel: "p2"), now: 1_122) == utf8("request"))
        let reply = try channel.seal(utf8("response"), nonce: repeated(8, 24), now: 1_123)
        var device = SessionCipher(role: .device, keys: exchange.keys)
        #expect(try device.open(reply) == utf8("response"))
    }

    /// A rejection, or no answer for 120 seconds, revokes the channel: the device that paired
    /// (a rogue one, if the codes differed) gets nothing more, and its code cannot be retried.
    // REQ: CONFIRM-3, CONFIRM-4, CHAN-4
    @Test func aRejectionOrATimeoutRevokesTheChannel() throws {
        for timeout in [false, true] {
            let pairing = Pairing.named("rejected")
            var channel = CoreChannel(coreStaticPrivate: pairing.core.staticPrivate, state: Self.pending)
            let exchange = try channel.handshake(from: pairing.device, core: pairing.core, now: 1_000)
            #expect(throws: TunnelError.pairingUnconfirmed) {
                try channel.open(exchange.frame("ping", nonceLabel: "x1"), now: 1_001)
            }
            if timeout {
                channel.advance(to: 1_121)
                #expect(channel.state != .revoked, "at the deadline the user may still answer")
                #expect(throws: TunnelError.channelRevoked) {
                    try channel.confirm(now: 1_122, handshakeEphemeral: pairing.device.handshakeEphemeralPublic)
                }
            } else {
                try channel.reject(now: 1_050)
            }
            #expect(channel.state == .revoked)
            #expect(channel.session == nil && channel.pending == nil)
            #expect(throws: TunnelError.channelRevoked) {
                try channel.open(exchange.frame("again", nonceLabel: "x2"), now: 1_200)
            }
        }
    }

    /// A session that reached its bound refuses new frames with `session_exhausted`, but the
    /// device's next handshake commits a new session through the same opener (KEYCONF-3 tries
    /// the slot before it reports the exhaustion), and the channel state is kept throughout.
    // REQ: MEMORY-2, KEYCONF-3, KEYCONF-4
    @Test func anExhaustedSessionIsReplacedByTheDevicesNextHandshake() throws {
        let pairing = Pairing.named("exhausted")
        var channel = CoreChannel(
            coreStaticPrivate: pairing.core.staticPrivate,
            state: .paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil),
            sessionBound: 3
        )
        let first = try channel.handshake(from: pairing.device, core: pairing.core, now: 1_000)
        for n in 0..<3 { _ = try channel.open(first.frame("f\(n)", nonceLabel: "e\(n)"), now: 1_001) }
        let state = channel.state
        #expect(throws: TunnelError.sessionExhausted) {
            try channel.open(first.frame("over", nonceLabel: "e3"), now: 1_002)
        }
        #expect(throws: TunnelError.sessionExhausted) {
            try channel.seal(utf8("reply"), nonce: repeated(4, 24), now: 1_002)
        }
        #expect(throws: TunnelError.replayed) { try channel.open(first.frame("f0", nonceLabel: "e0"), now: 1_002) }
        #expect(channel.state == state)
        let next = try channel.handshake(
            from: pairing.device.nextHandshake("after bound"),
            core: pairing.core.nextSession("n"),
            now: 1_003
        )
        #expect(try channel.open(next.frame("fresh", nonceLabel: "e4"), now: 1_004) == utf8("fresh"))
        #expect(channel.session?.memory.count == 1)
    }
}
