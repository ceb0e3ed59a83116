import OpenHumanTunnel
import TunnelCrypto

/// The ephemeral public keys that name a session (its key log id), read back from the bootstrap
/// messages with the keys of the side that logs them.
///
/// An operation's output carries the session keys but not `client_eph_pub` (inside the sealed
/// handshake, for the core) or `server_eph_pub` (inside the sealed ack, for the device); the
/// adapter opens the message again, as its receiver did, to name the session.
enum HandshakeReading {
    /// The `client_ephemeral_pubkey` of a 0x03 message the core accepted (HS-2).
    static func clientEphemeralPublic(handshake frame: [UInt8], coreStaticPrivate: [UInt8]) -> [UInt8]? {
        guard frame.count >= HandshakeMessage.handshakeMinimumLength,
            let handshakeDH = try? X25519.sharedSecret(
                privateKey: coreStaticPrivate,
                publicKey: Array(frame[HandshakeMessage.ephemeralKeyRange])
            ),
            let plaintext = try? HandshakeMessage.openHandshake(
                frame,
                handshakeDH: handshakeDH,
                corePublic: X25519.publicKey(privateKey: coreStaticPrivate)
            )
        else { return nil }
        return member(HandshakeMessage.clientEphemeralField, of: plaintext)
    }

    /// The `server_ephemeral_pubkey` of a 0x04 message the device accepted (ACK-2).
    static func serverEphemeralPublic(
        ack: [UInt8],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) -> [UInt8]? {
        guard ack.count >= HandshakeMessage.ackMinimumLength,
            let staticDH = try? X25519.sharedSecret(privateKey: deviceStaticPrivate, publicKey: corePublicKey),
            let plaintext = try? HandshakeMessage.openAck(
                ack,
                staticDH: staticDH,
                clientEphemeralPublic: X25519.publicKey(privateKey: clientEphemeralPrivate)
            )
        else { return nil }
        return member(HandshakeMessage.serverEphemeralField, of: plaintext)
    }

    /// A key member of an accepted plaintext, read as its receiver reads it (JSON-6).
    private static func member(_ name: String, of plaintext: [UInt8]) -> [UInt8]? {
        guard let members = try? HandshakeJSON.parseObject(plaintext) else { return nil }
        return try? HandshakeJSON.key(name, in: members)
    }
}
