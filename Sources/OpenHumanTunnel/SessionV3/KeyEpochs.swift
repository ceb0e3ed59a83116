import TunnelCrypto

/// Version 3's key epochs (spec/14-sessions-v3.md 14.4, V3-REKEY-1 to V3-REKEY-3): counter `c`
/// is under the key of epoch `c / 65,536`, each epoch's key the Noise `REKEY` of the one before,
/// so the counter alone says which key a frame used and no message announces a rotation.
public enum KeyEpochs {
    /// Counters per epoch.
    public static let length: UInt64 = 65_536
    /// How far ahead of its newest epoch a receiver derives keys for a frame it has not yet
    /// authenticated: the bound on a forger's cost (V3-REKEY-3).
    static let receiverLookahead: UInt64 = 8
    /// Seconds a sender keeps one epoch's key (V3-REKEY-2).
    public static let lifetime: Int64 = 120

    public static func epoch(of counter: UInt64) -> UInt64 { counter / length }

    /// The key `steps` epochs after `key`, and the one just before it (nil when `steps` is 0);
    /// every key in between is dropped, and so wiped, on the way.
    static func advance(_ key: SecretBytes, by steps: UInt64) -> (key: SecretBytes, previous: SecretBytes?) {
        var current = key
        var previous: SecretBytes?
        for _ in 0..<steps {
            previous = current
            current = ChaCha20Poly1305.rekey(current)
        }
        return (current, previous)
    }
}
