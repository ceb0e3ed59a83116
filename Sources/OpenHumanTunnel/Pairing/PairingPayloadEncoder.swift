/// The producer side of the pairing payload: the core rendering its QR code (QR-ENC-1 to QR-ENC-12).
public enum PairingPayloadEncoder {
    /// The canonical payload of `payload`, byte for byte what the deployed producer emits:
    /// `openhuman://pair?cid=…&pt=…&cpk=…[&rpc=…]&exp=…`, each value form-encoded as WHATWG
    /// `URLSearchParams` does.
    ///
    /// Refuses (QR-ENC-10, in this order) a value no consumer would accept, so a bad QR code fails
    /// on the desktop where it is made rather than on every phone that scans it: an empty `cid`,
    /// `pt` or `rpc`; a `cpk` that is not 32 bytes or is low order; an invalid `rpc`; an `exp` above
    /// the maximum; a result longer than a QR code at level M can carry. An `exp` in the past is
    /// not refused: the producer has no clock here.
    public static func encode(_ payload: PairingPayload) throws(PairingPayloadError) -> String {
        guard !payload.channelID.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.cid.rawValue) }
        guard !payload.pairingToken.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.pt.rawValue) }
        try CorePublicKeyCheck.validate(payload.corePublicKey)
        try validateRPC(payload.rpcURL)
        guard payload.expiresAt <= PairingPayloadFormat.maximumExpiry else { throw .badExp }

        var writer = PayloadWriter()
        writer.append(.cid, FormEncoding.encode(payload.channelID))
        writer.append(.pt, FormEncoding.encode(payload.pairingToken))
        writer.append(.cpk, FormEncoding.encode(Base64URL.encode(payload.corePublicKey)))
        if let rpcURL = payload.rpcURL { writer.append(.rpc, FormEncoding.encode(rpcURL)) }
        writer.append(.exp, ExpiryValue.format(payload.expiresAt))
        return try writer.payload()
    }

    /// QR-ENC-4, QR-ENC-8: a LAN URL, when known, is not empty and meets QR-GRAM-4.
    static func validateRPC(_ rpcURL: String?) throws(PairingPayloadError) {
        guard let rpcURL else { return }
        guard !rpcURL.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.rpc.rawValue) }
        guard RPCURL.isValid(Array(rpcURL.utf8)) else { throw .badRPC }
    }
}
