import OpenHumanTunnel
import TunnelCrypto

/// Noise's SymmetricState (Noise section 5.2) on SHA-256, composed from `SHA256` and `HKDF`: the
/// chaining key `ck`, the transcript hash `h` and the CipherState of the current key, with the
/// mutants of `InitializeSymmetric`, `EncryptAndHash` and `Split`.
struct ComposedNoiseSymmetricState {
    let mutant: Mutant?
    private var chainingKey: [UInt8]
    private(set) var handshakeHash: [UInt8]
    private var cipher: ComposedNoiseCipherState

    /// `InitializeSymmetric`. Both names of V3-NOISE-1 are 36 bytes, longer than SHA-256's
    /// output, so Noise hashes them; padding with zeros is its rule for names of at most 32
    /// bytes, which the mutant applies anyway, cutting the name to its first 32 bytes.
    init(protocolName: String, mutant: Mutant?) {
        let name = Array(protocolName.utf8)
        handshakeHash =
            mutant == .noiseProtocolNamePaddedNotHashed
            ? Array((name + [UInt8](repeating: 0, count: SHA256.length)).prefix(SHA256.length))
            : SHA256.hash(name)
        chainingKey = handshakeHash
        cipher = ComposedNoiseCipherState(mutant: mutant)
        self.mutant = mutant
    }

    var hasKey: Bool { cipher.key != nil }

    mutating func mixHash(_ data: [UInt8]) {
        handshakeHash = SHA256.hash(handshakeHash, data)
    }

    mutating func mixKey(_ inputKeyMaterial: [UInt8]) {
        let outputs = hkdf(inputKeyMaterial, count: 2)
        chainingKey = outputs[0]
        cipher.initializeKey(outputs[1])
    }

    /// The `psk` token's step (Noise section 9.2): the psk enters `ck`, `h` and the key at once.
    mutating func mixKeyAndHash(_ inputKeyMaterial: [UInt8]) {
        let outputs = hkdf(inputKeyMaterial, count: 3)
        chainingKey = outputs[0]
        mixHash(outputs[1])
        cipher.initializeKey(outputs[2])
    }

    /// Seals under `ad = h` and hashes the ciphertext, so every later tag covers these bytes.
    mutating func encryptAndHash(_ plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        let ciphertext = try cipher.encrypt(ad: associatedData, plaintext: plaintext)
        mixHash(mutant == .noiseHashesPlaintext ? plaintext : ciphertext)
        return ciphertext
    }

    /// `checkingTag` is false only for `v3-phone-message-2-tag-unchecked`'s message 2.
    mutating func decryptAndHash(_ ciphertext: [UInt8], checkingTag: Bool = true) throws(TunnelError) -> [UInt8] {
        let plaintext =
            checkingTag
            ? try cipher.decrypt(ad: associatedData, ciphertext: ciphertext)
            : cipher.decryptIgnoringTag(ciphertext: ciphertext)
        mixHash(mutant == .noiseHashesPlaintext ? plaintext : ciphertext)
        return plaintext
    }

    /// `Split`: the initiator-to-responder key, then the responder-to-initiator key.
    func split() -> (initiatorToResponder: [UInt8], responderToInitiator: [UInt8]) {
        let outputs = hkdf([], count: 2)
        return mutant == .noiseSplitKeysSwapped ? (outputs[1], outputs[0]) : (outputs[0], outputs[1])
    }

    private var associatedData: [UInt8] { mutant == .noiseEncryptAndHashWithEmptyAD ? [] : handshakeHash }

    /// Noise's `HKDF(ck, ikm, n)` (section 4.3): RFC 5869 with `ck` as the salt and empty info.
    private func hkdf(_ inputKeyMaterial: [UInt8], count: Int) -> [[UInt8]] {
        let prk = HKDF.extract(salt: chainingKey, ikm: inputKeyMaterial)
        let okm = HKDF.expand(prk: prk, info: [], length: 32 * count)
        return (0..<count).map { Array(okm[32 * $0..<32 * ($0 + 1)]) }
    }
}
