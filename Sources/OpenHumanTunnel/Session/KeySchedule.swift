import TunnelCrypto

/// The HKDF info tags and derivations of wire version 2 (KDF-2, KDF-3, KDF-4).
///
/// Each key has its own ASCII label, so a key derived for one purpose can never equal one
/// derived for another from the same secrets.
public enum KeySchedule {
    public static let clientToServerInfo = Array("openhuman-tunnel/v1/c2s".utf8)
    public static let serverToClientInfo = Array("openhuman-tunnel/v1/s2c".utf8)
    public static let handshakeInfo = Array("openhuman-tunnel/v3/handshake".utf8)
    public static let handshakeAckInfo = Array("openhuman-tunnel/v3/handshake-ack".utf8)

    /// k_hs = HKDF(X25519(hs_eph, core_static_pub), hs_eph_pub || core_static_pub, handshake tag).
    public static func handshakeKey(
        handshakeDH: [UInt8],
        handshakeEphemeralPublic: [UInt8],
        corePublic: [UInt8]
    ) -> [UInt8] {
        derive(ikm: handshakeDH, salt: handshakeEphemeralPublic + corePublic, info: handshakeInfo)
    }

    /// k_ack = HKDF(static_dh, client_eph_pub, ack tag).
    public static func ackKey(staticDH: [UInt8], clientEphemeralPublic: [UInt8]) -> [UInt8] {
        derive(ikm: staticDH, salt: clientEphemeralPublic, info: handshakeAckInfo)
    }

    static func derive(ikm: [UInt8], salt: [UInt8], info: [UInt8]) -> [UInt8] {
        do {
            return try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: 32)
        } catch {
            // 32 bytes is far below HKDF's limit of 255 blocks: a refusal is a broken invariant,
            // and an empty key must never stand in for a derived one.
            preconditionFailure("HKDF-SHA256 refused a 32-byte output: \(error)")
        }
    }
}
