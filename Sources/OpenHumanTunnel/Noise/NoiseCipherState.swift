import TunnelCrypto

/// Noise's CipherState (section 5.1) for `ChaChaPoly`: a key and the 64-bit counter that is its
/// nonce. The counter is never reused: 2^64 - 1 is reserved by Noise, so the state refuses to
/// encrypt or decrypt at it (`session_exhausted`) instead of wrapping.
struct NoiseCipherState: Sendable {
    private(set) var key: [UInt8]?
    private(set) var nonce: UInt64 = 0

    init(key: [UInt8]? = nil) {
        self.key = key
    }

    mutating func initializeKey(_ key: [UInt8]) {
        self.key = key
        nonce = 0
    }

    /// Plaintext passes through unchanged while no key is set (Noise section 5.1).
    mutating func encrypt(ad: [UInt8], plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard let key else { return plaintext }
        guard nonce < .max else { throw .sessionExhausted }
        let ciphertext = ChaCha20Poly1305.seal(
            key: key,
            nonce: ChaCha20Poly1305.noiseNonce(nonce),
            plaintext: plaintext,
            aad: ad
        )
        nonce += 1
        return ciphertext
    }

    /// The counter advances only when the tag verifies: a forged message costs the receiver
    /// nothing, and the next genuine one still opens.
    mutating func decrypt(ad: [UInt8], ciphertext: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard let key else { return ciphertext }
        guard nonce < .max else { throw .sessionExhausted }
        let plaintext = try TunnelError.crypto { () throws(CryptoError) in
            try ChaCha20Poly1305.open(
                key: key,
                nonce: ChaCha20Poly1305.noiseNonce(nonce),
                ciphertext: ciphertext,
                aad: ad
            )
        }
        nonce += 1
        return plaintext
    }

    /// Forgets the key (SESS-2's erasure, for the handshake's intermediate keys).
    mutating func erase() {
        if var old = key { SecretMemory.wipe(&old) }
        key = nil
    }
}
