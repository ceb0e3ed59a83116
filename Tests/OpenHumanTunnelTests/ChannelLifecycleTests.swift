import OpenHumanTunnel
import Testing

/// The channel beyond one run of the core: what a restart leaves (CHAN-7, CLOCK-3, CONFIRM-6),
/// which revocations owe the relay `tunnel:revoke` (SIG-CORE-2) and what the relay's
/// `tunnel:revoked` changes (nothing, SIG-CORE-3).
@Suite struct ChannelLifecycleTests {
    static let pending = ChannelState.pending(expiresAt: 2_000)

    /// A first pairing that reached `confirming` at 1_001, its deadline 1_121.
    private func confirming(_ name: String) throws -> CoreChannel {
        try Pairing.named(name).confirmingChannel(pending: Self.pending).channel
    }

    /// A pairing window was measured on a monotonic clock that a restart starts again, so no
    /// pending or confirming channel outlives the restart; the revocation is the core's own.
    // REQ: CLOCK-3, CONFIRM-6, SIG-CORE-2
    @Test func aRestartRevokesPendingAndConfirmingChannels() throws {
        let pairing = Pairing.named("restart pending")
        var pending = CoreChannel(coreStaticPrivate: pairing.core.staticPrivate, state: Self.pending)
        _ = try pending.handshake(from: pairing.device, core: pairing.core, now: 1_000)
        pending.restart(now: 1_001)
        #expect(pending.state == .revoked)
        #expect(pending.pending == nil)
        #expect(pending.takeSignals() == [.revoke])

        var confirming = try confirming("restart confirming")
        confirming.restart(now: 1_002)
        #expect(confirming.state == .revoked)
        #expect(confirming.session == nil)
        #expect(confirming.takeSignals() == [.revoke])
        confirming.restart(now: 1_003)
        #expect(confirming.takeSignals().isEmpty)
    }

    /// A paired channel comes back paired, as storage holds it: no session, an empty slot.
    // REQ: CHAN-7
    @Test func aRestartKeepsAPairedChannelWithoutItsSession() throws {
        let pairing = Pairing.named("restart paired")
        let stored = ChannelState.paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil)
        var channel = CoreChannel(coreStaticPrivate: pairing.core.staticPrivate, state: stored)
        let exchange = try channel.handshake(from: pairing.device, core: pairing.core, now: 1_000)
        #expect(try channel.open(exchange.frame("a", nonceLabel: "p1"), now: 1_001) == utf8("a"))
        let state = channel.state
        channel.restart(now: 1_002)
        #expect(channel.state == state)
        #expect(channel.session == nil)
        #expect(channel.takeSignals().isEmpty)
        #expect(throws: TunnelError.noSession) { try channel.open(exchange.frame("b", nonceLabel: "p2"), now: 1_003) }
    }

    /// Each revocation the core decides owes `tunnel:revoke` once: a rejection, the timeout.
    // REQ: SIG-CORE-2
    @Test func everyRevocationByTheCoreOwesTunnelRevokeOnce() throws {
        var rejected = try confirming("rejected")
        #expect(rejected.takeSignals().isEmpty)
        try rejected.reject(now: 1_002)
        #expect(rejected.takeSignals() == [.revoke])
        #expect(throws: TunnelError.channelRevoked) { try rejected.reject(now: 1_003) }
        #expect(rejected.takeSignals().isEmpty)

        var timedOut = try confirming("timed out")
        timedOut.advance(to: 1_121)
        #expect(timedOut.takeSignals().isEmpty)
        timedOut.advance(to: 1_122)
        #expect(timedOut.takeSignals() == [.revoke])
    }

    /// The relay is not trusted to end pairings: its `tunnel:revoked` leaves a confirming
    /// channel confirming, and the user's confirmation then pairs it.
    // REQ: SIG-CORE-3
    @Test func theRelaysRevokedChangesNothing() throws {
        var channel = try confirming("relay revoked")
        let shown = Pairing.named("relay revoked").device.handshakeEphemeralPublic
        let state = channel.state
        channel.relayReportedRevoked(now: 1_002)
        #expect(channel.state == state)
        #expect(channel.session != nil)
        #expect(channel.takeSignals().isEmpty)
        try channel.confirm(now: 1_003, handshakeEphemeral: shown)
        guard case .paired = channel.state else {
            Issue.record("not paired")
            return
        }
    }
}
