import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// The core's side of the bootstrap (HS-4, ACK-1 to ACK-3, CHAN-2 to CHAN-6), composed from the
/// primitives in the library's order, with the handshake and channel mutants.
struct ComposedCoreHandshake {
    let mutant: Mutant?

    private var dh: ComposedX25519 { ComposedX25519(mutant: mutant) }
    private var schedule: ComposedKeySchedule { ComposedKeySchedule(mutant: mutant) }
    private var json: ComposedHandshakeJSON { ComposedHandshakeJSON(mutant: mutant) }

    /// The checks of HS-4 in order; `channel` changes only when all pass.
    func accept(
        frame: [UInt8],
        coreStaticPrivate: [UInt8],
        channel: inout ChannelState,
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreAcceptance {
        try ComposedMessageType(mutant: mutant).check(
            frame,
            accepting: ComposedMessageType.handshake,
            minimumLength: 1 + 32 + 24 + 16
        )
        if mutant != .channelStateCheckedAfterAuth { try checkState(channel, now: now) }

        let header = Array(frame[HandshakeMessage.headerRange])
        let handshakeEphemeralPublic = Array(frame[HandshakeMessage.ephemeralKeyRange])
        let handshakeDH = try dh.sharedSecret(privateKey: coreStaticPrivate, publicKey: handshakeEphemeralPublic)
        let handshakeKey = schedule.handshakeKey(
            handshakeDH: handshakeDH,
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: X25519.publicKey(privateKey: coreStaticPrivate)
        )
        let plaintext = try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.open(
                key: handshakeKey,
                nonce: Array(frame[HandshakeMessage.nonceRange]),
                ciphertext: Array(frame[HandshakeMessage.ciphertextStart...]),
                aad: mutant == .handshakeAADOmitted ? [] : header
            )
        }
        if mutant == .channelStateCheckedAfterAuth { try checkState(channel, now: now) }

        let (devicePublicKey, clientEphemeralPublic) = try json.handshakeKeys(in: json.members(plaintext))
        if case .paired(let stored, let lastEphemeral) = channel {
            let replayed = mutant != .handshakeReplayAccepted && lastEphemeral == handshakeEphemeralPublic
            if mutant == .replayCheckedBeforeDeviceKey, replayed { throw .handshakeReplayed }
            if mutant != .unknownDeviceAccepted, !SecretMemory.equal(stored, devicePublicKey) { throw .unknownDevice }
            if replayed { throw .handshakeReplayed }
        }

        let nextState = next(after: channel, device: devicePublicKey, handshakeEphemeral: handshakeEphemeralPublic)
        if mutant == .channelUpdatedBeforeKeyChecks { channel = nextState }
        let staticDH = try dh.sharedSecret(privateKey: coreStaticPrivate, publicKey: devicePublicKey)
        let ephemeralDH = try dh.sharedSecret(privateKey: serverEphemeralPrivate, publicKey: clientEphemeralPublic)
        let serverEphemeralPublic = X25519.publicKey(privateKey: serverEphemeralPrivate)
        let keys = schedule.sessionKeys(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
        let ackKey = schedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        let ackAAD = mutant == .ackAADOmitted ? [] : [ComposedMessageType.handshakeAck] + clientEphemeralPublic
        let ackNonce =
            mutant == .zeroNonceTreatedAsAbsent && ackNonce.allSatisfy({ $0 == 0 })
            ? ComposedDeviceHandshake.drawnNonce() : ackNonce
        let ack =
            [ComposedMessageType.handshakeAck] + ackNonce
            + XChaCha20Poly1305.seal(
                key: ackKey,
                nonce: ackNonce,
                plaintext: json.ackPlaintext(serverEphemeralPublic: serverEphemeralPublic),
                aad: ackAAD
            )
        channel = nextState
        return CoreAcceptance(ack: ack, keys: keys, devicePublicKey: devicePublicKey)
    }

    /// HS-4 step 4: revoked, or pending and past its expiry (equal still valid).
    private func checkState(_ channel: ChannelState, now: Int64) throws(TunnelError) {
        switch channel {
        case .revoked:
            if mutant != .revokedChannelAccepted { throw .channelRevoked }
        case .pending(let expiresAt):
            var expired = mutant == .expiryComparedWithLessOrEqual ? now >= expiresAt : now > expiresAt
            if mutant == .expiryHeldIn32Bits {
                expired = UInt32(truncatingIfNeeded: now) > UInt32(truncatingIfNeeded: expiresAt)
            }
            if mutant == .zeroExpiryMeansNever, expiresAt == 0 { expired = false }
            if expired { throw .pairingExpired }
        case .paired, .confirming:
            break
        }
    }

    /// The state after an accepted handshake: paired with the device, remembering hs_eph_pub.
    private func next(after channel: ChannelState, device: [UInt8], handshakeEphemeral: [UInt8]) -> ChannelState {
        if mutant == .pendingChannelNotConsumed, case .pending = channel { return channel }
        return .paired(devicePublicKey: device, lastHandshakeEphemeral: handshakeEphemeral)
    }
}
