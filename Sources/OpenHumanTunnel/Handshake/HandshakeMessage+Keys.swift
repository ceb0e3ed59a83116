import TunnelCrypto

extension HandshakeMessage {
    /// Opens a 0x03 of at least `handshakeMinimumLength` bytes under a `k_hs` already derived:
    /// the verifier's opening with a key log's `K_HS` line (KEYLOG-8), which holds the key and
    /// not the DH output it came from.
    package static func openHandshake(_ frame: [UInt8], key: [UInt8]) throws(TunnelError) -> [UInt8] {
        try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.open(
                key: key,
                nonce: Array(frame[nonceRange]),
                ciphertext: Array(frame[ciphertextStart...]),
                aad: Array(frame[headerRange])
            )
        }
    }

    /// Opens a 0x04 of at least `ackMinimumLength` bytes under a `k_ack` already derived, with
    /// the AAD of `ackAAD` (a key log's `K_ACK` line, KEYLOG-9).
    package static func openAck(
        _ frame: [UInt8],
        key: [UInt8],
        clientEphemeralPublic: [UInt8]
    ) throws(TunnelError)
        -> [UInt8]
    {
        try TunnelError.crypto { () throws(CryptoError) in
            try XChaCha20Poly1305.open(
                key: key,
                nonce: Array(frame[ackNonceRange]),
                ciphertext: Array(frame[ackCiphertextStart...]),
                aad: ackAAD(clientEphemeralPublic: clientEphemeralPublic)
            )
        }
    }
}
