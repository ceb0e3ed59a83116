// The mutants of one area. The channel's life at the core: restarts and revocation signalling
// (CHAN-7, CLOCK-3, CONFIRM-6, SIG-CORE-2, SIG-CORE-3).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let pendingSurvivesRestart = Mutant(
        "pending-survives-restart",
        breaks: ["CLOCK-3"],
        "a pending channel is restored as pending after a restart, so its window, measured on a clock that started again, goes on"
    )
    public static let confirmingSurvivesRestart = Mutant(
        "confirming-survives-restart",
        breaks: ["CONFIRM-6"],
        "a confirming channel is stored as paired, so after a restart the phone nobody confirmed is paired"
    )
    public static let revokeNotSent = Mutant(
        "revoke-not-sent",
        breaks: ["SIG-CORE-2"],
        "the core revokes a channel without sending tunnel:revoke, so the revoked phone keeps its relay credential"
    )
    public static let revokedSignalObeyed = Mutant(
        "revoked-signal-obeyed",
        breaks: ["SIG-CORE-3"],
        "the core revokes a channel when the relay says tunnel:revoked, so the relay decides who stays paired"
    )

    /// This area's mutants, in catalog order.
    static let channelLifecycleArea: [Mutant] = [
        .pendingSurvivesRestart, .confirmingSurvivesRestart, .revokeNotSent, .revokedSignalObeyed,
    ]
}
