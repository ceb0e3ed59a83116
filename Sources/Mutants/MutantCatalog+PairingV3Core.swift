// The mutants of one area. Wire version 3: the core's pairing channel, its messages, attempts
// and confirmations (V3-MSG-1, V3-BIND-1, V3-CORE-1, V3-RATE-1, V3-ATTEMPT-1, V3-COMMIT-2,
// V3-CONFIRM-1 to V3-CONFIRM-3).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let v3RecordSizeUnchecked = Mutant(
        "v3-record-size-unchecked",
        breaks: ["V3-MSG-1"],
        "a record's size is not checked: one byte short or long, it fails its tag with auth_failed instead of frame_too_short or frame_too_large"
    )
    public static let v3VersionTwoHandshakeUnsupported = Mutant(
        "v3-version-2-handshake-unsupported",
        breaks: ["V3-BIND-1", "V3-CORE-1"],
        "a version 2 handshake (0x03) on a version 3 channel is unsupported_type, as any unknown octet, instead of version_mismatch: the version 2 app cannot tell its user to update"
    )
    public static let v3ExpiryDoesNotRevoke = Mutant(
        "v3-expiry-does-not-revoke",
        breaks: ["V3-CORE-1"],
        "a pending channel at or after exp refuses a message with pairing_expired but stays pending, and the clock reaching exp revokes nothing"
    )
    public static let v3MessageOneAcceptedWhileConfirming = Mutant(
        "v3-message-1-accepted-while-confirming",
        breaks: ["V3-CORE-1"],
        "a message 1 while the code is on screen is read as a new attempt instead of refused with pairing_unconfirmed"
    )
    public static let v3ReplayedMessageOneAnswered = Mutant(
        "v3-replayed-message-1-answered",
        breaks: ["V3-CORE-1"],
        "the ephemeral keys answered before are not remembered: a replayed message 1 is answered as a new attempt instead of handshake_replayed"
    )
    public static let v3LaterAttemptDoesNotReplace = Mutant(
        "v3-later-attempt-does-not-replace",
        breaks: ["V3-CORE-1"],
        "a later message 1 is answered but the first attempt stays the channel's: the earlier reveal still opens and the later one fails its tag"
    )
    public static let v3RecordAfterMatchOpened = Mutant(
        "v3-record-after-match-opened",
        breaks: ["V3-CORE-1"],
        "a record after the phone's Match is opened and read instead of refused with unexpected_type"
    )
    public static let v3FailedRecordAdvancesCounter = Mutant(
        "v3-failed-record-advances-counter",
        breaks: ["V3-CORE-1"],
        "a record that fails its tag still advances the receiving counter, so the genuine record after it no longer opens"
    )
    public static let v3RateUnlimited = Mutant(
        "v3-rate-unlimited",
        breaks: ["V3-RATE-1"],
        "message 1s take no token of HS-RATE-1's bucket: each one costs the core two DHs, without limit"
    )
    public static let v3RateTakenAfterNoiseRead = Mutant(
        "v3-rate-taken-after-noise-read",
        breaks: ["V3-RATE-1"],
        "the token is taken after the Noise read instead of before the first X25519, so message 1s without the QR secret take none"
    )
    public static let v3AttemptsUnlimited = Mutant(
        "v3-attempts-unlimited",
        breaks: ["V3-ATTEMPT-1"],
        "every message 1 that passes its tags is answered: no attempt limit, so a party in the middle holding the QR code tries the code as often as it likes"
    )
    public static let v3AttemptLimitOffByOne = Mutant(
        "v3-attempt-limit-off-by-one",
        breaks: ["V3-ATTEMPT-1"],
        "4 message 1s that pass their tags are answered, and the 5th is too_many_attempts, instead of the 4th"
    )
    public static let v3FailedMessageOneCounted = Mutant(
        "v3-failed-message-1-counted",
        breaks: ["V3-ATTEMPT-1"],
        "a message 1 that fails its tags counts an attempt: the relay, which has no ps, can spend them"
    )
    public static let v3RevealNotChecked = Mutant(
        "v3-reveal-not-checked",
        breaks: ["V3-COMMIT-2"],
        "the reveal is not checked against message 1's commitment: any nonce shows a code, so the device can choose it after seeing N_C"
    )
    public static let v3CommitmentMismatchNotRevoked = Mutant(
        "v3-commitment-mismatch-not-revoked",
        breaks: ["V3-COMMIT-2"],
        "a reveal that does not open the commitment is refused with commitment_mismatch but the channel stays pending"
    )
    public static let v3AnyRecordTakenAsMatch = Mutant(
        "v3-any-record-taken-as-match",
        breaks: ["V3-CONFIRM-1"],
        "after the reveal any record but the rejection is taken as the phone's Match instead of confirmation_mismatch, which revokes"
    )
    public static let v3DeviceRejectionIgnored = Mutant(
        "v3-device-rejection-ignored",
        breaks: ["V3-CONFIRM-1"],
        "the phone's rejection record is opened and ignored: the channel stays confirming instead of revoked"
    )
    public static let v3DesktopRejectionNotSent = Mutant(
        "v3-desktop-rejection-not-sent",
        breaks: ["V3-CONFIRM-1"],
        "the desktop's No revokes the channel but sends no rejection record, so the phone waits for its deadline"
    )
    public static let v3CoreConfirmsAsDevice = Mutant(
        "v3-core-confirms-as-device",
        breaks: ["V3-CONFIRM-1"],
        "the core's confirmation record names the device (r = 0x01), so it is the device's own Match reflected"
    )
    public static let v3CommitOnDesktopYes = Mutant(
        "v3-commit-on-desktop-yes",
        breaks: ["V3-CONFIRM-2"],
        "the desktop's Yes alone commits the pairing, without the phone's Match"
    )
    public static let v3CommitOnPhoneMatch = Mutant(
        "v3-commit-on-phone-match",
        breaks: ["V3-CONFIRM-2"],
        "the phone's Match alone commits the pairing, without the desktop's Yes"
    )
    public static let v3StaleConfirmationAccepted = Mutant(
        "v3-stale-confirmation-accepted",
        breaks: ["V3-CONFIRM-2"],
        "a Yes for another code than the one on screen is accepted instead of stale_confirmation"
    )
    public static let v3ConfirmationDeadlineIgnored = Mutant(
        "v3-confirmation-deadline-ignored",
        breaks: ["V3-CONFIRM-3"],
        "the 120 s after the reveal are never applied: a code waits on screen for ever"
    )
    public static let v3ConfirmationDeadlineOffByOne = Mutant(
        "v3-confirmation-deadline-off-by-one",
        breaks: ["V3-CONFIRM-3"],
        "the deadline passes only after the deadline (now > deadline), so a step at 120 s still finds the channel confirming"
    )
    public static let v3DeadlineFromMessageOne = Mutant(
        "v3-deadline-from-message-1",
        breaks: ["V3-CONFIRM-3"],
        "the 120 s are counted from the answered message 1 instead of the reveal"
    )

    /// This area's mutants, in catalog order.
    static let pairingV3CoreArea: [Mutant] = [
        .v3RecordSizeUnchecked, .v3VersionTwoHandshakeUnsupported, .v3ExpiryDoesNotRevoke,
        .v3MessageOneAcceptedWhileConfirming, .v3ReplayedMessageOneAnswered, .v3LaterAttemptDoesNotReplace,
        .v3RecordAfterMatchOpened, .v3FailedRecordAdvancesCounter, .v3RateUnlimited, .v3RateTakenAfterNoiseRead,
        .v3AttemptsUnlimited, .v3AttemptLimitOffByOne, .v3FailedMessageOneCounted, .v3RevealNotChecked,
        .v3CommitmentMismatchNotRevoked, .v3AnyRecordTakenAsMatch, .v3DeviceRejectionIgnored,
        .v3DesktopRejectionNotSent, .v3CoreConfirmsAsDevice, .v3CommitOnDesktopYes, .v3CommitOnPhoneMatch,
        .v3StaleConfirmationAccepted, .v3ConfirmationDeadlineIgnored, .v3ConfirmationDeadlineOffByOne,
        .v3DeadlineFromMessageOne,
    ]
}
