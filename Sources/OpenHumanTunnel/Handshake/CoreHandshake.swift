/// The core's side of the bootstrap: accepting a 0x03 under the channel's state and answering
/// with a 0x04 (HS-4, ACK-1 to ACK-3, CHAN-2 to CHAN-6).
public enum CoreHandshake {
    /// What an accepted handshake gives the core.
    public struct Acceptance: Equatable, Sendable {
        /// The 0x04 message to send back.
        public let ack: [UInt8]
        public let keys: SessionKeys
        public let devicePublicKey: [UInt8]
        public let clientEphemeralPublic: [UInt8]
    }

    /// Performs the checks of HS-4 in order and, only when all pass, updates `channel`.
    ///
    /// The order puts the cheap, public checks first (type, length, channel state) and makes
    /// every check that depends on the plaintext come after authentication, so an attacker
    /// without the sealing key learns nothing from which error it gets. On every error `channel`
    /// is left exactly as it was (CHAN-6).
    public static func accept(frame: [UInt8], coreStaticPrivate: [UInt8], channel: inout ChannelState, now: Int64,
                              serverEphemeralPrivate: [UInt8], ackNonce: [UInt8]) throws(TunnelError) -> Acceptance {
        try MessageType.check(frame, accepting: .handshake)
        guard frame.count >= HandshakeMessage.handshakeMinimumLength else { throw .frameTooShort }
        guard frame.count <= Limits.maximumMessageLength else { throw .frameTooLarge }
        switch channel {
        case .revoked: throw .channelRevoked
        case .pending(let expiresAt) where now > expiresAt: throw .pairingExpired
        default: break
        }

        let header = Array(frame[0..<33])
        let handshakeEphemeralPublic = Array(frame[1..<33])
        var handshakeDH = try X25519.sharedSecret(privateKey: coreStaticPrivate, publicKey: handshakeEphemeralPublic)
        defer { SecretMemory.wipe(&handshakeDH) }
        var handshakeKey = KeySchedule.handshakeKey(
            handshakeDH: handshakeDH, handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: X25519.publicKey(privateKey: coreStaticPrivate))
        defer { SecretMemory.wipe(&handshakeKey) }
        let plaintext = try XChaCha20Poly1305.open(
            key: handshakeKey, nonce: Array(frame[33..<57]), ciphertext: Array(frame[57...]), aad: header)

        let members = try HandshakeJSON.parseObject(plaintext)
        let devicePublicKey = try HandshakeJSON.key(HandshakeMessage.devicePublicKeyField, in: members)
        let clientEphemeralPublic = try HandshakeJSON.key(HandshakeMessage.clientEphemeralField, in: members)

        if case .paired(let stored, let lastEphemeral) = channel {
            // CHAN-3: whoever holds the pairing token (the relay included) could pair a device
            // once; after that the channel belongs to that device's static key alone.
            guard SecretMemory.equal(stored, devicePublicKey) else { throw .unknownDevice }
            // CHAN-5: the exact handshake accepted last time, played again by the relay, would
            // otherwise tear down the live session.
            if let lastEphemeral, lastEphemeral == handshakeEphemeralPublic { throw .handshakeReplayed }
        }

        var staticDH = try X25519.sharedSecret(privateKey: coreStaticPrivate, publicKey: devicePublicKey)
        defer { SecretMemory.wipe(&staticDH) }
        var ephemeralDH = try X25519.sharedSecret(privateKey: serverEphemeralPrivate, publicKey: clientEphemeralPublic)
        defer { SecretMemory.wipe(&ephemeralDH) }
        let serverEphemeralPublic = X25519.publicKey(privateKey: serverEphemeralPrivate)
        let keys = SessionKeys.derive(staticDH: staticDH, ephemeralDH: ephemeralDH,
                                      clientEphemeralPublic: clientEphemeralPublic,
                                      serverEphemeralPublic: serverEphemeralPublic)
        var ackKey = KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        defer { SecretMemory.wipe(&ackKey) }
        let ack = [MessageType.handshakeAck.rawValue] + ackNonce + XChaCha20Poly1305.seal(
            key: ackKey, nonce: ackNonce,
            plaintext: HandshakeMessage.ackPlaintext(serverEphemeralPublic: serverEphemeralPublic),
            aad: HandshakeMessage.ackAAD(clientEphemeralPublic: clientEphemeralPublic))

        channel = .paired(devicePublicKey: devicePublicKey, lastHandshakeEphemeral: handshakeEphemeralPublic)
        return Acceptance(ack: ack, keys: keys, devicePublicKey: devicePublicKey,
                          clientEphemeralPublic: clientEphemeralPublic)
    }
}
