/// What the symmetric state holds right after one DH or `psk` token of a handshake: the key it
/// set and `h`. Kept only for the kit's key log (kit chapter 3, KEYLOG-13), which names a
/// version 3 pairing's per-attempt secrets by these values; the library itself never writes
/// them anywhere, and nothing outside the package can read them.
package struct NoiseTokenSecrets: Sendable, Equatable {
    /// 0 for message 1, 1 for message 2.
    package let message: Int
    package let token: NoisePattern.Token
    /// The key the next `EncryptAndHash` of this message uses.
    package let key: [UInt8]
    /// `h`, the associated data of that `EncryptAndHash`.
    package let handshakeHash: [UInt8]
}
