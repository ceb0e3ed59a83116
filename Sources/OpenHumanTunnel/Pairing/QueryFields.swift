/// One `name=value` field of the query, after form decoding.
struct QueryField {
    let name: [UInt8]
    let value: [UInt8]
}

/// Splits a query into decoded fields (QR-GRAM-3, QR-PARSE-9 to QR-PARSE-11).
enum QueryFields {
    /// Fields in order of appearance.
    ///
    /// - Fields are separated by `&`; an empty field (`&&`, a leading or trailing `&`) is skipped.
    /// - The first `=` separates name and value; later `=` belong to the value; a field without
    ///   `=` has an empty value.
    /// - Names and values are form-decoded and must be UTF-8, the name first, then the value, field
    ///   by field: the first failure is the error. Unknown fields are decoded too: whether a payload
    ///   is well formed must not depend on which parameters this version knows.
    static func decode(_ query: ArraySlice<UInt8>) throws(PairingPayloadError) -> [QueryField] {
        var fields = [QueryField]()
        for raw in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let rawName: ArraySlice<UInt8>
            let rawValue: ArraySlice<UInt8>
            if let equals = raw.firstIndex(of: UInt8(ascii: "=")) {
                rawName = raw[raw.startIndex..<equals]
                rawValue = raw[(equals + 1)...]
            } else {
                rawName = raw
                rawValue = []
            }
            let name = try decodeText(rawName)
            let value = try decodeText(rawValue)
            fields.append(QueryField(name: name, value: value))
        }
        return fields
    }

    private static func decodeText(_ raw: ArraySlice<UInt8>) throws(PairingPayloadError) -> [UInt8] {
        let bytes = try FormEncoding.decode(raw)
        guard StrictUTF8.isValid(bytes) else { throw .badUTF8 }
        return bytes
    }
}
