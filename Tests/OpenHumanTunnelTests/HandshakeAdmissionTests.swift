import OpenHumanTunnel
import Testing

/// The grind of review R3-2 (`attack_b_sas_grind.py`) replayed through `CoreChannel`: the relay
/// holds the phone's first frame and sends handshakes of its own device key, each with a fresh
/// `client_eph`, hoping for an ack whose code equals the phone's. 2.3.0 acked 232,367 of them;
/// KEYCONF-7, HS-RATE-1 and HS-4-9 leave it at most 4 codes per QR code.
@Suite struct HandshakeAdmissionTests {
    static let pending = ChannelState.pending(expiresAt: 1_600)

    /// What the rogue's tries got, by outcome.
    private struct Tally {
        var acks = 0
        var errors: [TunnelError: Int] = [:]
        var firstRevocation: Int?
    }

    /// The phone's handshake at `now`, then one rogue try a second from 1,001 until the pairing
    /// window closes (600 s, CLOCK-1): as fast as any relay would bother, 12 times HS-RATE-1.
    private func grind(reusingClientEphemeral: Bool) throws -> (CoreChannel, Tally) {
        let pairing = Pairing.named("grind")
        var channel = CoreChannel(coreStaticPrivate: pairing.core.staticPrivate, state: Self.pending)
        _ = try channel.handshake(from: pairing.device, core: pairing.core, now: 1_000)
        let rogue = DeviceParty.named("rogue", corePublic: pairing.core.staticPublic)
        var tally = Tally()
        for (index, now) in (Int64(1_001)...1_600).enumerated() {
            var attempt = rogue.nextHandshake("try \(index)")
            if reusingClientEphemeral { attempt.clientEphemeralPrivate = rogue.clientEphemeralPrivate }
            let core = pairing.core.nextSession("try \(index)")
            do {
                _ = try channel.receiveHandshake(
                    attempt.start(),
                    now: now,
                    serverEphemeralPrivate: core.serverEphemeralPrivate,
                    ackNonce: core.ackNonce
                )
                tally.acks += 1
            } catch {
                tally.errors[error, default: 0] += 1
                if error == .tooManyAttempts, tally.firstRevocation == nil { tally.firstRevocation = index }
            }
        }
        return (channel, tally)
    }

    /// One rogue device key with a fresh client_eph per try: 4 acks (the phone's handshake is
    /// the fifth admitted), then the sixth admitted handshake revokes the channel with
    /// `too_many_attempts`, and every later try is `channel_revoked`. The rate limit drops the
    /// rest unanswered, so no try beyond the four ever learns a code.
    // REQ: KEYCONF-7, HS-RATE-1, CHAN-4
    @Test func theGrindOfAttackBGetsAtMostFourRogueAcksThenTheChannelIsRevoked() throws {
        let (channel, tally) = try grind(reusingClientEphemeral: false)
        #expect(tally.acks == 4)
        #expect(tally.errors[.tooManyAttempts] == 1)
        #expect(channel.state == .revoked)
        #expect(channel.pending == nil)
        let revokedAt = try #require(tally.firstRevocation)
        #expect(tally.errors[.channelRevoked] == 600 - revokedAt - 1)
        #expect(tally.errors[.rateLimited, default: 0] > 0)
        #expect(tally.acks + tally.errors.values.reduce(0, +) == 600)
    }

    /// The same grind with one client_eph for every try, as attack_b ran it: its first try is
    /// acked (the key is new), and every repeat is `handshake_replayed` or, too soon,
    /// `rate_limited`; none is acked, none counts, and the channel stays pending.
    // REQ: HS-4-9, HS-RATE-1
    @Test func aGrindReusingOneClientEphemeralGetsNoSecondAck() throws {
        let (channel, tally) = try grind(reusingClientEphemeral: true)
        #expect(tally.acks == 1)
        #expect(Set(tally.errors.keys) == [.handshakeReplayed, .rateLimited])
        #expect(tally.errors[.handshakeReplayed, default: 0] >= 49)  // one token per 12 s for 599 s
        #expect(channel.state == Self.pending)
        #expect(channel.attempts.handshakes == 2)
        #expect(channel.attempts.deviceKeys.count == 2)
    }
}
