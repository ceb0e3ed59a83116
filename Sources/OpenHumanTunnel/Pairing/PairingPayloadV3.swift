/// The content of a version 3 pairing QR code (spec/08-pairing-payload.md 8.12): the five fields
/// of version 2 and the single-use pairing secret `ps` (V3-PSK-1), which never reaches the relay.
public struct PairingPayloadV3: Equatable, Sendable {
    /// `cid`, `pt`, `cpk`, `rpc` and `exp`, with version 2's meaning; `cid` is also the
    /// prologue's (V3-PRO-1), so it is 1 to 255 ASCII bytes.
    public var fields: PairingPayload
    /// `ps`: 16 bytes from a secure generator, drawn for this payload alone (QR3-ENC-2).
    public var pairingSecret: [UInt8]

    public init(fields: PairingPayload, pairingSecret: [UInt8]) {
        self.fields = fields
        self.pairingSecret = pairingSecret
    }
}

/// What a consumer that runs both versions read from a payload: the version decides the
/// handshake, and there is no falling back to the other (QR3-PARSE-5).
public enum ScannedPairingPayload: Equatable, Sendable {
    case versionTwo(PairingPayload)
    case versionThree(PairingPayloadV3)
}
