/// The content of a pairing QR code: what the phone needs to reach and authenticate the core.
///
/// `openhuman://pair?cid=…&pt=…&cpk=…[&rpc=…]&exp=…` (spec/08-pairing-payload.md). The value is
/// plain data; `PairingPayloadEncoder` refuses values a producer must not emit, and
/// `PairingPayloadParser` only returns values that pass every consumer rule.
public struct PairingPayload: Sendable {
    /// `cid`: the relay channel id. Opaque, non-empty (QR-PARSE-18).
    public var channelID: String
    /// `pt`: the single-use pairing token the relay checks. Opaque, non-empty (QR-PARSE-18).
    public var pairingToken: String
    /// `cpk`: the core's static X25519 public key for this channel, 32 bytes (`core_static_pub`).
    public var corePublicKey: [UInt8]
    /// `rpc`: the core's LAN JSON-RPC URL, when the core knows one (QR-ENC-4).
    public var rpcURL: String?
    /// `exp`: the expiry in Unix seconds. The payload is valid while `now <= expiresAt` (QR-PARSE-24).
    public var expiresAt: UInt64

    public init(channelID: String, pairingToken: String, corePublicKey: [UInt8], rpcURL: String?, expiresAt: UInt64) {
        self.channelID = channelID
        self.pairingToken = pairingToken
        self.corePublicKey = corePublicKey
        self.rpcURL = rpcURL
        self.expiresAt = expiresAt
    }

    /// The `exp` of a pairing whose relay expiry is given in milliseconds (`pairingExpiresAt`):
    /// floored to whole seconds, as the deployed producer does (QR-ENC-5).
    ///
    /// Flooring can only make the QR expire earlier than the relay's token, never later.
    public static func expiry(fromEpochMilliseconds milliseconds: UInt64) -> UInt64 {
        milliseconds / 1000
    }
}

/// Equality compares the UTF-8 bytes of the strings, not Swift's canonical equivalence.
///
/// Swift's `String ==` treats `"é"` (U+00E9) and `"e\u{301}"` as equal, but they are different
/// channel ids and tokens to the relay, which compares bytes. A reference parser that reported
/// them equal would hide exactly the kind of difference QR-PARSE-18 forbids.
extension PairingPayload: Equatable {
    public static func == (lhs: PairingPayload, rhs: PairingPayload) -> Bool {
        lhs.channelID.utf8.elementsEqual(rhs.channelID.utf8)
            && lhs.pairingToken.utf8.elementsEqual(rhs.pairingToken.utf8)
            && lhs.corePublicKey == rhs.corePublicKey
            && optionalBytesEqual(lhs.rpcURL, rhs.rpcURL)
            && lhs.expiresAt == rhs.expiresAt
    }

    private static func optionalBytesEqual(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case let (l?, r?): l.utf8.elementsEqual(r.utf8)
        default: false
        }
    }
}
