/// A direct transcription of the chapter's `canonical-payload` ABNF (QR-GRAM-1), written apart from
/// the library so that a bug in the encoder cannot hide in a shared helper.
enum CanonicalGrammar {
    static func matches(_ payload: String) -> Bool {
        let prefix = Array("openhuman://pair?".utf8)
        let bytes = Array(payload.utf8)
        guard bytes.starts(with: prefix) else { return false }
        let fields = bytes[prefix.count...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        let names = fields.map { field in
            field.firstIndex(of: UInt8(ascii: "=")).map { String(decoding: field[..<$0], as: UTF8.self) }
        }
        guard names == ["cid", "pt", "cpk", "exp"] || names == ["cid", "pt", "cpk", "rpc", "exp"] else { return false }
        for (field, name) in zip(fields, names) {
            let value = Array(field.drop { $0 != UInt8(ascii: "=") }.dropFirst())
            let ok =
                switch name {
                case "cpk": isCanonicalKeyText(value)
                case "exp": isExpiry(value)
                default: isFormValue(value)
                }
            guard ok else { return false }
        }
        return true
    }

    /// `1*form-octet`, `form-octet = ALPHA / DIGIT / "*" / "-" / "." / "_" / "+" / "%" UPHEX UPHEX`.
    private static func isFormValue(_ value: [UInt8]) -> Bool {
        guard !value.isEmpty else { return false }
        var index = 0
        while index < value.count {
            let b = value[index]
            if b == UInt8(ascii: "%") {
                guard index + 2 < value.count, isUpperHex(value[index + 1]), isUpperHex(value[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                guard isAlnum(b) || Array("*-._+".utf8).contains(b) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `42b64char b64char-2z`: 43 base64url characters whose last one has zero low 2 bits.
    private static func isCanonicalKeyText(_ value: [UInt8]) -> Bool {
        guard value.count == 43 else { return false }
        guard value.dropLast().allSatisfy({ isAlnum($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) else {
            return false
        }
        return Array("AEIMQUYcgkosw048".utf8).contains(value[42])
    }

    /// `"0" / %x31-39 0*11DIGIT`, value at most 253402300799.
    private static func isExpiry(_ value: [UInt8]) -> Bool {
        guard (1...12).contains(value.count), value.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        guard value.count == 1 || value[0] != UInt8(ascii: "0") else { return false }
        return UInt64(String(decoding: value, as: UTF8.self))! <= 253_402_300_799
    }

    private static func isAlnum(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b)
    }

    private static func isUpperHex(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x46).contains(b) }
}
