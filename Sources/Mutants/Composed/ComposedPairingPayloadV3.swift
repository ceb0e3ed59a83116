import OpenHumanTunnel

/// The version 3 producer and consumer (spec/08-pairing-payload.md 8.12) with their mutants.
///
/// As `ComposedPairingPayload` does for version 2, the library's strict parser and encoder are
/// used as they are, and each mutant is the one liberty a real consumer or producer takes around
/// them: the payload rewritten into what the lenient reading would have seen, or the canonical
/// output spelt the way another producer would have.
struct ComposedPairingPayloadV3 {
    let mutant: Mutant?

    private typealias Payload = ComposedPairingPayload

    func encode(_ payload: PairingPayloadV3) throws(PairingPayloadError) -> String {
        if mutant == .qr3EncodeChannelIDUnchecked || mutant == .qr3EncodeSecretLengthUnchecked {
            return try encodeUnchecked(payload)
        }
        let canonical = try PairingPayloadV3Encoder.encode(payload)
        switch mutant {
        case .qr3EncodeVersionLast?:
            return Self.movingField("v", toEndOf: canonical)
        case .qr3EncodeSecretPadded?:
            let text = Base64URL.encode(payload.pairingSecret)
            return canonical.replacing("&ps=" + text, with: "&ps=" + text + "%3D%3D")
        default:
            return canonical
        }
    }

    /// The producer that does not know the limit the mutant forgets: it encodes a stand-in that
    /// passes, then puts the real value back into the text.
    private func encodeUnchecked(_ payload: PairingPayloadV3) throws(PairingPayloadError) -> String {
        var standIn = payload
        if mutant == .qr3EncodeChannelIDUnchecked, !payload.fields.channelID.isEmpty { standIn.fields.channelID = "x" }
        if mutant == .qr3EncodeSecretLengthUnchecked { standIn.pairingSecret = Self.standInSecret }
        let text = try PairingPayloadV3Encoder.encode(standIn)
        return
            text
            .replacing("&cid=x&", with: "&cid=" + Self.formEncoded(payload.fields.channelID) + "&")
            .replacing(
                "&ps=" + Base64URL.encode(standIn.pairingSecret),
                with: "&ps=" + Base64URL.encode(payload.pairingSecret)
            )
    }

    func parse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> ScannedPairingPayload {
        let bytes = rewrittenBeforeParsing(payload)
        let scanned: ScannedPairingPayload
        do {
            scanned = try PairingPayloadV3Parser.parse(bytes: bytes, now: now)
        } catch {
            scanned = try recovered(from: error, payload: bytes, now: now)
        }
        if mutant == .qr3ChannelIDLimitOnVersionTwo, case .versionTwo(let fields) = scanned,
            fields.channelID.utf8.count > 255 || fields.channelID.utf8.contains(where: { $0 > 0x7F })
        {
            throw .badCID
        }
        return scanned
    }

    /// The consumers that read `v` differently from the start.
    private func rewrittenBeforeParsing(_ payload: [UInt8]) -> [UInt8] {
        switch mutant {
        case .qr3VersionReadAsNumber?:
            return Payload.rewritingFields(payload) { fields in
                fields.map { field in
                    guard field.name == "v", let value = field.value, !value.isEmpty,
                        value.allSatisfy({ $0 == "0" || $0 == "3" }), value.last == "3",
                        value.dropLast().allSatisfy({ $0 == "0" })
                    else { return field }
                    return (field.name, "3")
                }
            }
        case .qr3DuplicateVersionFirstWins?:
            return Payload.rewritingFields(payload) { fields in
                fields.enumerated().filter { index, field in
                    field.name != "v" || !fields[..<index].contains { $0.name == "v" }
                }.map(\.element)
            }
        default:
            return payload
        }
    }

