import TunnelCrypto

/// The values version 3 derives around its Noise handshakes (spec/13-handshake-v3.md): the
/// prologue that binds the channel and the version, the psk from the QR secret, the device's
/// commitment, the pairing code and the reconnection psk.
public enum PairingV3 {
    public static let pairingSecretLength = 16
    public static let nonceLength = 32
    /// A channel id longer than this cannot be length-prefixed by one octet.
    public static let maximumChannelIDLength = 255

    static let prologueLabel = Array("openhuman-tunnel/v3/prologue".utf8)
    static let pskInfo = Array("openhuman-tunnel/v3/psk".utf8)
    static let commitLabel = Array("openhuman-tunnel/v3/commit".utf8)
    static let sasInfo = Array("openhuman-tunnel/v3/sas".utf8)
    static let reconnectPskInfo = Array("openhuman-tunnel/v3/reconnect-psk".utf8)

    /// `label || uint8(len(cid)) || cid` (V3-PRO-1): a handshake for another channel, or of
    /// another version, hashes another `h` and fails at its first tag.
    public static func prologue(channelID: String) -> [UInt8] {
        let cid = Array(channelID.utf8)
        precondition((1...maximumChannelIDLength).contains(cid.count), "a channel id is 1 to 255 bytes")
        return prologueLabel + [UInt8(cid.count)] + cid
    }

    /// The pairing psk (V3-PSK-1): the QR secret, bound to the channel it was issued for.
    public static func psk(pairingSecret: [UInt8], channelID: String) -> [UInt8] {
        precondition(pairingSecret.count == pairingSecretLength)
        return try! HKDF.sha256(ikm: pairingSecret, salt: [], info: pskInfo + Array(channelID.utf8), length: 32)
    }

    /// The device's commitment to its nonce (V3-COMMIT-1), sent in message 1 before the device
    /// sees anything of the core's, opened in the reveal after.
    public static func commitment(deviceNonce: [UInt8]) -> [UInt8] {
        precondition(deviceNonce.count == nonceLength)
        return SHA256.hash(commitLabel, deviceNonce)
    }

    /// The six digits both users compare (V3-SAS-1): from the final `h` and both nonces, so
    /// neither party, nor one in the middle, can choose them.
    public static func code(handshakeHash: [UInt8], deviceNonce: [UInt8], coreNonce: [UInt8]) -> String {
        var okm = derive(handshakeHash, deviceNonce, coreNonce, info: sasInfo, length: 8)
        defer { SecretMemory.wipe(&okm) }
        return ShortAuthenticationString.digits(okm)
    }

    /// The psk of every later reconnection (V3-PSK-2), fixed at pairing.
    public static func reconnectPsk(handshakeHash: [UInt8], deviceNonce: [UInt8], coreNonce: [UInt8]) -> [UInt8] {
        derive(handshakeHash, deviceNonce, coreNonce, info: reconnectPskInfo, length: 32)
    }

    private static func derive(
        _ handshakeHash: [UInt8],
        _ deviceNonce: [UInt8],
        _ coreNonce: [UInt8],
        info: [UInt8],
        length: Int
    ) -> [UInt8] {
        precondition(handshakeHash.count == 32 && deviceNonce.count == nonceLength && coreNonce.count == nonceLength)
        var ikm = deviceNonce + coreNonce
        defer { SecretMemory.wipe(&ikm) }
        return try! HKDF.sha256(ikm: ikm, salt: handshakeHash, info: info, length: length)
    }
}
