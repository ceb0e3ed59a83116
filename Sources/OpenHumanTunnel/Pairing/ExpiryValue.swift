/// The `exp` parameter: Unix seconds in plain decimal (QR-GRAM-5, QR-PARSE-23).
enum ExpiryValue {
    /// Parses `"0" / %x31-39 *DIGIT` with a value of at most `PairingPayloadFormat.maximumExpiry`.
    ///
    /// Refused where the deployed lenient integer parse was not: trailing text (`1790000000abc`),
    /// a sign (`+` arrives as a space), spaces, fractions, exponents, non-ASCII digits, leading
    /// zeros (some parsers read `0177` as octal), and values above the maximum. Digits are counted
    /// before any arithmetic, so a thousand-digit `exp` cannot overflow.
    static func parse(_ text: [UInt8]) -> UInt64? {
        let maximumDigits = String(PairingPayloadFormat.maximumExpiry).utf8.count
        guard (1...maximumDigits).contains(text.count), text.allSatisfy(ASCII.isDigit) else { return nil }
        guard text.count == 1 || text.first != UInt8(ascii: "0") else { return nil }
        let value = text.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
        return value <= PairingPayloadFormat.maximumExpiry ? value : nil
    }

    /// The canonical text of an expiry: shortest decimal, no leading zeros (QR-ENC-5).
    static func format(_ expiry: UInt64) -> [UInt8] {
        Array(String(expiry).utf8)
    }
}
