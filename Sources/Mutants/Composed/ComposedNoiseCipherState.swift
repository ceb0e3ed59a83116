import OpenHumanTunnel
import TunnelCrypto

/// Noise's CipherState (Noise section 5.1) for `ChaChaPoly`, composed from `ChaCha20Poly1305`:
/// a key and the 64-bit counter that is its nonce, with the counter mutants.
struct ComposedNoiseCipherState {
    let mutant: Mutant?
    private(set) var key: [UInt8]?
    private var nonce: UInt64 = 0

    init(key: [UInt8]? = nil, mutant: Mutant?) {
        self.key = key
        self.mutant = mutant
    }

    /// `InitializeKey`: every new key starts its counter at 0, so the handshake's keys each
    /// encrypt at most twice and never under a counter an earlier key used.
    mutating func initializeKey(_ key: [UInt8]) {
        self.key = key
        if mutant != .noiseMixKeyKeepsCounter { nonce = 0 }
    }

    /// Plaintext passes through unchanged while no key is set (Noise section 5.1); 2^64 - 1 is
    /// Noise's reserved counter, refused instead of wrapped.
    mutating func encrypt(ad: [UInt8], plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard let key else { return plaintext }
        guard nonce < .max else { throw .sessionExhausted }
        let ciphertext = ChaCha20Poly1305.seal(key: key, nonce: encodedNonce, plaintext: plaintext, aad: ad)
        nonce += 1
        return ciphertext
    }

    /// The counter advances only when the tag verifies; `v3-failed-record-advances-counter`
    /// advances it for a message that fails too, so the genuine one after it no longer opens.
    mutating func decrypt(ad: [UInt8], ciphertext: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard let key else { return ciphertext }
        guard nonce < .max else { throw .sessionExhausted }
        do throws(TunnelError) {
            let plaintext = try TunnelError.crypto { () throws(CryptoError) in
                try ChaCha20Poly1305.open(key: key, nonce: encodedNonce, ciphertext: ciphertext, aad: ad)
            }
            nonce += 1
            return plaintext
        } catch {
            if mutant == .v3FailedRecordAdvancesCounter { nonce += 1 }
            throw error
        }
    }

    /// `v3-phone-message-2-tag-unchecked`'s decryption: the ChaCha20 keystream alone (what
    /// sealing zeros gives), the tag never compared, so any bytes decrypt to something.
    mutating func decryptIgnoringTag(ciphertext: [UInt8]) -> [UInt8] {
        guard let key, ciphertext.count >= ChaCha20Poly1305.tagLength else { return ciphertext }
        let body = ciphertext.dropLast(ChaCha20Poly1305.tagLength)
        let zeros = [UInt8](repeating: 0, count: body.count)
        let keystream = ChaCha20Poly1305.seal(key: key, nonce: encodedNonce, plaintext: zeros, aad: [])
        nonce += 1
        return zip(body, keystream).map { $0 ^ $1 }
    }

    /// 32 zero bits, then the counter little-endian (Noise section 12.3). Every handshake key
    /// encrypts under counter 0, where both byte orders agree: only a second transport message
    /// in one direction tells them apart.
    private var encodedNonce: [UInt8] {
        let byteShifts = mutant == .noiseNonceBigEndian ? Array((0..<8).reversed()) : Array(0..<8)
        return [0, 0, 0, 0] + byteShifts.map { UInt8(truncatingIfNeeded: nonce >> (8 * $0)) }
    }
}
