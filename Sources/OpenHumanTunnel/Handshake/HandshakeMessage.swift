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

    /// The ack's AAD: `0x04 || client_eph_pub`. Binding the client's ephemeral key means an ack
    /// answers exactly one handshake and cannot be replayed to another.
    package static func ackAAD(clientEphemeralPublic: [UInt8]) -> [UInt8] {
        [MessageType.handshakeAck.rawValue] + clientEphemeralPublic
    }
}
