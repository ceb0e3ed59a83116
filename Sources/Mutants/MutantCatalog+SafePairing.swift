// The mutants of one area. Safe pairing: the code, the commit, the confirmation (SAS-*, KEYCONF-*, CONFIRM-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let sasReducedFrom32Bits = Mutant(
        "sas-reduced-from-32-bits",
        breaks: ["SAS-2"],
        "the pairing code is the first 4 bytes of sas_okm mod 10^6 (the review's first sketch), not the 8-byte big-endian value: other digits, and a modulo bias near 2e-4"
    )
    public static let sasWithoutTranscript = Mutant(
        "sas-without-transcript",
        breaks: ["SAS-1"],
        "the pairing code's HKDF salt is empty instead of the SHA-256 of the two messages: a replayed handshake with the same keys would show the same code"
    )
    public static let sasWithoutEphemeralSecret = Mutant(
        "sas-without-ephemeral-secret",
        breaks: ["SAS-1"],
        "the pairing code is derived from static_dh alone: the same code for every pairing of the same two keys, and one the relay could learn once and reuse"
    )
    public static let sasLeadingZerosDropped = Mutant(
        "sas-leading-zeros-dropped",
        breaks: ["SAS-2"],
        "the pairing code is written without leading zeros (\"4217\" instead of \"004217\")"
    )
    public static let commitOnHandshake = Mutant(
        "commit-on-handshake",
        breaks: ["KEYCONF-1"],
        "the core commits a handshake as soon as it opens, as the deployed core did: a replayed older handshake ends the live session"
    )
    public static let pendingSlotKeepsFirst = Mutant(
        "pending-slot-keeps-first",
        breaks: ["KEYCONF-6"],
        "a pending channel refuses every handshake while one waits in the slot: a phone whose ack was lost, or that scanned again with a new key, cannot pair"
    )
    public static let pendingHandshakeReplayAccepted = Mutant(
        "pending-handshake-replay-accepted",
        breaks: ["KEYCONF-2"],
        "the handshake waiting in the slot is accepted again when replayed, replacing itself with a new ack and keys the device does not have"
    )
    public static let sealUnderPendingHandshake = Mutant(
        "seal-under-pending-handshake",
        breaks: ["KEYCONF-5"],
        "the core seals under the keys of the waiting handshake instead of the current session: the device, still on the current session, cannot open its frames"
    )
    public static let sealChecksSessionBeforeRevocation = Mutant(
        "seal-checks-session-before-revocation",
        breaks: ["KEYCONF-5"],
        "the core asks for a current session before it looks at the revocation, as 2.3.0's text ordered it: a seal on a revoked channel, which has no session, is refused no_session instead of channel_revoked"
    )
    public static let pendingDeviceKeysUnbounded = Mutant(
        "pending-device-keys-unbounded",
        breaks: ["KEYCONF-7"],
        "a pending channel admits handshakes from any number of device keys, as 2.3.0 did (its total of 5 handshakes still applies): whoever saw the QR code tries codes with new keys until one matches the phone's (review R3-2)"
    )
    public static let confirmingDelivers = Mutant(
        "confirming-delivers",
        breaks: ["CONFIRM-2"],
        "a confirming channel delivers the device's requests before the user confirmed the code"
    )
    public static let confirmationDeadlineIgnored = Mutant(
        "confirmation-deadline-ignored",
        breaks: ["CONFIRM-3"],
        "the 120-second confirmation deadline is never applied: an unanswered pairing stays open for ever"
    )
    public static let rejectionReturnsToPending = Mutant(
        "rejection-returns-to-pending",
        breaks: ["CONFIRM-3"],
        "a rejected pairing puts the channel back to pending instead of revoking it, so the same QR code can be tried again"
    )
    public static let pendingGraceIgnored = Mutant(
        "pending-grace-ignored",
        breaks: ["KEYCONF-3"],
        "a pending channel commits a waiting handshake however long after its expiry the first frame comes, skipping step 3"
    )
    public static let confirmingRecommits = Mutant(
        "confirming-recommits",
        breaks: ["CONFIRM-5", "KEYCONF-4"],
        "a confirming channel treats handshakes as a paired one does, as 2.3.0 did: the same device key takes the slot and its frame re-commits, so the code on the desktop changes during the dialog (review R3-4)"
    )
    public static let confirmUnbound = Mutant(
        "confirm-unbound",
        breaks: ["CONFIRM-4"],
        "the confirmation ignores the handshake it names and pairs whatever is committed, as 2.3.0's argument-less confirm did (review R3-4)"
    )
    public static let exhaustedSessionBlocksCommit = Mutant(
        "exhausted-session-blocks-commit",
        breaks: ["KEYCONF-3"],
        "an exhausted current session answers session_exhausted before the slot is tried (step 8 before step 7): the device's new handshake can never commit"
    )
    public static let exhaustedReportedAsAuthFailed = Mutant(
        "exhausted-reported-as-auth-failed",
        breaks: ["KEYCONF-3"],
        "a frame that opens under no key is auth_failed even when the current session is exhausted, so the device is not told to handshake again (step 8)"
    )
    public static let memoryKeptAcrossCommit = Mutant(
        "memory-kept-across-commit",
        breaks: ["KEYCONF-4", "SESS-1"],
        "a commit carries the old session's nonce memory into the new session: a nonce of the old session, reused under the new keys, is refused as replayed"
    )
    public static let oldSessionStillOpens = Mutant(
        "old-session-still-opens",
        breaks: ["KEYCONF-4", "SESS-1"],
        "a commit keeps the previous session's opening key: frames under the old keys still open after the new session took over"
    )

    /// This area's mutants, in catalog order.
    static let safePairingArea: [Mutant] = [
        .sasReducedFrom32Bits, .sasWithoutTranscript, .sasWithoutEphemeralSecret, .sasLeadingZerosDropped,
        .commitOnHandshake, .pendingSlotKeepsFirst, .pendingHandshakeReplayAccepted, .sealUnderPendingHandshake,
        .sealChecksSessionBeforeRevocation, .pendingDeviceKeysUnbounded, .confirmingDelivers,
        .confirmationDeadlineIgnored, .rejectionReturnsToPending, .pendingGraceIgnored, .confirmingRecommits,
        .confirmUnbound, .exhaustedSessionBlocksCommit, .exhaustedReportedAsAuthFailed, .memoryKeptAcrossCommit,
        .oldSessionStillOpens,
    ]
}
