// The mutants of one area. The verifier (VERIFY-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let verifierIgnoresRepeatedNonces = Mutant(
        "verifier-ignores-repeated-nonces",
        breaks: ["VERIFY-3", "REPLAY-3", "FRAME-SEAL-2"],
        "the verifier keeps no ledger of nonces, so a replayed frame and a reused nonce pass unnamed"
    )

    public static let verifierTrustsProbes = Mutant(
        "verifier-trusts-probes",
        breaks: ["VERIFY-12"],
        "the verifier takes a probe's mark as the whole story: it ignores an accepted answer, and lets the probe "
            + "change the channel's state, so a receiver that accepted a replay passes and the genuine frame after a "
            + "tampered copy reads as nonce reuse"
    )

    public static let verifierIgnoresLegacyKeyLogLabels = Mutant(
        "verifier-ignores-legacy-key-log-labels",
        breaks: ["KEYLOG-12"],
        "the verifier reads only the key log labels of 2.4, so a key log saved with 2.3 (private keys) opens nothing "
            + "and the plaintext departures it would show pass unnamed"
    )

    public static let verifierIgnoresPairingV3Replays = Mutant(
        "verifier-ignores-pairing-v3-replays",
        breaks: ["VERIFY-13", "V3-CORE-1", "V3-NOISE-1"],
        "the verifier keeps no ledger of version 3 message 1 ephemeral keys, so an answered message 1 replayed and "
            + "an e_D reused with another commitment pass unnamed"
    )

    public static let verifierTrustsPairingV3Reveals = Mutant(
        "verifier-trusts-pairing-v3-reveals",
        breaks: ["VERIFY-14", "V3-COMMIT-2"],
        "the verifier opens the reveal but does not hash it against the commitment of message 1, so a device that "
            + "reveals another nonce than it committed to passes, and a code is printed for it"
    )

    public static let verifierIgnoresV3SessionReplays = Mutant(
        "verifier-ignores-v3-session-replays",
        breaks: ["VERIFY-17", "V3-WINDOW-2"],
        "the verifier keeps no ledger of version 3 session counters, so a 0x16 whose counter its direction used "
            + "before in the session passes unnamed"
    )

    public static let verifierPrintsV3MessagesUnread = Mutant(
        "verifier-prints-v3-messages-unread",
        breaks: ["VERIFY-18", "ENV-2"],
        "the verifier opens version 3's session frames and prints the messages they deliver without reading them as "
            + "envelopes, so a message its receiver refuses passes (the verifier of suites 3.0.0 and 3.1.0)"
    )

    /// This area's mutants, in catalog order.
    static let verifierArea: [Mutant] = [
        .verifierIgnoresRepeatedNonces, .verifierTrustsProbes, .verifierIgnoresLegacyKeyLogLabels,
        .verifierIgnoresPairingV3Replays, .verifierTrustsPairingV3Reveals, .verifierIgnoresV3SessionReplays,
        .verifierPrintsV3MessagesUnread,
    ]
}
