// The mutants of one area. The pairing payload (QR-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let lenientExpParse = Mutant(
        "lenient-exp-parse",
        breaks: ["QR-PARSE-23"],
        "the QR exp is read with a lenient integer parse (digits up to the first non-digit), as the deployed consumer did, so 1790000000abc passes"
    )
    public static let duplicateQRFieldsAccepted = Mutant(
        "duplicate-qr-fields-accepted",
        breaks: ["QR-PARSE-13"],
        "a repeated known QR parameter is accepted, the first copy winning, as the deployed consumer's URLSearchParams.get did"
    )
    public static let qrExpiryComparedWithLessOrEqual = Mutant(
        "qr-expiry-compared-with-less-or-equal",
        breaks: ["QR-PARSE-24"],
        "a QR payload is treated as expired when exp <= now, refusing it at now == exp"
    )
    public static let qrPaddedCPKAccepted = Mutant(
        "qr-padded-cpk-accepted",
        breaks: ["QR-PARSE-19"],
        "a QR cpk with '=' padding (raw or as %3D) is accepted"
    )
    public static let qrEncodeLowercasePercentHex = Mutant(
        "qr-encode-lowercase-percent-hex",
        breaks: ["QR-ENC-2"],
        "the QR producer writes percent escapes with lowercase hex (%2f instead of %2F)"
    )
    public static let qrEncodeSpaceAsPercent20 = Mutant(
        "qr-encode-space-as-percent-20",
        breaks: ["QR-ENC-2"],
        "the QR producer encodes a space as %20, as encodeURIComponent does, instead of '+'"
    )
    public static let qrSchemeCaseSensitive = Mutant(
        "qr-scheme-case-sensitive",
        breaks: ["QR-PARSE-4", "QR-PARSE-5"],
        "the QR scheme and host are compared case-sensitively, so OPENHUMAN://PAIR is refused"
    )
    public static let qrNamesNotPercentDecoded = Mutant(
        "qr-names-not-percent-decoded",
        breaks: ["QR-GRAM-3"],
        "QR parameter names are compared before percent-decoding, so c%69d is an unknown parameter, not cid"
    )
    public static let qrPlusNotDecodedAsSpace = Mutant(
        "qr-plus-not-decoded-as-space",
        breaks: ["QR-GRAM-3"],
        "QR values are percent-decoded with decodeURIComponent, which keeps '+' instead of reading a space"
    )
    public static let qrLowOrderCPKAccepted = Mutant(
        "qr-low-order-cpk-accepted",
        breaks: ["QR-PARSE-21"],
        "the QR cpk is not checked for low order at scan time, as the deployed consumer did not"
    )
    public static let qrNonCanonicalCPKRefused = Mutant(
        "qr-non-canonical-cpk-refused",
        breaks: ["QR-PARSE-21", "DH-1"],
        "a QR cpk whose masked value is p or more (all 0xff is p + 18) is refused as qr_low_order_cpk, though X25519 reduces it and it is not low order"
    )
    public static let qrRPCNotValidated = Mutant(
        "qr-rpc-not-validated",
        breaks: ["QR-PARSE-22"],
        "the QR rpc is not validated, as the deployed consumer did not"
    )
    public static let qrMaximumLengthOffByOne = Mutant(
        "qr-maximum-length-off-by-one",
        breaks: ["QR-PARSE-2"],
        "a QR payload of exactly 2,331 octets, the largest allowed, is refused as qr_too_long"
    )
    public static let qrExpiryHeldIn32Bits = Mutant(
        "qr-expiry-held-in-32-bits",
        breaks: ["ENC-4", "QR-PARSE-24"],
        "the QR consumer compares exp and now as 32-bit values, so times past 2^32 - 1 wrap"
    )
    public static let qrZeroExpiryMeansNever = Mutant(
        "qr-zero-expiry-means-never",
        breaks: ["QR-PARSE-24"],
        "a QR payload with exp 0 is taken to have no expiry, as a zero sentinel does"
    )
    public static let qrBareHexPrefixAccepted = Mutant(
        "qr-bare-hex-prefix-accepted",
        breaks: ["QR-GRAM-4"],
        "the QR rpc host's last label 0x with no hex digit after it is accepted, though WHATWG reads it as the number 0"
    )
    public static let qrPortLeadingZerosRefused = Mutant(
        "qr-port-leading-zeros-refused",
        breaks: ["QR-GRAM-4", "QR-PARSE-22"],
        "a QR rpc port with leading zeros (:00080) is refused, though QR-GRAM-4 allows it"
    )
    public static let qrPortDigitsNotCounted = Mutant(
        "qr-port-digits-not-counted",
        breaks: ["QR-GRAM-4"],
        "a QR rpc port is judged by its value only, so six digits with a leading zero (:000080) pass"
    )
    public static let qrSchemeWithoutColonReadAsWhole = Mutant(
        "qr-scheme-without-colon-read-as-whole",
        breaks: ["QR-PARSE-4"],
        "a QR payload without ':' is read as all scheme, so 'openhuman' alone passes the scheme check and fails later as qr_bad_host"
    )

    /// This area's mutants, in catalog order.
    static let pairingPayloadArea: [Mutant] = [
        .lenientExpParse, .duplicateQRFieldsAccepted, .qrExpiryComparedWithLessOrEqual, .qrPaddedCPKAccepted,
        .qrEncodeLowercasePercentHex, .qrEncodeSpaceAsPercent20, .qrSchemeCaseSensitive, .qrNamesNotPercentDecoded,
        .qrPlusNotDecodedAsSpace, .qrLowOrderCPKAccepted, .qrNonCanonicalCPKRefused, .qrRPCNotValidated,
        .qrMaximumLengthOffByOne, .qrExpiryHeldIn32Bits, .qrZeroExpiryMeansNever, .qrBareHexPrefixAccepted,
        .qrPortLeadingZerosRefused, .qrPortDigitsNotCounted, .qrSchemeWithoutColonReadAsWhole,
    ]
}
