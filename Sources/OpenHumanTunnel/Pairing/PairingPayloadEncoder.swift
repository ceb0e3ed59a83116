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
        if let rpcURL = payload.rpcURL {
            guard !rpcURL.isEmpty else { throw .emptyField(PairingPayloadFormat.Field.rpc.rawValue) }
            guard RPCURL.isValid(Array(rpcURL.utf8)) else { throw .badRPC }
        }
        guard payload.expiresAt <= PairingPayloadFormat.maximumExpiry else { throw .badExp }

        var out = Array(PairingPayloadFormat.prefix.utf8)
        func append(_ field: PairingPayloadFormat.Field, _ encodedValue: [UInt8]) {
            if field != .cid { out.append(UInt8(ascii: "&")) }
            out += field.nameBytes
            out.append(UInt8(ascii: "="))
            out += encodedValue
        }
        append(.cid, FormEncoding.encode(payload.channelID))
        append(.pt, FormEncoding.encode(payload.pairingToken))
        append(.cpk, FormEncoding.encode(Base64URL.encode(payload.corePublicKey)))
        if let rpcURL = payload.rpcURL { append(.rpc, FormEncoding.encode(rpcURL)) }
        append(.exp, ExpiryValue.format(payload.expiresAt))

        guard out.count <= PairingPayloadFormat.maximumLength else { throw .tooLong }
        return String(decoding: out, as: UTF8.self)
    }
}
