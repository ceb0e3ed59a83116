import OpenHumanTunnel
import TunnelCrypto

/// Opening a 0x03 or a 0x04 with the key log's secrets, through the library's key schedule and
/// AEAD (VERIFY-5): the verifier derives exactly what an endpoint derives, it has no crypto of
/// its own.
enum HandshakeOpening {
    enum Outcome: Equatable {
        /// The key log holds no secret that gives the key.
        case noKey
        /// The message authenticated: its plaintext, the core key the handshake was sealed to,
        /// and for an ack opened with 2.3 static keys the `static_dh` it was sealed under.
        case opened(plaintext: [UInt8], corePublic: [UInt8]?, staticDH: [UInt8]?)
        /// A key could be had and the message does not open under it.
        case notOpened
    }

    /// k_hs for every core key the handshake may be sealed to, the pairing payload's first: a
    /// `K_HS` line, or KDF-3 from a 2.3 private key.
    static func openHandshake(_ message: [UInt8], keys: KeyRing) -> Outcome {
        let handshakeEphemeral = Array(message[HandshakeMessage.ephemeralKeyRange])
        var derived = false
        for corePublic in keys.corePublicKeys(handshakeEphemeral: handshakeEphemeral) {
            guard let key = keys.handshakeKey(handshakeEphemeral: handshakeEphemeral, corePublic: corePublic) else {
                continue
            }
            derived = true
            if let plaintext = try? HandshakeMessage.openHandshake(message, key: key) {
                return .opened(plaintext: plaintext, corePublic: corePublic, staticDH: nil)
            }
        }
        return derived ? .notOpened : .noKey
    }

    /// k_ack for the handshake the ack answers, with the aad `0x04 || client_eph_pub` (ACK-1):
    /// the `K_ACK` line of its `client_eph_pub`, or KDF-4 from a 2.3 static private key.
    static func openAck(_ message: [UInt8], answering handshake: HandshakeView, keys: KeyRing) -> Outcome {
        guard let client = handshake.clientEphemeral else { return .noKey }
        var staticDH: [UInt8]?
        let key: [UInt8]
        if let logged = keys.secret(.ackKey, client) {
            key = logged
        } else if let device = handshake.devicePublic, let core = handshake.corePublic,
            let dh = keys.staticDH(devicePublic: device, corePublic: core)
        {
            staticDH = dh
            key = KeySchedule.ackKey(staticDH: dh, clientEphemeralPublic: client)
        } else {
            return .noKey
        }
        guard let plaintext = try? HandshakeMessage.openAck(message, key: key, clientEphemeralPublic: client) else {
            return .notOpened
        }
        // A log that mixes K_ACK with a 2.3 static key: the static key still gives KDF-2's check.
        if staticDH == nil, let device = handshake.devicePublic, let core = handshake.corePublic {
            staticDH = keys.staticDH(devicePublic: device, corePublic: core)
        }
        return .opened(plaintext: plaintext, corePublic: nil, staticDH: staticDH)
    }
}
