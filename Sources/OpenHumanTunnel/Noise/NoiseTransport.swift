import TunnelCrypto

/// The two CipherStates `Split` gives one party: messages after the handshake are sealed with
/// `sending` and opened with `receiving`, each with its own implicit counter.
public struct NoiseTransport: Sendable {
    var sending: NoiseCipherState
    var receiving: NoiseCipherState

    /// The two keys, for the kit's vectors and key log; the counters start at 0.
    public var sendingKey: [UInt8] { sending.key ?? [] }
    public var receivingKey: [UInt8] { receiving.key ?? [] }

    public mutating func seal(_ plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        try sending.encrypt(ad: [], plaintext: plaintext)
    }

    public mutating func open(_ ciphertext: [UInt8]) throws(TunnelError) -> [UInt8] {
        try receiving.decrypt(ad: [], ciphertext: ciphertext)
    }
}
