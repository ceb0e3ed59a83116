import TunnelCrypto

/// One party's half of a session: seals with its own direction key, opens the other direction
/// and keeps the replay window (FRAME-SEAL-*, FRAME-OPEN-*).
///
/// A value type: copying a cipher copies its window, so a test can fork the state, try a tamper
/// or a replay on the copy, and compare with the original to prove nothing changed.
///
/// Frame layout: `0x02 || nonce(24) || XChaCha20-Poly1305(key, nonce, plaintext, aad = "")`.
public struct SessionCipher: Sendable {
    public let role: Role
    private let keys: DirectionKeyStore
    public private(set) var window: ReplayWindow

    public init(role: Role, keys: SessionKeys, replayMemory: Int = ReplayWindow.standardCapacity) {
        self.role = role
        self.keys = DirectionKeyStore(sealing: keys.sealingKey(for: role), opening: keys.openingKey(for: role))
        self.window = ReplayWindow(capacity: replayMemory)
    }

    /// Seals `plaintext` under a caller-chosen nonce.
    ///
    /// The nonce MUST be fresh random bytes (FRAME-SEAL-2); this entry point exists so vectors
    /// can pin it. Sealing does not touch the window: a party never opens its own frames.
    public func seal(_ plaintext: [UInt8], nonce: [UInt8]) throws(TunnelError) -> [UInt8] {
        try SessionFrame.seal(plaintext, key: keys.sealing, nonce: nonce)
    }

    /// Seals under a nonce drawn from `random`.
    public func seal<R: RandomSource>(_ plaintext: [UInt8], using random: inout R) throws(TunnelError) -> [UInt8] {
        guard plaintext.count <= Limits.maximumPlaintextLength else { throw .plaintextTooLarge }
        return try seal(plaintext, nonce: random.bytes(XChaCha20Poly1305.nonceLength))
    }

    /// Opens a received frame, performing the checks of FRAME-OPEN-1 in order.
    ///
    /// The nonce enters the window only after the tag verifies (FRAME-OPEN-7): otherwise a
    /// forger could fill the window with junk and push real nonces out, reopening them to replay.
    /// On every error the cipher is unchanged.
    public mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try SessionFrame.checkShape(frame)
        let keys = self.keys
        return try frame.withUnsafeBytes { bytes -> Result<[UInt8], TunnelError> in
            let nonce = UnsafeRawBufferPointer(rebasing: bytes[SessionFrame.nonceRange])
            guard !window.contains(nonce) else { return .failure(.replayed) }
            let opened = Result { () throws(TunnelError) in try SessionFrame.open(bytes, key: keys.opening) }
            if case .success = opened { window.record(nonce) }
            return opened
        }.get()
    }
}
