import TunnelCrypto

/// What the relay keeps for one channel (12.3). Secrets are kept as SHA-256 digests (RELAY-3), so
/// a leak of the relay's state reveals no token or credential that would let a device in.
struct RelayChannel: Sendable {
    let owner: String
    /// SHA-256 of the pairing token; nil once used or revoked.
    var pairingTokenDigest: [UInt8]?
    /// The last second at which the pairing token is accepted (RELAY-2).
    let pairingDeadline: Int64
    /// True once a device connected with the pairing token (single use, RELAY-2).
    var pairingTokenUsed = false
    /// SHA-256 of the device credential; nil until pairing and after revocation.
    var credentialDigest: [UInt8]?
    var members: [RelayRole: String] = [:]
    var revoked = false

    init(owner: String, pairingToken: String, pairingDeadline: Int64) {
        self.owner = owner
        self.pairingTokenDigest = RelayChannel.digest(pairingToken)
        self.pairingDeadline = pairingDeadline
    }

    static func digest(_ secret: String) -> [UInt8] { SHA256.hash(Array(secret.utf8)) }

    /// Compares `secret` with a stored digest in time independent of where they differ (RELAY-5).
    static func matches(_ secret: String, _ digest: [UInt8]?) -> Bool {
        guard let digest else { return false }
        return SecretMemory.equal(RelayChannel.digest(secret), digest)
    }
}
