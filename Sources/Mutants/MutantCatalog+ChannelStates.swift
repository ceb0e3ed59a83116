// The mutants of one area. Channel states at the core (CHAN-*, HS-4 order).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let expiryComparedWithLessOrEqual = Mutant(
        "expiry-compared-with-less-or-equal",
        breaks: ["CHAN-2"],
        "a pending channel is treated as expired when now >= expiresAt, refusing the handshake at now == expiresAt"
    )
    public static let unknownDeviceAccepted = Mutant(
        "unknown-device-accepted",
        breaks: ["CHAN-3"],
        "a paired channel re-pairs to whichever device key arrives, as the deployed core did"
    )
    public static let pendingChannelNotConsumed = Mutant(
        "pending-channel-not-consumed",
        breaks: ["CHAN-2"],
        "a pending channel stays pending after its handshake, so a second device can still pair"
    )
    public static let revokedChannelAccepted = Mutant(
        "revoked-channel-accepted",
        breaks: ["CHAN-4"],
        "the revoked state is not consulted: a revoked channel pairs again"
    )
    public static let handshakeReplayAccepted = Mutant(
        "handshake-replay-accepted",
        breaks: ["CHAN-5"],
        "the last accepted hs_eph_pub is not compared, so a replayed handshake restarts the session"
    )
    public static let channelStateCheckedAfterAuth = Mutant(
        "channel-state-checked-after-auth",
        breaks: ["HS-4"],
        "the channel state is checked after the AEAD open, so a revoked or expired channel answers auth_failed to a forged handshake"
    )
    public static let channelUpdatedBeforeKeyChecks = Mutant(
        "channel-updated-before-key-checks",
        breaks: ["CHAN-6"],
        "the channel is set to paired before the static and ephemeral DH checks, so a low_order_key failure still changes it"
    )
    public static let replayCheckedBeforeDeviceKey = Mutant(
        "replay-checked-before-device-key",
        breaks: ["HS-4"],
        "on a paired channel the handshake replay check runs before the device key check, so a replayed handshake of another device gives handshake_replayed, not unknown_device"
    )
    public static let expiryHeldIn32Bits = Mutant(
        "expiry-held-in-32-bits",
        breaks: ["ENC-4", "CHAN-2"],
        "the core compares now and expiresAt as 32-bit values, so times past 2^32 - 1 (2106) wrap and an expired pairing reopens"
    )
    public static let zeroExpiryMeansNever = Mutant(
        "zero-expiry-means-never",
        breaks: ["CHAN-2", "ENC-4"],
        "a pending channel with expiresAt 0 is taken to have no expiry, as a zero sentinel does"
    )

    /// This area's mutants, in catalog order.
    static let channelStatesArea: [Mutant] = [
        .expiryComparedWithLessOrEqual, .unknownDeviceAccepted, .pendingChannelNotConsumed, .revokedChannelAccepted,
        .handshakeReplayAccepted, .channelStateCheckedAfterAuth, .channelUpdatedBeforeKeyChecks,
        .replayCheckedBeforeDeviceKey, .expiryHeldIn32Bits, .zeroExpiryMeansNever,
    ]
}
