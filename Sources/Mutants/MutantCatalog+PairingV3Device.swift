// The mutants of one area. Wire version 3: the phone's side of the pairing, its message 1, its
// reading of the core's messages and its user's answers (V3-DEV-1, V3-MSG-1, V3-COMMIT-1,
// V3-SAS-1, V3-NOISE-3, V3-CONFIRM-1, V3-CONFIRM-2).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let v3PhoneCommitsToRawNonce = Mutant(
        "v3-phone-commits-to-raw-nonce",
        breaks: ["V3-COMMIT-1"],
        "message 1's payload is N_D itself instead of its commitment: the core sees the phone's nonce before it picks its own, and can steer the code"
    )
    public static let v3PhoneLegacyFrameUnexpected = Mutant(
        "v3-phone-legacy-frame-unexpected",
        breaks: ["V3-DEV-1"],
        "a version 1 frame (0x01) is unexpected_type, as the other version 2 octets, instead of legacy_frame"
    )
    public static let v3PhoneVersionTwoOctetsUnsupported = Mutant(
        "v3-phone-version-2-octets-unsupported",
        breaks: ["V3-DEV-1"],
        "version 2's octets 0x02 to 0x04 are unsupported_type, as an unknown octet, instead of unexpected_type"
    )
    public static let v3PhoneMessageTwoSizeUnchecked = Mutant(
        "v3-phone-message-2-size-unchecked",
        breaks: ["V3-MSG-1", "V3-DEV-1"],
        "message 2's size is not checked: one byte short or long, it fails its tag with auth_failed instead of frame_too_short or frame_too_large"
    )
    public static let v3PhoneMessageTwoTrailingBytesIgnored = Mutant(
        "v3-phone-message-2-trailing-bytes-ignored",
        breaks: ["V3-MSG-1"],
        "a message 2 longer than 81 bytes is read on its first 81 and answered with the reveal instead of refused with frame_too_large"
    )
    public static let v3PhoneMessageTwoReadOnLiveState = Mutant(
        "v3-phone-message-2-read-on-live-state",
        breaks: ["V3-DEV-1", "V3-NOISE-3"],
        "message 2 is read on the handshake state itself instead of a copy: after a refused message 2 the genuine one no longer reads"
    )
    public static let v3PhoneMessageTwoTagUnchecked = Mutant(
        "v3-phone-message-2-tag-unchecked",
        breaks: ["V3-DEV-1", "V3-NOISE-3"],
        "message 2's payload is decrypted without its tag compared: a changed message 2 shows a code and gets the reveal, which the phone sends before message 2 has passed"
    )
    public static let v3PhoneRefusedMessageTwoFails = Mutant(
        "v3-phone-refused-message-2-fails",
        breaks: ["V3-DEV-1"],
        "a refused message 2 fails the pairing instead of leaving the phone waiting, so anyone on the relay's path ends it with one changed byte"
    )
    public static let v3PhoneCodeFromMessageOneHash = Mutant(
        "v3-phone-code-from-message-1-hash",
        breaks: ["V3-SAS-1", "V3-DEV-1"],
        "the code is derived from the handshake hash after message 1, not the final one, so it is not bound to the message 2 the phone read"
    )
    public static let v3PhoneRecordSizeUnchecked = Mutant(
        "v3-phone-record-size-unchecked",
        breaks: ["V3-MSG-1", "V3-DEV-1"],
        "the core's record's size is not checked: one byte short or long, it fails its tag with auth_failed instead of frame_too_short or frame_too_large"
    )
    public static let v3PhoneRecordAfterCoreAnswerOpened = Mutant(
        "v3-phone-record-after-core-answer-opened",
        breaks: ["V3-DEV-1"],
        "a record after the core's answer is opened and read instead of refused with unexpected_type: a second record from the core overrides its Yes"
    )
    public static let v3PhoneCoreRejectionIgnored = Mutant(
        "v3-phone-core-rejection-ignored",
        breaks: ["V3-CONFIRM-1"],
        "the core's rejection record is opened and ignored: the phone keeps its code on screen instead of failing the pairing"
    )
    public static let v3PhoneMismatchNotFailed = Mutant(
        "v3-phone-mismatch-not-failed",
        breaks: ["V3-CONFIRM-1"],
        "a record that is neither the core's Yes nor its No is confirmation_mismatch but the pairing stays confirming"
    )
    public static let v3PhoneAnyCoreRecordTakenAsYes = Mutant(
        "v3-phone-any-core-record-taken-as-yes",
        breaks: ["V3-CONFIRM-1"],
        "any record that opens and is not the rejection is taken as the core's Yes, even one for another code, instead of confirmation_mismatch"
    )
    public static let v3PhoneConfirmationRoleUnchecked = Mutant(
        "v3-phone-confirmation-role-unchecked",
        breaks: ["V3-CONFIRM-1"],
        "a confirmation naming the device (r = 0x01) is taken as the core's Yes: the phone's own Match, sealed back, confirms for the desktop"
    )
    public static let v3PhoneMatchNamesTheGivenCode = Mutant(
        "v3-phone-match-names-the-given-code",
        breaks: ["V3-CONFIRM-1"],
        "a Match for a code the screen did not show is sent, naming that code, instead of refused with stale_confirmation"
    )
    public static let v3PhoneSecondMatchSent = Mutant(
        "v3-phone-second-match-sent",
        breaks: ["V3-DEV-1"],
        "a second Match seals a second confirmation record instead of not_confirming, which the core would refuse"
    )
    public static let v3PhoneNoBeforeMessageTwoNotConfirming = Mutant(
        "v3-phone-no-before-message-2-not-confirming",
        breaks: ["V3-DEV-1"],
        "the phone user's No before message 2 is not_confirming and the phone keeps waiting instead of failing the pairing"
    )
    public static let v3PhoneNoAfterMatchSent = Mutant(
        "v3-phone-no-after-match-sent",
        breaks: ["V3-DEV-1"],
        "after its Match the phone's No seals a rejection record and fails the pairing instead of not_confirming"
    )
    public static let v3PhoneCommitOnOwnMatch = Mutant(
        "v3-phone-commit-on-own-match",
        breaks: ["V3-CONFIRM-2"],
        "the phone user's Match alone commits the pairing, without the core's Yes record"
    )
    public static let v3PhoneCommitOnCoreYes = Mutant(
        "v3-phone-commit-on-core-yes",
        breaks: ["V3-CONFIRM-2"],
        "the core's Yes record alone commits the pairing, without the phone user's Match"
    )

    /// This area's mutants, in catalog order.
    static let pairingV3DeviceArea: [Mutant] = [
        .v3PhoneCommitsToRawNonce, .v3PhoneLegacyFrameUnexpected, .v3PhoneVersionTwoOctetsUnsupported,
        .v3PhoneMessageTwoSizeUnchecked, .v3PhoneMessageTwoTrailingBytesIgnored, .v3PhoneMessageTwoReadOnLiveState,
        .v3PhoneMessageTwoTagUnchecked, .v3PhoneRefusedMessageTwoFails, .v3PhoneCodeFromMessageOneHash,
        .v3PhoneRecordSizeUnchecked,
        .v3PhoneRecordAfterCoreAnswerOpened, .v3PhoneCoreRejectionIgnored, .v3PhoneMismatchNotFailed,
        .v3PhoneAnyCoreRecordTakenAsYes, .v3PhoneConfirmationRoleUnchecked, .v3PhoneMatchNamesTheGivenCode,
        .v3PhoneSecondMatchSent, .v3PhoneNoBeforeMessageTwoNotConfirming, .v3PhoneNoAfterMatchSent,
        .v3PhoneCommitOnOwnMatch, .v3PhoneCommitOnCoreYes,
    ]
}
