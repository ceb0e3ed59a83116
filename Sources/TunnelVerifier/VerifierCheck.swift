/// Classes of checks the reference adapter's mutants switch off, to prove that the verifier's
/// vectors catch a verifier that misses one (spec/kit/mutants.md). Package-only: a verifier in
/// use runs every check.
package enum VerifierCheck: Sendable, Hashable {
    /// The nonce ledger: repeated messages and reused nonces (VERIFY-3).
    case nonceRepeats
    /// What VERIFY-12 holds a probe to: its answer, and the channel state it must leave unchanged.
    case probeAnswers
    /// The private key labels of suite 2.3 in a key log (KEYLOG-12).
    case privateKeyLabels
    /// Version 3's ledger of message 1 ephemeral keys: a replayed or reused `e_D` (VERIFY-13).
    case pairingV3Replays
    /// The reveal held to the commitment (V3-COMMIT-2, VERIFY-14).
    case pairingV3Commitment
    /// Version 3's session counters seen before in a direction (V3-WINDOW-2, VERIFY-17).
    case sessionV3Replays
    /// Version 3's messages read as envelopes (VERIFY-18, VERIFY-6).
    case sessionV3Envelopes
}
