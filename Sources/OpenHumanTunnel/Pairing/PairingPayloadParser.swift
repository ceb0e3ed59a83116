/// The consumer side of the pairing payload: the phone reading a scanned QR code.
///
/// The checks run in the order of QR-PARSE-1, each on the raw bytes, and the first failure is
/// the error, so every implementation reports the same code for the same payload. Time is an
/// input: the parser never reads a clock, which keeps it a pure function that vectors can test.
///
/// Foundation's `URL` and `URLComponents` are deliberately not used: they are general URL parsers
/// that accept any scheme and host and leave duplicates, escapes and field syntax to the caller,
/// which is the leniency this parser replaces. Every rule here is a few lines over bytes.
public enum PairingPayloadParser {
    /// Parses a payload as text, for example from a QR scanner API or a deep-link handler.
    public static func parse(_ payload: String, now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        // Checked before the copy, so a huge string costs nothing (QR-PARSE-2).
        guard payload.utf8.count <= PairingPayloadFormat.maximumLength else { throw .tooLong }
        return try parse(bytes: Array(payload.utf8), now: now)
    }

    /// Parses a payload given as the octets of a QR code's byte-mode segment.
    public static func parse(bytes payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        let query = try locateQuery(payload)
        let fields = try QueryFields.decode(query)
        let known = try knownFields(fields)

        let channelID = try requiredText(.cid, in: known)
        let pairingToken = try requiredText(.pt, in: known)
        let corePublicKey = try CorePublicKeyCheck.decode(try requiredText(.cpk, in: known))
        let rpcURL = try optionalRPC(in: known)
        guard let expiresAt = ExpiryValue.parse(try requiredValue(.exp, in: known)) else { throw .badExp }
        guard expiresAt >= now else { throw .expired }

        return PairingPayload(
            channelID: channelID,
            pairingToken: pairingToken,
            corePublicKey: corePublicKey,
            rpcURL: rpcURL,
            expiresAt: expiresAt
        )
    }

    /// QR-PARSE-2 to QR-PARSE-8: length, characters, scheme, authority, path, fragment, query.
    /// Returns the raw query (after `?`).
    private static func locateQuery(_ payload: [UInt8]) throws(PairingPayloadError) -> ArraySlice<UInt8> {
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

    /// QR-PARSE-12 to QR-PARSE-14: the values of the known parameters, each at most once;
    /// unknown names are skipped. Names are compared as decoded bytes, case-sensitively.
    ///
    /// A duplicate is refused, not resolved: WHATWG's `get` returns the first value, other
    /// parsers the last, so `cid=A&cid=B` would pair different consumers with different channels.
    private static func knownFields(
        _ fields: [QueryField]
    ) throws(PairingPayloadError) -> [PairingPayloadFormat.Field: [UInt8]] {
        var known = [PairingPayloadFormat.Field: [UInt8]]()
        for field in fields {
            guard
                let name = PairingPayloadFormat.Field.allCases.first(where: {
                    field.name.elementsEqual($0.rawValue.utf8)
                })
            else {
                continue
            }
            guard known[name] == nil else { throw .duplicateField(name.rawValue) }
            known[name] = field.value
        }
        return known
    }

    /// QR-PARSE-16, QR-PARSE-17: present and not empty.
    private static func requiredValue(
        _ name: PairingPayloadFormat.Field,
        in known: [PairingPayloadFormat.Field: [UInt8]]
    ) throws(PairingPayloadError) -> [UInt8] {
        guard let value = known[name] else { throw .missingField(name.rawValue) }
        guard !value.isEmpty else { throw .emptyField(name.rawValue) }
        return value
    }

    /// A required value as text; `QueryFields` has already checked that it is UTF-8.
    private static func requiredText(
        _ name: PairingPayloadFormat.Field,
        in known: [PairingPayloadFormat.Field: [UInt8]]
    ) throws(PairingPayloadError) -> String {
        String(decoding: try requiredValue(name, in: known), as: UTF8.self)
    }

    /// QR-PARSE-17, QR-PARSE-22: `rpc` may be absent; when present it is not empty and is valid.
    private static func optionalRPC(
        in known: [PairingPayloadFormat.Field: [UInt8]]
    ) throws(PairingPayloadError) -> String? {
        guard let value = known[.rpc] else { return nil }
        guard !value.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.rpc.rawValue) }
        guard RPCURL.isValid(value) else { throw .badRPC }
        return String(decoding: value, as: UTF8.self)
    }
}
