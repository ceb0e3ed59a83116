import OpenHumanTunnel

/// The pairing payload's producer and consumer (spec/08-pairing-payload.md) with the QR mutants.
///
/// The library's parser and encoder are used as they are; each mutant is the lenient step a real
/// consumer or producer adds around them: a consumer that, when the strict parser refuses a
/// payload for the one thing it tolerates, rewrites the payload into what a lenient parser would
/// have read and parses again; or a producer whose output another encoder would have spelt
/// otherwise.
struct ComposedPairingPayload {
    let mutant: Mutant?

    private static let knownNames: Set<String> = ["cid", "pt", "cpk", "rpc", "exp"]

    func encode(_ payload: PairingPayload) throws(PairingPayloadError) -> String {
        let canonical = Array(try PairingPayloadEncoder.encode(payload).utf8)
        switch mutant {
        case .qrEncodeLowercasePercentHex?:
            return String(decoding: Self.lowercasingPercentHex(canonical), as: UTF8.self)
        case .qrEncodeSpaceAsPercent20?:
            // A literal '+' is always written %2B, so every '+' in the output is a space.
            return String(decoding: canonical, as: UTF8.self).replacingPlus(with: "%20")
        default:
            return String(decoding: canonical, as: UTF8.self)
        }
    }

    func parse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        if mutant == .qrMaximumLengthOffByOne, payload.count == PairingPayloadFormat.maximumLength { throw .tooLong }
        if mutant == .qrSchemeCaseSensitive, let refusal = Self.caseSensitiveRefusal(payload) {
            // The length and character checks still come first (QR-PARSE-1).
            if case .failure(let error) = Result(catching: { () throws(PairingPayloadError) in
                try PairingPayloadParser.parse(bytes: payload, now: now)
            }), error == .tooLong || error == .badCharacter {
                throw error
            }
            throw refusal
        }
        if mutant == .qrSchemeWithoutColonReadAsWhole, !payload.contains(UInt8(ascii: ":")),
            String(decoding: payload, as: UTF8.self).lowercased() == "openhuman"
        {
            throw .badHost
        }
        let bytes = rewrittenBeforeParsing(payload)
        // The clock mutants read the payload without the clock and compare exp their own way.
        let clockMutant = mutant == .qrExpiryHeldIn32Bits || mutant == .qrZeroExpiryMeansNever
        let parseNow = clockMutant ? 0 : now
        var parsed: PairingPayload
        do {
            parsed = try PairingPayloadParser.parse(bytes: bytes, now: parseNow)
        } catch {
            guard let lenient = lenientReading(of: bytes, refusedWith: error) else { throw error }
            parsed = try PairingPayloadParser.parse(bytes: lenient.payload, now: parseNow)
            lenient.restore(&parsed)
        }
        if mutant == .qrExpiryComparedWithLessOrEqual, parsed.expiresAt == now { throw .expired }
        if mutant == .qrExpiryHeldIn32Bits,
            UInt32(truncatingIfNeeded: parsed.expiresAt) < UInt32(truncatingIfNeeded: now)
        {
            throw .expired
        }
        if mutant == .qrZeroExpiryMeansNever, parsed.expiresAt != 0, parsed.expiresAt < now { throw .expired }
        if mutant == .qrNonCanonicalCPKRefused, ComposedX25519.isNonCanonical(parsed.corePublicKey) {
            throw .lowOrderCPK
        }
        if mutant == .qrPortLeadingZerosRefused, let port = parsed.rpcURL.flatMap(Self.port), port.first == "0" {
            throw .badRPC
        }
        return parsed
    }

    /// The consumers that read the query differently from the start.
    private func rewrittenBeforeParsing(_ payload: [UInt8]) -> [UInt8] {
        switch mutant {
        case .qrNamesNotPercentDecoded?:
            // A name that only decodes to a known one stays unknown: renamed so it cannot match.
            Self.rewritingFields(payload) { fields in
                fields.map { field in
                    field.name.contains("%") && Self.knownNames.contains(Self.formDecoded(field.name) ?? "")
                        ? ("x" + field.name, field.value) : field
                }
            }
        case .qrPlusNotDecodedAsSpace?:
            Self.rewritingFields(payload) { fields in
                fields.map { ($0.name.replacingPlus(with: "%2B"), $0.value?.replacingPlus(with: "%2B")) }
            }
        default:
            payload
        }
    }

    /// A payload rewritten into what the mutant's lenient consumer would have read, and the
    /// values to put back into the result afterwards.
    private struct LenientReading {
        var payload: [UInt8]
        var corePublicKey: [UInt8]?
        var rpcURL: String?

        func restore(_ parsed: inout PairingPayload) {
            if let corePublicKey { parsed.corePublicKey = corePublicKey }
            if let rpcURL { parsed.rpcURL = rpcURL }
        }
    }

    /// The lenient reading, when the strict parser refused the payload for exactly what the
    /// mutant's consumer tolerates; nil otherwise, so every other check is unchanged.
    private func lenientReading(of payload: [UInt8], refusedWith error: PairingPayloadError) -> LenientReading? {
        switch (mutant, error) {
        case (.lenientExpParse?, .badExp):
            return LenientReading(
                payload: Self.rewritingFields(payload) { fields in
                    fields.map { $0.name == "exp" ? ($0.name, $0.value.map(Self.parseIntText)) : $0 }
                }
            )
        case (.duplicateQRFieldsAccepted?, .duplicateField):
            return LenientReading(
                payload: Self.rewritingFields(payload) { fields in
                    fields.enumerated().filter { index, field in
                        !Self.knownNames.contains(field.name) || !fields[..<index].contains { $0.name == field.name }
                    }.map(\.element)
                }
            )
        case (.qrPaddedCPKAccepted?, .badCPKBase64URL):
            return LenientReading(
                payload: Self.rewritingFields(payload) { fields in
                    fields.map { $0.name == "cpk" ? ($0.name, $0.value.map(Self.strippingPadding)) : $0 }
                }
            )
        case (.qrLowOrderCPKAccepted?, .lowOrderCPK):
            // Parse with a stand-in key of full order, then report the scanned key.
            guard let raw = Self.rawValue(of: "cpk", in: payload), let text = Self.formDecoded(raw),
                let key = try? Base64URL.decode(text)
            else { return nil }
            return LenientReading(
                payload: Self.replacingValue(of: "cpk", in: payload, with: Self.standInKey),
                corePublicKey: key
            )
        case (.qrBareHexPrefixAccepted?, .badRPC), (.qrPortDigitsNotCounted?, .badRPC):
            // Valid but for the one rule the mutant does not know: the bare 0x label, or a
            // port whose digits are not counted.
            guard let raw = Self.rawValue(of: "rpc", in: payload), let url = Self.formDecoded(raw),
                mutant == .qrBareHexPrefixAccepted ? Self.hasBareHexLastLabel(url) : Self.hasLongZeroPaddedPort(url)
            else { return nil }
            return LenientReading(
                payload: Self.replacingValue(of: "rpc", in: payload, with: Self.standInRPC),
                rpcURL: url
            )
        case (.qrRPCNotValidated?, .badRPC):
            guard let raw = Self.rawValue(of: "rpc", in: payload), let url = Self.formDecoded(raw) else { return nil }
            return LenientReading(
                payload: Self.replacingValue(of: "rpc", in: payload, with: Self.standInRPC),
                rpcURL: url
            )
        default:
            return nil
        }
    }

    /// The authority of an http(s) URL: between "://" and the first "/", "?" or "#".
    private static func authority(_ url: String) -> Substring? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        return url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// The port text of an http(s) URL, nil when it has none (IPv6 literals skipped).
    static func port(_ url: String) -> Substring? {
        guard var authority = authority(url) else { return nil }
        if let close = authority.lastIndex(of: "]") { authority = authority[authority.index(after: close)...] }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    /// Whether the host's last label is `0x` or `0X` and nothing else, the port (if any) valid.
    private static func hasBareHexLastLabel(_ url: String) -> Bool {
        guard let authority = authority(url) else { return false }
        let host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return host.split(separator: ".", omittingEmptySubsequences: false).last?.lowercased() == "0x"
    }

    /// Whether the port has more than five digits but a value from 1 to 65535.
    private static func hasLongZeroPaddedPort(_ url: String) -> Bool {
        guard let port = port(url), port.count > 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let significant = port.drop { $0 == "0" }
        return (1...5).contains(significant.count) && (1...65535).contains(Int(significant) ?? 0)
    }

    /// The u-coordinate 9, the base point: a key of full order.
    private static let standInKey = Base64URL.encode([9] + [UInt8](repeating: 0, count: 31))
    private static let standInRPC = "http%3A%2F%2F192.168.1.5%3A7788%2Frpc"

    /// The scheme or host differs from the canonical one only in letter case: the refusal of a
    /// case-sensitive consumer; nil when the case-insensitive checks decide anyway.
    private static func caseSensitiveRefusal(_ payload: [UInt8]) -> PairingPayloadError? {
        let text = String(decoding: payload, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        if scheme.lowercased() == "openhuman", scheme != "openhuman" { return .badScheme }
        let rest = text[text.index(after: colon)...]
        guard scheme == "openhuman", rest.hasPrefix("//") else { return nil }
        let host = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.lowercased() == "pair" && host != "pair" ? .badHost : nil
    }

    /// The raw (still form-encoded) value of the first field `name`.
    static func rawValue(of name: String, in payload: [UInt8]) -> String? {
        var found: String?
        _ = rewritingFields(payload) { fields in
            found = fields.first { $0.name == name }?.value
            return fields
        }
        return found
    }

    static func replacingValue(of name: String, in payload: [UInt8], with value: String) -> [UInt8] {
        rewritingFields(payload) { fields in fields.map { $0.name == name ? ($0.name, value) : $0 } }
    }

    /// WHATWG form decoding: `+` is a space, `%XX` a byte; nil for a stray `%` or invalid UTF-8.
    static func formDecoded(_ raw: String) -> String? {
        var out: [UInt8] = []
        var bytes = Array(raw.utf8)[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "+"): out.append(0x20)
            case UInt8(ascii: "%"):
                guard bytes.count >= 2, let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16)
                else {
                    return nil
                }
                out.append(value)
                bytes = bytes.dropFirst(2)
            default: out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// A raw `name=value` field of the query; `value` nil when the field has no `=`.
    typealias RawField = (name: String, value: String?)

    /// Applies `rewrite` to the raw fields of the query (after the first `?`), leaving every
    /// other byte as it was.
    static func rewritingFields(_ payload: [UInt8], _ rewrite: ([RawField]) -> [RawField]) -> [UInt8] {
        guard let question = payload.firstIndex(of: UInt8(ascii: "?")) else { return payload }
        let query = String(decoding: payload[(question + 1)...], as: UTF8.self)
        let fields = query.split(separator: "&", omittingEmptySubsequences: false).map { raw -> RawField in
            guard let equals = raw.firstIndex(of: "=") else { return (String(raw), nil) }
            return (String(raw[..<equals]), String(raw[raw.index(after: equals)...]))
        }
        let rewritten = rewrite(fields)
        guard !rewritten.elementsEqual(fields, by: { $0.name == $1.name && $0.value == $1.value }) else {
            return payload
        }
        let text = rewritten.map { field in field.value.map { field.name + "=" + $0 } ?? field.name }.joined(
            separator: "&"
        )
        return Array(payload[...question]) + Array(text.utf8)
    }

    /// The decimal text of what `parseInt` reads: the digits up to the first non-digit, leading
    /// zeros dropped; the text unchanged when it does not start with a digit.
    private static func parseIntText(_ value: String) -> String {
        let digits = value.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return value }
        let significant = digits.drop { $0 == "0" }
        return significant.isEmpty ? "0" : String(significant)
    }

    /// `value` without trailing `=` or `%3D` padding.
    static func strippingPadding(_ value: String) -> String {
        var out = value
        while true {
            if out.hasSuffix("=") {
                out.removeLast()
            } else if out.uppercased().hasSuffix("%3D") {
                out.removeLast(3)
            } else {
                return out
            }
        }
    }

    private static func lowercasingPercentHex(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var index = 0
        while index < out.count {
            if out[index] == UInt8(ascii: "%"), index + 2 < out.count {
                for offset in 1...2 where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(out[index + offset]) {
                    out[index + offset] += 0x20
                }
                index += 3
            } else {
                index += 1
            }
        }
        return out
    }
}

private extension String {
    func replacingPlus(with replacement: String) -> String {
        split(separator: "+", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
