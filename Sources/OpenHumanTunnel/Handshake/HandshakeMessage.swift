import TunnelCrypto

/// The two bootstrap messages' plaintexts, their member names and their exact sender form.
package enum HandshakeMessage {
    package static let devicePublicKeyField = "device_pubkey"
    package static let clientEphemeralField = "client_ephemeral_pubkey"
    package static let kindField = "kind"
    package static let serverEphemeralField = "server_ephemeral_pubkey"
    package static let ackKind = "handshake_ack"

    /// `0x03 || hs_eph_pub(32) || nonce(24) || ciphertext(>= 16)`.
    package static let handshakeMinimumLength = 1 + 32 + 24 + 16
    /// `0x04 || nonce(24) || ciphertext(>= 16)`.
    package static let ackMinimumLength = 1 + 24 + 16

    /// Where a 0x03's parts sit: `hs_eph_pub` after the type octet, then the nonce, then the
    /// ciphertext; the AAD is everything before the nonce (HS-1).
    package static let ephemeralKeyRange = 1..<33
    package static let nonceRange = ephemeralKeyRange.upperBound..<(ephemeralKeyRange.upperBound + 24)
    package static let ciphertextStart = nonceRange.upperBound
    package static let headerRange = 0..<ephemeralKeyRange.upperBound
    /// Where a 0x04's parts sit: the nonce after the type octet, then the ciphertext.
    package static let ackNonceRange = 1..<25
    package static let ackCiphertextStart = ackNonceRange.upperBound

    /// HS-2: `{"device_pubkey":"…","client_ephemeral_pubkey":"…"}`.
    package static func handshakePlaintext(devicePublic: [UInt8], clientEphemeralPublic: [UInt8]) -> [UInt8] {
        HandshakeJSON.write([
            (devicePublicKeyField, Base64URL.encode(devicePublic)),
            (clientEphemeralField, Base64URL.encode(clientEphemeralPublic)),
        ])
    }

    /// ACK-2: `{"kind":"handshake_ack","server_ephemeral_pubkey":"…"}`.
    package static func ackPlaintext(serverEphemeralPublic: [UInt8]) -> [UInt8] {
        HandshakeJSON.write([
            (kindField, ackKind),
            (serverEphemeralField, Base64URL.encode(serverEphemeralPublic)),
        ])
    }

    /// Opens a 0x03 of at least `handshakeMinimumLength` bytes under `k_hs` (KDF-3), with the
    /// AAD `0x03 || hs_eph_pub` (HS-1). The core, the verifier and a key log writer all open it
    /// this one way, so none of them can disagree with the others on the key or the AAD.
    package static func openHandshake(
        _ frame: [UInt8],
        handshakeDH: [UInt8],
        corePublic: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        var key = KeySchedule.handshakeKey(
            handshakeDH: handshakeDH,
            handshakeEphemeralPublic: Array(frame[ephemeralKeyRange]),
            corePublic: corePublic
        )
        defer { SecretMemory.wipe(&key) }
        return try openHandshake(frame, key: key)
    }

    /// Opens a 0x04 of at least `ackMinimumLength` bytes under `k_ack` (KDF-4), with the AAD of
    /// `ackAAD` (ACK-1).
    package static func openAck(
        _ frame: [UInt8],
        staticDH: [UInt8],
        clientEphemeralPublic: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        var key = KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        defer { SecretMemory.wipe(&key) }
        return try openAck(frame, key: key, clientEphemeralPublic: clientEphemeralPublic)
    }

    /// The ack's AAD: `0x04 || client_eph_pub`. Binding the client's ephemeral key means an ack
    /// answers exactly one handshake and cannot be replayed to another.
    package static func ackAAD(clientEphemeralPublic: [UInt8]) -> [UInt8] {
        [MessageType.handshakeAck.rawValue] + clientEphemeralPublic
    }
}
