/// The producer of a version 3 core: `openhuman://pair?v=3&cid=…&pt=…&cpk=…&ps=…[&rpc=…]&exp=…`
/// (QR3-ENC-1), each value form-encoded as version 2's are.
public enum PairingPayloadV3Encoder {
    /// Refuses, in QR3-ENC-3's order, what no version 3 consumer would accept: an empty `cid`, a
    /// `cid` the prologue cannot carry, an empty `pt`, version 2's `cpk` refusals, a secret that
    /// is not 16 bytes, version 2's `rpc` and `exp` refusals, a result too long for a QR code.
    public static func encode(_ payload: PairingPayloadV3) throws(PairingPayloadError) -> String {
        let fields = payload.fields
        guard !fields.channelID.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.cid.rawValue) }
        try ChannelIDCheck.validate(Array(fields.channelID.utf8))
        guard !fields.pairingToken.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.pt.rawValue) }
        try CorePublicKeyCheck.validate(fields.corePublicKey)
        try PairingSecretCheck.validate(payload.pairingSecret)
        try PairingPayloadEncoder.validateRPC(fields.rpcURL)
        guard fields.expiresAt <= PairingPayloadFormat.maximumExpiry else { throw .badExp }

        var writer = PayloadWriter()
        writer.append(.v, Array("3".utf8))
        writer.append(.cid, FormEncoding.encode(fields.channelID))
        writer.append(.pt, FormEncoding.encode(fields.pairingToken))
        writer.append(.cpk, FormEncoding.encode(Base64URL.encode(fields.corePublicKey)))
        writer.append(.ps, FormEncoding.encode(Base64URL.encode(payload.pairingSecret)))
        if let rpcURL = fields.rpcURL { writer.append(.rpc, FormEncoding.encode(rpcURL)) }
        writer.append(.exp, ExpiryValue.format(fields.expiresAt))
        return try writer.payload()
    }
}
