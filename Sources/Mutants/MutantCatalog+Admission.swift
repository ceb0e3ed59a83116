// The mutants of one area. Handshake admission: what a channel lets into its slot and how fast
// (KEYCONF-7, HS-RATE-1, HS-4-9 for client ephemeral keys; review R3-2, R3-16, F-18).
// `pending-device-keys-unbounded` (KEYCONF-7's distinct keys) is in the safe-pairing area.
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let pendingHandshakesUnbounded = Mutant(
        "pending-handshakes-unbounded",
        breaks: ["KEYCONF-7"],
        "a pending channel counts only distinct device keys, as 2.4's first step did: one rogue key with a fresh client_eph per try gets a code per handshake, the grind of attack_b_sas_grind.py (review R3-2)"
    )
    public static let handshakeRateUnlimited = Mutant(
        "handshake-rate-unlimited",
        breaks: ["HS-RATE-1"],
        "the core applies no token bucket: a channel processes every handshake at once, three X25519 operations each, as the reference did at 1,900 a second (F-18)"
    )
    public static let clientEphemeralReuseAccepted = Mutant(
        "client-eph-reuse-accepted",
        breaks: ["HS-4-9"],
        "the core accepts a handshake whose client_eph it saw before on the channel, so the code of the new session is fresh only by the core's server_eph (review R3-16)"
    )

    /// This area's mutants, in catalog order.
    static let admissionArea: [Mutant] = [
        .pendingHandshakesUnbounded, .handshakeRateUnlimited, .clientEphemeralReuseAccepted,
    ]
}
