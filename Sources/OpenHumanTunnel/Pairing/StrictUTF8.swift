/// UTF-8 validation by the well-formed byte sequences of Unicode (Table 3-7, RFC 3629).
///
/// Refused: overlong forms (`C0 80`), UTF-16 surrogates (`ED A0 80`), code points above
/// U+10FFFF (`F4 90 80 80`), stray continuation bytes and truncated sequences. WHATWG's form
/// decoder turns each of these into U+FFFD instead, so two different byte strings would give the
/// same channel id; refusing them keeps one value per payload (QR-PARSE-11).
enum StrictUTF8 {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let continuationCount: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0x00...0x7F: continuationCount = 0
            case 0xC2...0xDF: continuationCount = 1
            case 0xE0:
                continuationCount = 2
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
            case 0xED:
                continuationCount = 2
                secondRange = 0x80...0x9F
            case 0xF0:
                continuationCount = 3
                secondRange = 0x90...0xBF
            case 0xF1...0xF3: continuationCount = 3
            case 0xF4:
                continuationCount = 3
                secondRange = 0x80...0x8F
            default: return false
            }
            guard index + continuationCount < bytes.count else { return false }
            for offset in 0..<continuationCount {
                let range: ClosedRange<UInt8> = offset == 0 ? secondRange : 0x80...0xBF
                guard range.contains(bytes[index + 1 + offset]) else { return false }
            }
            index += 1 + continuationCount
        }
        return true
    }
}
