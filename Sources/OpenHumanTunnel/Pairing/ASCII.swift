/// ASCII byte classes used by the pairing payload's grammar (RFC 5234 core rules and RFC 3986).
///
/// The parser works on bytes, never on `Character`s: Unicode-aware comparisons would let
/// look-alike or canonically equivalent text through where the grammar allows only ASCII.
enum ASCII {
    static func isAlpha(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
    static func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
    static func isAlphanumeric(_ b: UInt8) -> Bool { isAlpha(b) || isDigit(b) }

    /// The value of a hex digit in either case (RFC 5234 `HEXDIG` is case-insensitive), or nil.
    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    static func lowercased(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b | 0x20 : b }

    /// ASCII case-insensitive equality of `bytes` with the lowercase `expected`.
    static func equalIgnoringCase(_ bytes: ArraySlice<UInt8>, _ expected: [UInt8]) -> Bool {
        bytes.count == expected.count && zip(bytes, expected).allSatisfy { lowercased($0) == $1 }
    }

    /// RFC 3986 `unreserved`: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    static func isUnreserved(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "~")
    }

    /// RFC 3986 `sub-delims`: `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
    static func isSubDelim(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// RFC 3986 `pchar` without `pct-encoded` (checked separately, it spans three bytes).
    static func isPathCharacter(_ b: UInt8) -> Bool {
        isUnreserved(b) || isSubDelim(b) || b == UInt8(ascii: ":") || b == UInt8(ascii: "@")
    }

    /// RFC 3986 `query` characters without `pct-encoded`: `pchar / "/" / "?"`.
    static func isQueryCharacter(_ b: UInt8) -> Bool {
        isPathCharacter(b) || b == UInt8(ascii: "/") || b == UInt8(ascii: "?")
    }

    /// True when every `%` in `bytes` starts a `pct-encoded` triplet (`"%" HEXDIG HEXDIG`).
    static func percentTripletsAreWellFormed(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil
                else {
                    return false
                }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }
}
