import OpenHumanTunnel
import TunnelCrypto

/// The HKDF derivations of wire version 2 (KDF-1 to KDF-4), composed from `HKDF.sha256` and the
/// library's info tags, with the key-schedule mutants.
struct ComposedKeySchedule {
    let mutant: Mutant?

    func hkdf(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(TunnelError) -> [UInt8] {
        if mutant == .hkdfLengthLimitOffByOne, length >= HKDF.maximumLength { throw .hkdfOutputTooLong }
        if mutant == .hkdfZeroLengthRefused, length == 0 { throw .hkdfOutputTooLong }
        let length = mutant == .hkdfLengthHeldIn32Bits ? Int(UInt32(truncatingIfNeeded: length)) : length
        return try TunnelError.crypto { () throws(CryptoError) in
            try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: length)
        }
    }

    /// ikm = static_dh || eph_dh, salt = client_eph_pub || server_eph_pub (KDF-2).
    func sessionKeys(
        staticDH: [UInt8],
        ephemeralDH: [UInt8],
        clientEphemeralPublic: [UInt8],
        serverEphemeralPublic: [UInt8]
    ) -> SessionKeys {
        let ikm = mutant == .ikmOrderReversed ? ephemeralDH + staticDH : staticDH + ephemeralDH
        let salt =
            mutant == .saltOrderReversed
            ? serverEphemeralPublic + clientEphemeralPublic
            : clientEphemeralPublic + serverEphemeralPublic
        let c2sInfo =
            mutant == .misspeltInfoTag ? Array("openhuman-tunnel/v3/c2s".utf8) : KeySchedule.clientToServerInfo
        let s2cInfo =
            mutant == .misspeltInfoTag ? Array("openhuman-tunnel/v3/s2c".utf8) : KeySchedule.serverToClientInfo
        return SessionKeys(
            c2s: derive(ikm: ikm, salt: salt, info: c2sInfo),
            s2c: derive(ikm: ikm, salt: salt, info: s2cInfo)
        )
    }

    /// k_hs = HKDF(hs_dh, hs_eph_pub || core_static_pub, handshake tag) (KDF-3).
    func handshakeKey(handshakeDH: [UInt8], handshakeEphemeralPublic: [UInt8], corePublic: [UInt8]) -> [UInt8] {
        let salt =
            mutant == .handshakeSaltWithoutCoreKey ? handshakeEphemeralPublic : handshakeEphemeralPublic + corePublic
        return derive(ikm: handshakeDH, salt: salt, info: KeySchedule.handshakeInfo)
    }

    /// k_ack = HKDF(static_dh, client_eph_pub, ack tag) (KDF-4).
    func ackKey(staticDH: [UInt8], clientEphemeralPublic: [UInt8]) -> [UInt8] {
        let salt = mutant == .ackKeyWithEmptySalt ? [] : clientEphemeralPublic
        return derive(ikm: staticDH, salt: salt, info: KeySchedule.handshakeAckInfo)
    }

    private func derive(ikm: [UInt8], salt: [UInt8], info: [UInt8]) -> [UInt8] {
        // 32 bytes is far below the HKDF limit, so this cannot throw.
        (try? HKDF.sha256(ikm: ikm, salt: salt, info: info, length: 32)) ?? []
    }
}
