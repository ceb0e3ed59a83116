import OpenHumanTunnel
import TunnelVectors

/// The ephemeral public keys that name a session (its key log id), read back from the bootstrap
/// messages with the keys of the side that logs them.
///
/// An operation's output carries the session keys but not `client_eph_pub` (inside the sealed
/// handshake, for the core) or `server_eph_pub` (inside the sealed ack, for the device); the
/// adapter opens the message again, as its receiver did, to name the session.
enum HandshakeReading {
    /// The `client_ephemeral_pubkey` of a 0x03 message the core accepted (HS-2).
    static func clientEphemeralPublic(handshake frame: [UInt8], coreStaticPrivate: [UInt8]) -> [UInt8]? {
        guard frame.count >= 1 + 32 + 24 + 16 else { return nil }
        let handshakeEphemeralPublic = Array(frame[1..<33])
        guard let handshakeDH = try? X25519.sharedSecret(privateKey: coreStaticPrivate, publicKey: handshakeEphemeralPublic) else {
            return nil
        }
        let key = KeySchedule.handshakeKey(handshakeDH: handshakeDH, handshakeEphemeralPublic: handshakeEphemeralPublic,
                                           corePublic: X25519.publicKey(privateKey: coreStaticPrivate))
        let plaintext = try? XChaCha20Poly1305.open(key: key, nonce: Array(frame[33..<57]), ciphertext: Array(frame[57...]),
                                                    aad: Array(frame[0..<33]))
        return plaintext.flatMap { member("client_ephemeral_pubkey", of: $0) }
    }

    /// The `server_ephemeral_pubkey` of a 0x04 message the device accepted (ACK-2).
    static func serverEphemeralPublic(ack: [UInt8], corePublicKey: [UInt8], deviceStaticPrivate: [UInt8],
                                      clientEphemeralPrivate: [UInt8]) -> [UInt8]? {
        guard ack.count >= 1 + 24 + 16,
              let staticDH = try? X25519.sharedSecret(privateKey: deviceStaticPrivate, publicKey: corePublicKey) else { return nil }
        let clientEphemeralPublic = X25519.publicKey(privateKey: clientEphemeralPrivate)
        let key = KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        let plaintext = try? XChaCha20Poly1305.open(key: key, nonce: Array(ack[1..<25]), ciphertext: Array(ack[25...]),
                                                    aad: [ack[0]] + clientEphemeralPublic)
        return plaintext.flatMap { member("server_ephemeral_pubkey", of: $0) }
    }

    /// A base64url key member of a JSON plaintext.
    private static func member(_ name: String, of plaintext: [UInt8]) -> [UInt8]? {
        guard let text = (try? JSONReader.value(plaintext))?[name]?.stringValue else { return nil }
        return try? Base64URL.decodeKey(text)
    }
}
