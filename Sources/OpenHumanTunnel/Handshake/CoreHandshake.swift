import TunnelCrypto

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
        /// The handshake's `hs_eph_pub`: what CHAN-5 and KEYCONF-2 refuse to see again.
        public let handshakeEphemeralPublic: [UInt8]
        /// The six digits of SAS-2 for this handshake and its ack.
        public let sas: String
    }

    /// Performs the checks of HS-4 in order and, only when all pass, commits the handshake at
    /// once: a pending channel becomes paired, as if its first frame had authenticated and the
    /// user had confirmed. This is the handshake opener alone, as the `handshake-core` operation
    /// tests it; a core runs handshakes through `CoreChannel`, which commits at the first frame
    /// and asks the user (KEYCONF-4, CONFIRM-3).
    public static func accept(
        frame: [UInt8],
        coreStaticPrivate: [UInt8],
        channel: inout ChannelState,
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> Acceptance {
        let accepted = try open(
            frame: frame,
            coreStaticPrivate: coreStaticPrivate,
            channel: channel,
            pendingHandshakeEphemeral: nil,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce
        )
        channel = .paired(
            devicePublicKey: accepted.devicePublicKey,
            lastHandshakeEphemeral: accepted.handshakeEphemeralPublic
        )
        return accepted
    }

    /// Performs the checks of HS-4 in order against `channel` and the handshake waiting in its
    /// slot, derives the session keys and builds the ack, and changes nothing (KEYCONF-1).
    ///
    /// The order puts the cheap, public checks first (type, length, channel state) and makes
    /// every check that depends on the plaintext come after authentication, so an attacker
    /// without the sealing key learns nothing from which error it gets. `beforeKeyAgreement`
    /// runs between steps 4 and 5, where a channel takes HS-RATE-1's token; the client
    /// ephemeral keys in `refusedClientEphemerals` are `handshake_replayed` at step 9 (R3-16).
    /// The stateless `handshake-core` has neither.
    public static func open(
        frame: [UInt8],
        coreStaticPrivate: [UInt8],
        channel: ChannelState,
        pendingHandshakeEphemeral: [UInt8]?,
        refusedClientEphemerals: [[UInt8]] = [],
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8],
        beforeKeyAgreement: () throws(TunnelError) -> Void = {}
    ) throws(TunnelError) -> Acceptance {
        try MessageType.check(frame, accepting: .handshake)
        guard frame.count >= HandshakeMessage.handshakeMinimumLength else { throw .frameTooShort }
        guard frame.count <= Limits.maximumMessageLength else { throw .frameTooLarge }
        switch channel {
        case .revoked: throw .channelRevoked
        case .pending(let expiresAt) where now > expiresAt: throw .pairingExpired
        // CONFIRM-5: until the user answers, the handshake whose code the desktop shows must stay
        // the committed one, so nothing may enter the slot (review R3-4).
        case .confirming: throw .pairingUnconfirmed
        case .pending, .paired: break
        }
        try beforeKeyAgreement()

        let handshakeEphemeralPublic = Array(frame[HandshakeMessage.ephemeralKeyRange])
        var handshakeDH = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: coreStaticPrivate, publicKey: handshakeEphemeralPublic)
        }
        defer { SecretMemory.wipe(&handshakeDH) }
        let plaintext = try HandshakeMessage.openHandshake(
            frame,
            handshakeDH: handshakeDH,
            corePublic: X25519.publicKey(privateKey: coreStaticPrivate)
        )

        let members = try HandshakeJSON.parseObject(plaintext)
        let devicePublicKey = try HandshakeJSON.key(HandshakeMessage.devicePublicKeyField, in: members)
        let clientEphemeralPublic = try HandshakeJSON.key(HandshakeMessage.clientEphemeralField, in: members)

        if case .paired(let stored, let lastEphemeral) = channel {
            // CHAN-3: whoever holds the pairing token (the relay included) could pair a
            // device once; after that the channel belongs to that device's static key alone.
            guard SecretMemory.equal(stored, devicePublicKey) else { throw .unknownDevice }
            // CHAN-5: the exact handshake accepted last time, played again by the relay.
            if let lastEphemeral, lastEphemeral == handshakeEphemeralPublic { throw .handshakeReplayed }
        }
        // KEYCONF-2: the waiting handshake played again would displace itself with a new ack.
        if let pendingHandshakeEphemeral, pendingHandshakeEphemeral == handshakeEphemeralPublic {
            throw .handshakeReplayed
        }
        // HS-4-9, R3-16: a client_eph seen before would make the session's eph_dh, and so its
        // keys and code, depend on the core's server_eph alone.
        if refusedClientEphemerals.contains(where: { $0 == clientEphemeralPublic }) { throw .handshakeReplayed }

        var staticDH = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: coreStaticPrivate, publicKey: devicePublicKey)
        }
        defer { SecretMemory.wipe(&staticDH) }
        var ephemeralDH = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: serverEphemeralPrivate, publicKey: clientEphemeralPublic)
        }
        defer { SecretMemory.wipe(&ephemeralDH) }
        let serverEphemeralPublic = X25519.publicKey(privateKey: serverEphemeralPrivate)
        let keys = SessionKeys.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
        var ackKey = KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        defer { SecretMemory.wipe(&ackKey) }
        let ack =
            [MessageType.handshakeAck.rawValue] + ackNonce
            + XChaCha20Poly1305.seal(
                key: ackKey,
                nonce: ackNonce,
                plaintext: HandshakeMessage.ackPlaintext(serverEphemeralPublic: serverEphemeralPublic),
                aad: HandshakeMessage.ackAAD(clientEphemeralPublic: clientEphemeralPublic)
            )

        let sas = ShortAuthenticationString.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            handshake: frame,
            ack: ack
        )
        return Acceptance(
            ack: ack,
            keys: keys,
            devicePublicKey: devicePublicKey,
            clientEphemeralPublic: clientEphemeralPublic,
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            sas: sas
        )
    }
}
