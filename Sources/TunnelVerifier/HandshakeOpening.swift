import OpenHumanTunnel
import TunnelCrypto

/// Opening a 0x03 or a 0x04 with the key log's secrets, through the library's key schedule and
/// AEAD (VERIFY-5): the verifier derives exactly what an endpoint derives, it has no crypto of
/// its own.
enum HandshakeOpening {
    enum Outcome: Equatable {
        /// The key log holds no secret that gives the key.
        case noKey
        /// The message authenticated: its plaintext, and the core key the handshake was sealed to
        /// or the `static_dh` the ack was sealed under.
        case opened(plaintext: [UInt8], key: [UInt8])
        /// A key could be derived and the message does not open under it.
        case notOpened
    }

    /// k_hs = HKDF(hs_dh, hs_eph_pub || core_static_pub) for every core key `keys` knows a secret
    /// for, the pairing payload's first (KDF-3).
    static func openHandshake(_ message: [UInt8], keys: KeyRing) -> Outcome {
        let handshakeEphemeral = Array(message[HandshakeMessage.ephemeralKeyRange])
        var derived = false
        for corePublic in keys.corePublicKeys {
            let dh: [UInt8]?
            if let core = keys.secret(.coreStatic, corePublic) {
                dh = try? X25519.sharedSecret(privateKey: core, publicKey: handshakeEphemeral)
            } else if let ephemeral = keys.secret(.handshakeEphemeral, handshakeEphemeral) {
                dh = try? X25519.sharedSecret(privateKey: ephemeral, publicKey: corePublic)
            } else {
                continue
            }
            guard let dh else { continue }
            derived = true
            if let plaintext = try? HandshakeMessage.openHandshake(message, handshakeDH: dh, corePublic: corePublic) {
                return .opened(plaintext: plaintext, key: corePublic)
            }
        }
        return derived ? .notOpened : .noKey
    }

    /// k_ack = HKDF(static_dh, client_eph_pub) for the handshake the ack answers (KDF-4), with the
    /// aad `0x04 || client_eph_pub` (ACK-1).
    static func openAck(_ message: [UInt8], answering handshake: HandshakeView, keys: KeyRing) -> Outcome {
        guard let device = handshake.devicePublic, let client = handshake.clientEphemeral,
            let core = handshake.corePublic,
            let staticDH = keys.staticDH(devicePublic: device, corePublic: core)
        else { return .noKey }
        guard let plaintext = try? HandshakeMessage.openAck(message, staticDH: staticDH, clientEphemeralPublic: client)
        else {
            return .notOpened
        }
        return .opened(plaintext: plaintext, key: staticDH)
    }
}
