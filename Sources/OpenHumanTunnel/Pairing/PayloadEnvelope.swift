/// The text around the query of a pairing payload, checked the same way for every wire version
/// (QR-PARSE-2 to QR-PARSE-8): length, characters, scheme, authority, path, fragment, query.
enum PayloadEnvelope {
    /// The raw query (after `?`) of `payload`, or the first of QR-PARSE-1's steps 1 to 7 it fails.
    static func query(_ payload: [UInt8]) throws(PairingPayloadError) -> ArraySlice<UInt8> {
        guard payload.count <= PairingPayloadFormat.maximumLength else { throw .tooLong }
        guard payload.allSatisfy(isPayloadCharacter) else { throw .badCharacter }

        let text = payload[...]
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")),
            ASCII.equalIgnoringCase(text[text.startIndex..<colon], PairingPayloadFormat.scheme)
        else { throw .badScheme }

        let hierarchy = text[(colon + 1)...]
        guard hierarchy.starts(with: "//".utf8) else { throw .badHost }
        let authority = hierarchy.dropFirst(2)
        let authorityEnd = authority.firstIndex(where: isAuthorityTerminator) ?? authority.endIndex
        guard ASCII.equalIgnoringCase(authority[authority.startIndex..<authorityEnd], PairingPayloadFormat.host) else {
            throw .badHost
        }

        let afterAuthority = authority[authorityEnd...]
        let pathEnd =
            afterAuthority.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? afterAuthority.endIndex
        guard pathEnd == afterAuthority.startIndex else { throw .badPath }
        guard !afterAuthority.contains(UInt8(ascii: "#")) else { throw .fragment }
        guard afterAuthority.first == UInt8(ascii: "?") else { throw .missingQuery }
        return afterAuthority.dropFirst()
    }

    /// The octets QR-PARSE-3 allows anywhere in a payload: RFC 3986 `unreserved`, `sub-delims`,
    /// `%`, and the delimiters `:` `/` `?` `#` `@`. Excluded are `[` and `]` (only meaningful in an
    /// IP-literal host, which `pair` is not), and everything RFC 3986 never allows: space, controls,
    /// DEL, non-ASCII, `` "<>\^`{|} ``. Nothing is trimmed: a trailing line feed is an error.
    private static func isPayloadCharacter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"),
            UInt8(ascii: "%"):
            true
        default: ASCII.isUnreserved(b) || ASCII.isSubDelim(b)
        }
    }

    private static func isAuthorityTerminator(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#")
    }
}
