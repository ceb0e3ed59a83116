// The mutants of one area. The version 3 pairing payload (QR3-*, spec/08-pairing-payload.md 8.12).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let qr3SecretWithoutVersionIgnored = Mutant(
        "qr3-secret-without-version-ignored",
        breaks: ["QR3-PARSE-2"],
        "a payload with ps and no v is read as version 2, the secret dropped, instead of refused with qr_missing_field: the phone runs a handshake the core refuses"
    )
    public static let qr3VersionTwoAccepted = Mutant(
        "qr3-version-2-accepted",
        breaks: ["QR3-PARSE-2"],
        "v=2 is read as version 2 instead of refused with qr_bad_version: a version 2 payload gets a second spelling"
    )
    public static let qr3LaterVersionCalledBad = Mutant(
        "qr3-later-version-called-bad",
        breaks: ["QR3-PARSE-2"],
        "a later version (v=4) is qr_bad_version instead of qr_unsupported_version: the phone calls the code damaged instead of asking for an update"
    )
    public static let qr3VersionReadAsNumber = Mutant(
        "qr3-version-read-as-number",
        breaks: ["QR3-PARSE-2"],
        "v is read as a number, so v=03 and v=003 are version 3 instead of qr_bad_version"
    )
    public static let qr3DuplicateVersionFirstWins = Mutant(
        "qr3-duplicate-version-first-wins",
        breaks: ["QR3-PARSE-1"],
        "a repeated v is resolved by its first copy instead of refused with qr_duplicate_field"
    )
    public static let qr3VersionCheckedLast = Mutant(
        "qr3-version-checked-last",
        breaks: ["QR3-PARSE-1"],
        "v is checked after the other fields, so a payload with a bad v and a bad cpk reports the key"
    )
    public static let qr3ChannelIDUnchecked = Mutant(
        "qr3-channel-id-unchecked",
        breaks: ["QR3-PARSE-3"],
        "a version 3 cid longer than 255 bytes or not ASCII is accepted: no prologue can carry it"
    )
    public static let qr3ChannelIDLimitOnVersionTwo = Mutant(
        "qr3-channel-id-limit-on-version-2",
        breaks: ["QR3-PARSE-1"],
        "version 3's cid limit is applied to version 2 payloads too, refusing a channel id version 2 allows"
    )
    public static let qr3SecretLengthUnchecked = Mutant(
        "qr3-secret-length-unchecked",
        breaks: ["QR3-PARSE-4"],
        "a ps of other than 16 bytes is accepted"
    )
    public static let qr3PaddedSecretAccepted = Mutant(
        "qr3-padded-secret-accepted",
        breaks: ["QR3-PARSE-4"],
        "a ps with '=' padding (raw or as %3D) is accepted"
    )
    public static let qr3SecretCheckedLast = Mutant(
        "qr3-secret-checked-last",
        breaks: ["QR3-PARSE-1"],
        "ps is checked after rpc and exp, so a payload with a bad ps and a bad rpc reports the URL"
    )
    public static let qr3EncodeVersionLast = Mutant(
        "qr3-encode-version-last",
        breaks: ["QR3-ENC-1"],
        "the version 3 producer writes v=3 last instead of first"
    )
    public static let qr3EncodeSecretPadded = Mutant(
        "qr3-encode-secret-padded",
        breaks: ["QR3-ENC-2"],
        "the version 3 producer writes ps with base64 padding (%3D%3D)"
    )
    public static let qr3EncodeChannelIDUnchecked = Mutant(
        "qr3-encode-channel-id-unchecked",
        breaks: ["QR3-ENC-3"],
        "the version 3 producer writes a cid longer than 255 bytes or not ASCII instead of refusing it with qr_bad_cid"
    )
    public static let qr3EncodeSecretLengthUnchecked = Mutant(
        "qr3-encode-secret-length-unchecked",
        breaks: ["QR3-ENC-3"],
        "the version 3 producer writes a ps of other than 16 bytes instead of refusing it with qr_bad_ps_length"
    )

    static let pairingPayloadV3Area: [Mutant] = [
        .qr3SecretWithoutVersionIgnored, .qr3VersionTwoAccepted, .qr3LaterVersionCalledBad, .qr3VersionReadAsNumber,
        .qr3DuplicateVersionFirstWins, .qr3VersionCheckedLast, .qr3ChannelIDUnchecked, .qr3ChannelIDLimitOnVersionTwo,
        .qr3SecretLengthUnchecked, .qr3PaddedSecretAccepted, .qr3SecretCheckedLast, .qr3EncodeVersionLast,
        .qr3EncodeSecretPadded, .qr3EncodeChannelIDUnchecked, .qr3EncodeSecretLengthUnchecked,
    ]
}
