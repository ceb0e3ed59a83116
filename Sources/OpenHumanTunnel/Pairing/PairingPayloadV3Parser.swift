/// The consumer of a phone that runs both wire versions (spec/08-pairing-payload.md 8.12.3):
/// version 2 payloads as `PairingPayloadParser` reads them, version 3 payloads with their `v`
/// and pairing secret.
///
/// The order is QR3-PARSE-1's: the envelope and decoding as for version 2, the duplicates among
/// seven known names, then `v`, which decides whether `cid` is held to the prologue's limit and
/// whether `ps` is read.
public enum PairingPayloadV3Parser {
    public static func parse(bytes payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> ScannedPairingPayload {
        let known = try KnownFields(
            query: PayloadEnvelope.query(payload),
            names: PairingPayloadFormat.Field.versionThree
        )
        let isVersionThree = try PayloadVersion.read(known) == .three
        let channelID = try known.required(.cid)
        if isVersionThree { try ChannelIDCheck.validate(channelID) }
        let pairingToken = try known.text(.pt)
        let corePublicKey = try CorePublicKeyCheck.decode(try known.text(.cpk))
        let pairingSecret = isVersionThree ? try PairingSecretCheck.decode(try known.text(.ps)) : nil
        let fields = PairingPayload(
            channelID: String(decoding: channelID, as: UTF8.self),
            pairingToken: pairingToken,
            corePublicKey: corePublicKey,
            rpcURL: try known.rpc(),
            expiresAt: try known.expiry(now: now)
        )
        guard let pairingSecret else { return .versionTwo(fields) }
        return .versionThree(PairingPayloadV3(fields: fields, pairingSecret: pairingSecret))
    }
}
