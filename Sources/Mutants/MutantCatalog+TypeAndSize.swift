// The mutants of one area. Type octet and size checks at the receivers (TYPE-*, SIZE-*, FRAME-OPEN-2..4, HS-4, ACK-4).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let acceptLegacy0x01 = Mutant(
        "accept-legacy-0x01",
        breaks: ["TYPE-3"],
        "every receiver processes a 0x01 legacy message as its own type instead of refusing it with legacy_frame"
    )
    public static let unsupportedTypeReportedAsAuthFailure = Mutant(
        "unsupported-type-reported-as-auth-failure",
        breaks: ["TYPE-4", "TYPE-5"],
        "receivers special-case only 0x01 and process every other type octet as their own, so 0x05 ends in auth_failed (or a length error), not unsupported_type"
    )
    public static let unexpectedTypeReportedAsUnsupported = Mutant(
        "unexpected-type-reported-as-unsupported",
        breaks: ["TYPE-4"],
        "a registered type at the wrong receiver (0x03 at a session opener) is reported unsupported_type, not unexpected_type"
    )
    public static let shortFrameReportedAsAuthFailure = Mutant(
        "short-frame-reported-as-auth-failure",
        breaks: ["FRAME-OPEN-3"],
        "minimum lengths omit the 16-byte tag (25 for 0x02/0x04, 57 for 0x03, as the deployed code checked), so short messages fail as auth_failed, not frame_too_short"
    )
    public static let oversizeFrameAccepted = Mutant(
        "oversize-frame-accepted",
        breaks: ["SIZE-1", "FRAME-OPEN-4"],
        "receivers have no upper bound, so a 49,153-byte message goes on to authentication instead of frame_too_large"
    )
    public static let plaintextLimitOffByOne = Mutant(
        "plaintext-limit-off-by-one",
        breaks: ["SIZE-2", "FRAME-SEAL-3"],
        "the seal limit is computed as 49,152 - 40 (type octet forgotten): a 49,112-byte plaintext is sealed into a 49,153-byte frame"
    )
    public static let emptyFrameReportedAsTooShort = Mutant(
        "empty-frame-reported-as-too-short",
        breaks: ["TYPE-2"],
        "an empty message fails the length check first, as frame_too_short, not empty_frame"
    )
    public static let legacyReportedAsUnsupported = Mutant(
        "legacy-reported-as-unsupported",
        breaks: ["TYPE-3"],
        "0x01 is not special-cased: a legacy message is reported unsupported_type, not legacy_frame with its re-pair hint"
    )
    public static let lengthCheckedBeforeType = Mutant(
        "length-checked-before-type",
        breaks: ["FRAME-OPEN-1", "FRAME-OPEN-2"],
        "length bounds are checked before the type octet, so a short or oversize message of a wrong type gets a length error"
    )

    /// This area's mutants, in catalog order.
    static let typeAndSizeArea: [Mutant] = [
        .acceptLegacy0x01, .unsupportedTypeReportedAsAuthFailure, .unexpectedTypeReportedAsUnsupported,
        .shortFrameReportedAsAuthFailure, .oversizeFrameAccepted, .plaintextLimitOffByOne,
        .emptyFrameReportedAsTooShort, .legacyReportedAsUnsupported, .lengthCheckedBeforeType,
    ]
}
