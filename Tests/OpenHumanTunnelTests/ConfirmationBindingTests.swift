import OpenHumanTunnel
import Testing

/// Review R3-4 (`attack_d_confirm_code_changes.py`): in suite 2.3.0 the code on the desktop
/// changed during the dialog, because a handshake of the same device re-committed, and *Yes*
/// confirmed whatever was committed. Now a confirming channel takes no handshake (CONFIRM-5) and
/// the confirmation names the handshake whose code the user saw (CONFIRM-4).
@Suite struct ConfirmationBindingTests {
    static let pending = ChannelState.pending(expiresAt: 2_000)

    /// The phone re-handshakes 40 s into the dialog, as a G4 phone does after two unanswered
    /// requests: refused, and the code and the session stay those the user is comparing.
    // REQ: CONFIRM-5, HS-4-4, KEYCONF-4
    @Test func theCodeOnTheDesktopCannotChangeDuringTheDialog() throws {
        let pairing = Pairing.named("code stays")
        let confirming = try pairing.confirmingChannel(pending: Self.pending)
        var channel = confirming.channel
        let first = confirming.exchange
        let shown = (channel.state, channel.confirmationCode)
        #expect(shown.1 == first.coreCode)
        #expect(throws: TunnelError.pairingUnconfirmed) {
            _ = try channel.handshake(
                from: pairing.device.nextHandshake("re-handshake"),
                core: pairing.core.nextSession("again"),
                now: 1_040
            )
        }
        #expect(channel.state == shown.0 && channel.confirmationCode == shown.1 && channel.pending == nil)
        // The committed session goes on: its next frame is authenticated (and not delivered).
        #expect(throws: TunnelError.pairingUnconfirmed) {
            try channel.open(first.frame("again", nonceLabel: "c2"), now: 1_041)
        }
        try channel.confirm(now: 1_060, handshakeEphemeral: pairing.device.handshakeEphemeralPublic)
        #expect(try channel.open(first.frame("request", nonceLabel: "c3"), now: 1_061) == utf8("request"))
    }

    /// A *Yes* given for another handshake than the committed one changes nothing; the *Yes* for
    /// the committed one pairs.
    // REQ: CONFIRM-4
    @Test func aConfirmationOfAnotherHandshakeIsStale() throws {
        let pairing = Pairing.named("stale yes")
        var channel = try pairing.confirmingChannel(pending: Self.pending).channel
        let confirming = channel.state
        let other = pairing.device.nextHandshake("never committed").handshakeEphemeralPublic
        #expect(throws: TunnelError.staleConfirmation) { try channel.confirm(now: 1_002, handshakeEphemeral: other) }
        #expect(channel.state == confirming)
        try channel.confirm(now: 1_003, handshakeEphemeral: pairing.device.handshakeEphemeralPublic)
        #expect(
            channel.state
                == .paired(
                    devicePublicKey: pairing.device.staticPublic,
                    lastHandshakeEphemeral: pairing.device.handshakeEphemeralPublic
                )
        )
    }
}