    /// The lenient reading after the strict parser refused the payload for exactly what the
    /// mutant tolerates; the error itself otherwise, so every other check is unchanged.
    private func recovered(
        from error: PairingPayloadError,
        payload: [UInt8],
        now: UInt64
    ) throws(PairingPayloadError) -> ScannedPairingPayload {
        switch (mutant, error) {
        case (.qr3SecretWithoutVersionIgnored?, .missingField("v")):
            return .versionTwo(try PairingPayloadParser.parse(bytes: payload, now: now))
        case (.qr3VersionTwoAccepted?, .badVersion) where Self.decodedValue(of: "v", in: payload) == "2":
            return .versionTwo(try PairingPayloadParser.parse(bytes: payload, now: now))
        case (.qr3LaterVersionCalledBad?, .unsupportedVersion):
            throw .badVersion
        case (.qr3ChannelIDUnchecked?, .badCID):
            guard let channelID = Self.decodedValue(of: "cid", in: payload) else { throw error }
            let scanned = try PairingPayloadV3Parser.parse(
                bytes: Payload.replacingValue(of: "cid", in: payload, with: "x"),
                now: now
            )
            guard case .versionThree(var read) = scanned else { throw error }
            read.fields.channelID = channelID
            return .versionThree(read)
        case (.qr3SecretLengthUnchecked?, .badPSLength), (.qr3PaddedSecretAccepted?, .badPSBase64URL):
            guard let raw = Payload.rawValue(of: "ps", in: payload), let text = Payload.formDecoded(raw) else {
                throw error
            }
            let lenient = mutant == .qr3PaddedSecretAccepted ? Payload.strippingPadding(text) : text
            guard let secret = try? Base64URL.decode(lenient) else { throw error }
            let scanned = try PairingPayloadV3Parser.parse(
                bytes: Payload.replacingValue(of: "ps", in: payload, with: Base64URL.encode(Self.standInSecret)),
                now: now
            )
            guard case .versionThree(var read) = scanned else { throw error }
            read.pairingSecret = secret
            return .versionThree(read)
        case (.qr3SecretCheckedLast?, .missingField("ps")), (.qr3SecretCheckedLast?, .emptyField("ps")),
            (.qr3SecretCheckedLast?, .badPSBase64URL), (.qr3SecretCheckedLast?, .badPSLength):
            // `rpc` and `exp` are checked first: with a valid secret, their error wins.
            _ = try PairingPayloadV3Parser.parse(bytes: Self.withStandInSecret(payload), now: now)
            throw error
        case (.qr3VersionCheckedLast?, .badVersion), (.qr3VersionCheckedLast?, .unsupportedVersion),
            (.qr3VersionCheckedLast?, .missingField("v")), (.qr3VersionCheckedLast?, .emptyField("v")):
            // Every other field is checked first, as if the payload were version 3.
            let asVersionThree = Payload.rewritingFields(Self.withStandInSecret(payload)) { fields in
                fields.filter { $0.name != "v" } + [("v", "3")]
            }
            _ = try PairingPayloadV3Parser.parse(bytes: asVersionThree, now: now)
            throw error
        default:
            throw error
        }
    }

    /// A secret of the right length in place of `ps` (added when absent), so that only the
    /// checks after it decide.
    private static func withStandInSecret(_ payload: [UInt8]) -> [UInt8] {
        let text = Base64URL.encode(standInSecret)
        return Payload.rewritingFields(payload) { fields in
            fields.contains { $0.name == "ps" }
                ? fields.map { $0.name == "ps" ? ($0.name, text) : $0 } : fields + [("ps", text)]
        }
    }

    private static let standInSecret = [UInt8](repeating: 0x5A, count: 16)

    private static func decodedValue(of name: String, in payload: [UInt8]) -> String? {
        Payload.rawValue(of: name, in: payload).flatMap(Payload.formDecoded)
    }

    /// The canonical text with the field `name` moved to the end of the query.
    private static func movingField(_ name: String, toEndOf payload: String) -> String {
        String(
            decoding: Payload.rewritingFields(Array(payload.utf8)) { fields in
                fields.filter { $0.name != name } + fields.filter { $0.name == name }
            },
            as: UTF8.self
        )
    }

    /// QR-ENC-2's form encoding, as the library's producer applies it.
    private static func formEncoded(_ text: String) -> String {
        let encoded = try? PairingPayloadEncoder.encode(
            PairingPayload(
                channelID: text,
                pairingToken: "t",
                corePublicKey: [9] + [UInt8](repeating: 0, count: 31),
                rpcURL: nil,
                expiresAt: 0
            )
        )
        guard let encoded, let start = encoded.firstRange(of: "cid=")?.upperBound,
            let end = encoded.firstRange(of: "&pt=")?.lowerBound
        else { return text }
        return String(encoded[start..<end])
    }
}
