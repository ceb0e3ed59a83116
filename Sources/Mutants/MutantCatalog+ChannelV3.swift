// The mutants of one area. Wire version 3: where a channel's session frames go (V3-CHAN-1 to
// V3-CHAN-3). Each is declared once: its name (as given to `--mutant`), the requirements it
// breaks and what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let v3ChannelFramesUnsupported = Mutant(
        "v3-channel-frames-unsupported",
        breaks: ["V3-CHAN-1", "V3-CHAN-3"],
        "a channel answers 0x16 as an octet it does not take (unsupported_type), as suite 2.7.0's channels did: no session frame ever reaches the session"
    )
    public static let v3ChannelNoSessionUnexpected = Mutant(
        "v3-channel-no-session-unexpected",
        breaks: ["V3-CHAN-1"],
        "a paired channel with no session answers 0x16 with unexpected_type instead of no_session, so the relay never tells the phone to reconnect"
    )
    public static let v3ChannelFramesToPendingReconnection = Mutant(
        "v3-channel-frames-to-pending-reconnection",
        breaks: ["V3-CHAN-1", "V3-RECON-3"],
        "while a reconnection is pending the core opens 0x16 under its keys: the live session's frames fail until the confirmation"
    )
    public static let v3ChannelSealsUnderPendingReconnection = Mutant(
        "v3-channel-seals-under-pending-reconnection",
        breaks: ["V3-CHAN-2", "V3-RECON-3"],
        "while a reconnection is pending the core seals under its keys, which a replayer may have made and the phone may never take"
    )
    public static let v3ChannelPreviousSessionKept = Mutant(
        "v3-channel-previous-session-kept",
        breaks: ["V3-CHAN-1"],
        "after a reconnection commits, a frame the new session refuses is tried under the replaced session, whose keys were to be erased"
    )
    public static let v3ChannelPairingSessionAtReconnectionCounters = Mutant(
        "v3-channel-pairing-session-at-reconnection-counters",
        breaks: ["V3-CHAN-1", "V3-SESS-1"],
        "the session a pairing commits starts at the reconnection's counters (core 0, device 1): the first frame reuses a record's nonce under the same key"
    )
    public static let v3ChannelSessionClockFromFirstSend = Mutant(
        "v3-channel-session-clock-from-first-send",
        breaks: ["V3-CHAN-1", "V3-REKEY-2"],
        "the session's first epoch starts at its first frame, not at the commit: a key idle for two minutes after the commit is not rotated"
    )

    static let channelV3Area: [Mutant] = [
        .v3ChannelFramesUnsupported, .v3ChannelNoSessionUnexpected, .v3ChannelFramesToPendingReconnection,
        .v3ChannelSealsUnderPendingReconnection, .v3ChannelPreviousSessionKept,
        .v3ChannelPairingSessionAtReconnectionCounters, .v3ChannelSessionClockFromFirstSend,
    ]
}
