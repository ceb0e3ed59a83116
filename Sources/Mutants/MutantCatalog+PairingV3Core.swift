// The mutants of one area. Wire version 3: the core's pairing channel, its messages and
// attempts (V3-MSG-1, V3-BIND-1, V3-CORE-1, V3-RATE-1, V3-ATTEMPT-1).
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

    /// This area's mutants, in catalog order.
    static let pairingV3CoreArea: [Mutant] = [
        .v3RecordSizeUnchecked, .v3VersionTwoHandshakeUnsupported, .v3ExpiryDoesNotRevoke,
        .v3MessageOneAcceptedWhileConfirming, .v3ReplayedMessageOneAnswered, .v3LaterAttemptDoesNotReplace,
        .v3RecordAfterMatchOpened, .v3FailedRecordAdvancesCounter, .v3RateUnlimited, .v3RateTakenAfterNoiseRead,
        .v3AttemptsUnlimited, .v3AttemptLimitOffByOne, .v3FailedMessageOneCounted,
    ]
}
