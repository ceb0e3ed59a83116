// The mutants of one area. Handshake plaintext JSON and base64url (JSON-*, ENC-1).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let duplicateJSONFieldsAccepted = Mutant(
        "duplicate-json-fields-accepted",
        breaks: ["JSON-2"],
        "a repeated member in a handshake or ack plaintext is accepted, the last copy winning"
    )
    public static let missingFieldReportedAsBadJSON = Mutant(
        "missing-field-reported-as-bad-json",
        breaks: ["JSON-3"],
        "a missing required member is reported bad_handshake_json, as a struct decoder does, not missing_field"
    )
    public static let fieldsCheckedInWrongOrder = Mutant(
        "fields-checked-in-wrong-order",
        breaks: ["JSON-7"],
        "required members are checked in reverse order (client_ephemeral_pubkey before device_pubkey, server_ephemeral_pubkey before kind)"
    )
    public static let paddedBase64URLAccepted = Mutant(
        "padded-base64url-accepted",
        breaks: ["ENC-1", "JSON-6"],
        "key members with '=' padding are accepted"
    )
    public static let standardAlphabetAccepted = Mutant(
        "standard-alphabet-accepted",
        breaks: ["ENC-1", "JSON-6"],
        "key members written in the standard base64 alphabet ('+' and '/') are accepted"
    )
    public static let trailingBitsAccepted = Mutant(
        "trailing-bits-accepted",
        breaks: ["ENC-1", "JSON-6"],
        "key members whose last character has non-zero unused bits are accepted, as the deployed app's decoder did"
    )
    public static let unknownJSONMembersRejected = Mutant(
        "unknown-json-members-rejected",
        breaks: ["JSON-5"],
        "a plaintext with a member beyond the required ones is refused as bad_handshake_json, as a deny-unknown-fields decoder does"
    )
    public static let loneSurrogateAccepted = Mutant(
        "lone-surrogate-accepted",
        breaks: ["JSON-1"],
        "a lone surrogate escape such as \\ud800 is read as U+FFFD, as JavaScript and Python parsers do"
    )
    public static let invalidUTF8Replaced = Mutant(
        "invalid-utf8-replaced",
        breaks: ["JSON-1"],
        "invalid UTF-8 inside a string is replaced with U+FFFD instead of refused, as String(decoding:) does"
    )
    public static let escapedMemberNamesNotUnescaped = Mutant(
        "escaped-member-names-not-unescaped",
        breaks: ["JSON-1"],
        "member names are compared as written, so \"device\\u005fpubkey\" is not device_pubkey"
    )
    public static let duplicateReportedBeforeSyntaxError = Mutant(
        "duplicate-reported-before-syntax-error",
        breaks: ["JSON-2"],
        "a duplicate member is reported as soon as it is read, so an invalid text with a duplicate gives duplicate_field, not bad_handshake_json"
    )
    public static let jsonNestingLimitOffByOne = Mutant(
        "json-nesting-limit-off-by-one",
        breaks: ["JSON-1"],
        "the nesting bound compares with >= instead of >: a plaintext nested 32 levels deep, which every receiver MUST accept, is refused"
    )

    /// This area's mutants, in catalog order.
    static let handshakeJSONArea: [Mutant] = [
        .duplicateJSONFieldsAccepted, .missingFieldReportedAsBadJSON, .fieldsCheckedInWrongOrder,
        .paddedBase64URLAccepted, .standardAlphabetAccepted, .trailingBitsAccepted, .unknownJSONMembersRejected,
        .loneSurrogateAccepted, .invalidUTF8Replaced, .escapedMemberNamesNotUnescaped,
        .duplicateReportedBeforeSyntaxError, .jsonNestingLimitOffByOne,
    ]
}
