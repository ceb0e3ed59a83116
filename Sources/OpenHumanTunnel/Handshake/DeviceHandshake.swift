import TunnelCrypto

/// The device's side of the bootstrap (HS-1 to HS-3, ACK-4).
///
/// ```
/// device                                            core (static key pair from the QR: cpk)
///   hs_eph, client_eph fresh
///   k_hs = HKDF(X25519(hs_eph, cpk), hs_eph_pub || cpk, "…/v3/handshake")
///   0x03 || hs_eph_pub || n1 || AEAD(k_hs, n1, {device_pubkey, client_ephemeral_pubkey}, aad = 0x03 || hs_eph_pub)
///   ------------------------------------------------------------------------------------>
///                                                   checks channel state, opens, server_eph fresh
///                                                   k_ack = HKDF(static_dh, client_eph_pub, "…/v3/handshake-ack")
///   0x04 || n2 || AEAD(k_ack, n2, {kind, server_ephemeral_pubkey}, aad = 0x04 || client_eph_pub)
///   <------------------------------------------------------------------------------------
///   both: keys = HKDF(static_dh || eph_dh, client_eph_pub || server_eph_pub, c2s / s2c)
/// ```
///
/// Only the holder of the core's static private key can open the handshake (it is sealed to cpk)
/// or seal the ack (k_ack needs static_dh): a QR code for another core or an impostor core fails
/// at the device's authentication check.
public enum DeviceHandshake {
    /// Builds the 0x03 message. Private keys and the nonce are inputs: fresh random bytes in use
    /// (DH-3), fixed bytes in vectors.
    public static func start(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        var handshakeDH = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublicKey)
        }
        defer { SecretMemory.wipe(&handshakeDH) }
        let handshakeEphemeralPublic = X25519.publicKey(privateKey: handshakeEphemeralPrivate)
        var key = KeySchedule.handshakeKey(
            handshakeDH: handshakeDH,
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: corePublicKey
        )
        defer { SecretMemory.wipe(&key) }
        let header = [MessageType.handshake.rawValue] + handshakeEphemeralPublic
        let plaintext = HandshakeMessage.handshakePlaintext(
            devicePublic: X25519.publicKey(privateKey: deviceStaticPrivate),
            clientEphemeralPublic: X25519.publicKey(privateKey: clientEphemeralPrivate)
        )
        return header + nonce + XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: header)
    }

    /// Opens the core's 0x04 message and derives the session keys, in the order of ACK-4.
    public static func finish(
        ack: [UInt8],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> SessionKeys {
        try MessageType.check(ack, accepting: .handshakeAck)
        guard ack.count >= HandshakeMessage.ackMinimumLength else { throw .frameTooShort }
        guard ack.count <= Limits.maximumMessageLength else { throw .frameTooLarge }
        var staticDH = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: deviceStaticPrivate, publicKey: corePublicKey)
        }
        defer { SecretMemory.wipe(&staticDH) }
        let clientEphemeralPublic = X25519.publicKey(privateKey: clientEphemeralPrivate)
        let plaintext = try HandshakeMessage.openAck(
            ack,
            staticDH: staticDH,
            clientEphemeralPublic: clientEphemeralPublic
        )
        let members = try HandshakeJSON.parseObject(plaintext)
        guard try HandshakeJSON.string(HandshakeMessage.kindField, in: members) == Array(HandshakeMessage.ackKind.utf8)
        else {
            throw .badFieldValue(HandshakeMessage.kindField)
        }
        let serverEphemeralPublic = try HandshakeJSON.key(HandshakeMessage.serverEphemeralField, in: members)
        var ephemeralDH = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: clientEphemeralPrivate, publicKey: serverEphemeralPublic)
        }
        defer { SecretMemory.wipe(&ephemeralDH) }
        return SessionKeys.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
    }
}
