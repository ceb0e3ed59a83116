import OpenHumanTunnel
import TunnelCrypto

/// The device's side of the bootstrap (HS-1 to HS-3, ACK-4), composed from the primitives in
/// the library's order, with the handshake mutants.
struct ComposedDeviceHandshake {
    let mutant: Mutant?

    private var dh: ComposedX25519 { ComposedX25519(mutant: mutant) }
    private var schedule: ComposedKeySchedule { ComposedKeySchedule(mutant: mutant) }
    private var json: ComposedHandshakeJSON { ComposedHandshakeJSON(mutant: mutant) }

    /// A nonce from the system CSPRNG: what the zero-sentinel mutant uses instead of a zero one.
    static func drawnNonce() -> [UInt8] {
        var random = SystemRandom()
        return random.bytes(XChaCha20Poly1305.nonceLength)
    }

    /// `0x03 || hs_eph_pub || nonce || AEAD(k_hs, nonce, plaintext, aad = 0x03 || hs_eph_pub)`.
    func start(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        let handshakeDH = try dh.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublicKey)
        let handshakeEphemeralPublic = X25519.publicKey(privateKey: handshakeEphemeralPrivate)
        let key = schedule.handshakeKey(
            handshakeDH: handshakeDH,
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: corePublicKey
        )
        let header = [ComposedMessageType.handshake] + handshakeEphemeralPublic
        let plaintext = json.handshakePlaintext(
            devicePublic: X25519.publicKey(privateKey: deviceStaticPrivate),
            clientEphemeralPublic: X25519.publicKey(privateKey: clientEphemeralPrivate)
        )
        let aad = mutant == .handshakeAADOmitted ? [] : header
        let nonce = mutant == .zeroNonceTreatedAsAbsent && nonce.allSatisfy({ $0 == 0 }) ? Self.drawnNonce() : nonce
        return header + nonce + XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: aad)
    }

    /// The checks of ACK-4 in order, then the session keys.
    func finish(
        ack: [UInt8],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> SessionKeys {
        try ComposedMessageType(mutant: mutant).check(
            ack,
            accepting: ComposedMessageType.handshakeAck,
            minimumLength: 1 + 24 + 16
        )
        let staticDH = try dh.sharedSecret(privateKey: deviceStaticPrivate, publicKey: corePublicKey)
        let clientEphemeralPublic = X25519.publicKey(privateKey: clientEphemeralPrivate)
        let ackKey = schedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        let aad = mutant == .ackAADOmitted ? [] : [ComposedMessageType.handshakeAck] + clientEphemeralPublic
        let plaintext = try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.open(
                key: ackKey,
                nonce: Array(ack[HandshakeMessage.ackNonceRange]),
                ciphertext: Array(ack[HandshakeMessage.ackCiphertextStart...]),
                aad: aad
            )
        }
        let serverEphemeralPublic = try json.ackServerEphemeral(in: json.members(plaintext))
        let ephemeralDH = try dh.sharedSecret(privateKey: clientEphemeralPrivate, publicKey: serverEphemeralPublic)
        return schedule.sessionKeys(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
    }
}
