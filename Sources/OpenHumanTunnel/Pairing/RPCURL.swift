/// Validation of the `rpc` parameter: the core's LAN JSON-RPC endpoint (QR-GRAM-4, QR-PARSE-22).
///
/// The phone posts JSON-RPC requests to this URL, so it must name one HTTP endpoint without
/// ambiguity: an absolute `http` or `https` URL with a host. Refused: any other scheme
/// (`javascript:`, `file:`, `ws:`), relative references, an empty host, user information
/// (`http://192.168.1.5@evil.example/` shows one host and connects to another, and credentials in
/// a QR code leak), a port outside 1 to 65535, a fragment, and any character outside RFC 3986
/// (spaces, non-ASCII, `` "<>\^`{|} ``). The URL is returned as written, not normalized.
enum RPCURL {
    static func isValid(_ url: [UInt8]) -> Bool {
        let text = url[...]
        // No check of its own for "#": no host, port, path or query character is "#", so a
        // fragment fails wherever it starts.
        guard text.allSatisfy(isURICharacter), let colon = text.firstIndex(of: UInt8(ascii: ":"))
        else { return false }
        let scheme = text[text.startIndex..<colon]
        guard
            ASCII.equalIgnoringCase(scheme, Array("http".utf8)) || ASCII.equalIgnoringCase(scheme, Array("https".utf8))
        else {
            return false
        }
        let hierarchy = text[(colon + 1)...]
        guard hierarchy.starts(with: "//".utf8) else { return false }
        let authorityStart = hierarchy.startIndex + 2
        let rest = hierarchy[authorityStart...]
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        guard isValidAuthority(rest[authorityStart..<authorityEnd]) else { return false }

        let pathAndQuery = rest[authorityEnd...]
        let queryStart = pathAndQuery.firstIndex(of: UInt8(ascii: "?")) ?? pathAndQuery.endIndex
        let path = pathAndQuery[pathAndQuery.startIndex..<queryStart]
        let query = queryStart < pathAndQuery.endIndex ? pathAndQuery[(queryStart + 1)...] : []
        return path.allSatisfy { ASCII.isPathCharacter($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "%") }
            && query.allSatisfy { ASCII.isQueryCharacter($0) || $0 == UInt8(ascii: "%") }
            && ASCII.percentTripletsAreWellFormed(pathAndQuery)
    }

    /// RFC 3986 characters: `unreserved / gen-delims / sub-delims / "%"`.
    private static func isURICharacter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"),
            UInt8(ascii: "@"), UInt8(ascii: "%"):
            true
        default: ASCII.isUnreserved(b) || ASCII.isSubDelim(b)
        }
    }

    /// `host [ ":" port ]`. User information is refused without a check of its own: `@` is in no
    /// host form and no port, so `user@host` fails as a host.
    private static func isValidAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        let hostIsValid: Bool
        let port: ArraySlice<UInt8>?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return false }
            hostIsValid = RPCHost.isIPv6(authority[(authority.startIndex + 1)..<close])
            let after = authority[(close + 1)...]
            if after.isEmpty {
                port = nil
            } else {
                guard after.first == UInt8(ascii: ":") else { return false }
                port = after.dropFirst()
            }
        } else {
            let colon = authority.firstIndex(of: UInt8(ascii: ":"))
            let host = authority[authority.startIndex..<(colon ?? authority.endIndex)]
            hostIsValid = RPCHost.isIPv4(host) || RPCHost.isDNSName(host)
            port = colon.map { authority[($0 + 1)...] }
        }
        guard hostIsValid else { return false }
        return port.map(isValidPort) ?? true
    }

    /// 1 to 5 digits with a value from 1 to 65535. Port 0 cannot be connected to.
    private static func isValidPort(_ port: ArraySlice<UInt8>) -> Bool {
        guard (1...5).contains(port.count), port.allSatisfy(ASCII.isDigit) else { return false }
        return (1...65535).contains(port.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
}
