// The mutants of one area. Wire version 3: reconnection (V3-RECON-1 to V3-RECON-4).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let v3ReconnectCommittedAtMessageOne = Mutant(
        "v3-reconnect-committed-at-message-1",
        breaks: ["V3-RECON-2", "V3-RECON-3"],
        "an answered message 1 becomes the session at once, without the key confirmation: a replayed message 1 ends the live session"
    )
    public static let v3ReconnectPendingNotReplaced = Mutant(
        "v3-reconnect-pending-not-replaced",
        breaks: ["V3-RECON-2"],
        "a later message 1 is answered but the first pending reconnection stays: the later one's confirmation fails"
    )
    public static let v3ReconnectPendingReplayAnswered = Mutant(
        "v3-reconnect-pending-replay-answered",
        breaks: ["V3-RECON-2"],
        "the pending reconnection's ephemeral key is not remembered: its message 1 again is answered instead of handshake_replayed"
    )
    public static let v3ReconnectCurrentReplayForgotten = Mutant(
        "v3-reconnect-current-replay-forgotten",
        breaks: ["V3-RECON-2"],
        "the committed session's ephemeral key is forgotten: its message 1 again is answered instead of handshake_replayed"
    )
    public static let v3ReconnectRateBeforeSize = Mutant(
        "v3-reconnect-rate-before-size",
        breaks: ["V3-RECON-2"],
        "the rate token is taken before the size check, so short messages 1 spend the bucket"
    )
    public static let v3ReconnectRateUnlimited = Mutant(
        "v3-reconnect-rate-unlimited",
        breaks: ["V3-RECON-2", "HS-RATE-1"],
        "reconnection messages 1 take no token: a flood costs the core four DHs each without limit"
    )
    public static let v3ReconnectConfirmationSizeUnchecked = Mutant(
        "v3-reconnect-confirmation-size-unchecked",
        breaks: ["V3-RECON-1"],
        "a key confirmation's size is not checked: one byte short or long, it fails its tag with auth_failed instead of frame_too_short or frame_too_large"
    )
    public static let v3ReconnectRefusedConfirmationClearsPending = Mutant(
        "v3-reconnect-refused-confirmation-clears-pending",
        breaks: ["V3-RECON-2"],
        "a confirmation that fails its tag clears the pending reconnection, so a forged one ends the genuine reconnection"
    )
    public static let v3ReconnectConfirmationWithoutPendingOpened = Mutant(
        "v3-reconnect-confirmation-without-pending-opened",
        breaks: ["V3-RECON-2"],
        "a key confirmation with no pending reconnection is auth_failed instead of unexpected_type"
    )
    public static let v3ReconnectPairingOctetsUnsupported = Mutant(
        "v3-reconnect-pairing-octets-unsupported",
        breaks: ["V3-RECON-2"],
        "on a paired channel the pairing octets 0x10 to 0x12 are unsupported_type instead of unexpected_type"
    )
    public static let v3ReconnectVersionTwoHandshakeUnexpected = Mutant(
        "v3-reconnect-version-2-handshake-unexpected",
        breaks: ["V3-RECON-2", "V3-BIND-1"],
        "a version 2 handshake on a paired version 3 channel is unexpected_type instead of version_mismatch"
    )
    public static let v3ReconnectDeviceReadsOnLiveState = Mutant(
        "v3-reconnect-device-reads-on-live-state",
        breaks: ["V3-RECON-4"],
        "the phone reads message 2 on its live state: after a refused one, the genuine message 2 fails too"
    )
    public static let v3ReconnectDeviceReadsSecondMessageTwo = Mutant(
        "v3-reconnect-device-reads-second-message-2",
        breaks: ["V3-RECON-4"],
        "a connected phone reads another message 2 instead of refusing it with unexpected_type"
    )
    public static let v3ReconnectDeviceSizeUnchecked = Mutant(
        "v3-reconnect-device-size-unchecked",
        breaks: ["V3-RECON-1"],
        "the phone does not check message 2's size: one byte short or long, it fails its tag instead of frame_too_short or frame_too_large"
    )
    public static let v3ReconnectDeviceConfirmationWithPayload = Mutant(
        "v3-reconnect-device-confirmation-with-payload",
        breaks: ["V3-RECON-1", "V3-RECON-4"],
        "the phone's key confirmation is its second transport message and carries a byte: 18 bytes under counter 1 instead of the empty one at counter 0"
    )

    static let reconnectionV3Area: [Mutant] = [
        .v3ReconnectCommittedAtMessageOne, .v3ReconnectPendingNotReplaced, .v3ReconnectPendingReplayAnswered,
        .v3ReconnectCurrentReplayForgotten, .v3ReconnectRateBeforeSize, .v3ReconnectRateUnlimited,
        .v3ReconnectConfirmationSizeUnchecked, .v3ReconnectRefusedConfirmationClearsPending,
        .v3ReconnectConfirmationWithoutPendingOpened, .v3ReconnectPairingOctetsUnsupported,
        .v3ReconnectVersionTwoHandshakeUnexpected, .v3ReconnectDeviceReadsOnLiveState,
        .v3ReconnectDeviceReadsSecondMessageTwo, .v3ReconnectDeviceSizeUnchecked,
        .v3ReconnectDeviceConfirmationWithPayload,
    ]
}
