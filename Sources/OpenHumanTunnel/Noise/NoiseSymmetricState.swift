import TunnelCrypto

/// Noise's SymmetricState (section 5.2) on SHA-256: the chaining key `ck`, the transcript hash
/// `h`, and the CipherState their current key lives in.
package struct NoiseSymmetricState: Sendable {
    private(set) var chainingKey: [UInt8]
    private(set) var handshakeHash: [UInt8]
    private var cipher = NoiseCipherState()

    /// `InitializeSymmetric`: a name of at most 32 bytes is zero-padded, a longer one hashed.
    init(protocolName: String) {
        handshakeHash = Self.initialHash(protocolName: protocolName)
        chainingKey = handshakeHash
    }

    var hasKey: Bool { cipher.key != nil }

    /// The key the next EncryptAndHash uses, for the kit's key log (NoiseHandshakeState's
    /// `keyLogSecrets`).
    var cipherKey: [UInt8]? { cipher.key }

    mutating func mixHash(_ data: [UInt8]) {
        handshakeHash = Self.mixHash(handshakeHash, data)
    }

    /// `h` before the prologue: the name zero-padded to 32 bytes, or its SHA-256 when longer.
    /// Package-wide so the kit's verifier follows `h` from public bytes with this same code.
    package static func initialHash(protocolName: String) -> [UInt8] {
        let name = Array(protocolName.utf8)
        return name.count <= 32 ? name + [UInt8](repeating: 0, count: 32 - name.count) : SHA256.hash(name)
    }

    /// `MixHash`: `SHA-256(h || data)`.
    package static func mixHash(_ handshakeHash: [UInt8], _ data: [UInt8]) -> [UInt8] {
        SHA256.hash(handshakeHash, data)
    }

    mutating func mixKey(_ inputKeyMaterial: [UInt8]) {
        var outputs = Self.hkdf(chainingKey, inputKeyMaterial, count: 2)
        chainingKey = outputs[0]
        cipher.initializeKey(outputs[1])
        SecretMemory.wipe(&outputs[1])
    }

    /// For the `psk` token (Noise section 9.2): the psk goes into `ck`, `h` and the key at once.
    mutating func mixKeyAndHash(_ inputKeyMaterial: [UInt8]) {
        var outputs = Self.hkdf(chainingKey, inputKeyMaterial, count: 3)
        chainingKey = outputs[0]
        mixHash(outputs[1])
        cipher.initializeKey(outputs[2])
        SecretMemory.wipe(&outputs[2])
    }

    mutating func encryptAndHash(_ plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        let ciphertext = try cipher.encrypt(ad: handshakeHash, plaintext: plaintext)
        mixHash(ciphertext)
        return ciphertext
    }

    mutating func decryptAndHash(_ ciphertext: [UInt8]) throws(TunnelError) -> [UInt8] {
        let plaintext = try cipher.decrypt(ad: handshakeHash, ciphertext: ciphertext)
        mixHash(ciphertext)
        return plaintext
    }

    /// `Split`: the initiator-to-responder and responder-to-initiator transport keys. The
    /// chaining key and the handshake's last key are erased, since nothing derives from them.
    mutating func split() -> (initiatorToResponder: NoiseCipherState, responderToInitiator: NoiseCipherState) {
        let outputs = Self.hkdf(chainingKey, [], count: 2)
        SecretMemory.wipe(&chainingKey)
        cipher.erase()
        return (NoiseCipherState(key: outputs[0]), NoiseCipherState(key: outputs[1]))
    }

    /// Noise's `HKDF(chaining_key, input_key_material, num_outputs)` (section 4.3): RFC 5869
    /// with `ck` as the salt and empty info, cut into 32-byte outputs.
    static func hkdf(_ chainingKey: [UInt8], _ inputKeyMaterial: [UInt8], count: Int) -> [[UInt8]] {
        var prk = HKDF.extract(salt: chainingKey, ikm: inputKeyMaterial)
        defer { SecretMemory.wipe(&prk) }
        let okm = HKDF.expand(prk: prk, info: [], length: 32 * count)
        return (0..<count).map { Array(okm[32 * $0..<32 * ($0 + 1)]) }
    }
}
