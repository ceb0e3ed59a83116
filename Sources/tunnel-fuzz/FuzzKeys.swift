import OpenHumanTunnel
import TunnelCrypto

/// Fixed keys for both parties, so every run is reproducible from its input alone, and the
/// frame builders that seal fuzzer-chosen plaintext under them.
enum FuzzKeys {
    static let coreStaticPrivate = [UInt8](repeating: 0x11, count: 32)
    static let deviceStaticPrivate = [UInt8](repeating: 0x22, count: 32)
    static let handshakeEphemeralPrivate = [UInt8](repeating: 0x33, count: 32)
    static let clientEphemeralPrivate = [UInt8](repeating: 0x44, count: 32)
    static let serverEphemeralPrivate = [UInt8](repeating: 0x55, count: 32)
    static let nonce = [UInt8](repeating: 0x66, count: 24)
    static let session = SessionKeys(c2s: [UInt8](repeating: 0x77, count: 32), s2c: [UInt8](repeating: 0x88, count: 32))

    static let corePublic = X25519.publicKey(privateKey: coreStaticPrivate)
    static let devicePublic = X25519.publicKey(privateKey: deviceStaticPrivate)
    static let handshakeEphemeralPublic = X25519.publicKey(privateKey: handshakeEphemeralPrivate)
    static let clientEphemeralPublic = X25519.publicKey(privateKey: clientEphemeralPrivate)

    /// `0x03 || hs_eph_pub || nonce || AEAD(k_hs, nonce, plaintext, aad = 0x03 || hs_eph_pub)`.
    static func handshakeFrame(sealing plaintext: [UInt8]) -> [UInt8] {
        let dh = try! X25519.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublic)
        let key = KeySchedule.handshakeKey(
            handshakeDH: dh,
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: corePublic
        )
        let header = [MessageType.handshake.rawValue] + handshakeEphemeralPublic
        return header + nonce + XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: header)
    }

    /// `0x04 || nonce || AEAD(k_ack, nonce, plaintext, aad = 0x04 || client_eph_pub)`.
    static func ackFrame(sealing plaintext: [UInt8]) -> [UInt8] {
        let staticDH = try! X25519.sharedSecret(privateKey: deviceStaticPrivate, publicKey: corePublic)
        let key = KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        let aad = [MessageType.handshakeAck.rawValue] + clientEphemeralPublic
        return [MessageType.handshakeAck.rawValue] + nonce
            + XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: aad)
    }
}
