import TunnelCrypto

/// The core's session: its two direction keys and the memory of every nonce it accepted, up to
/// the session bound (MEMORY-1, MEMORY-2, KEYCONF-5).
///
/// The core executes requests, so a request replayed after any number of frames must fail:
/// `SessionCipher`'s 128-entry window is the device's floor, not the core's. After `bound`
/// accepted frames the session is exhausted and the device needs a new handshake; the memory
/// never grows past the bound.
public struct CoreSession: Sendable {
    /// The two allowed values of the `sessionReplayMemory` policy.
    public static let allowedBounds = [65_536, 1_048_576]
    /// The RECOMMENDED bound of MEMORY-2.
    public static let recommendedBound = 1_048_576

    public let bound: Int
    private let keys: DirectionKeyStore
    public private(set) var memory = SessionNonceMemory()

    public init(keys: SessionKeys, bound: Int = CoreSession.recommendedBound) {
        precondition(bound >= 1)
        self.bound = bound
        self.keys = DirectionKeyStore(sealing: keys.sealingKey(for: .core), opening: keys.openingKey(for: .core))
    }

    /// Set by `exhaust()`: the session counts as having accepted its bound of frames.
    private var filled = false

    /// Whether the session accepted its bound of frames.
    public var isExhausted: Bool { filled || memory.count >= bound }

    /// Makes the session exhausted as if it had accepted its bound of frames, without them: the
    /// memory keeps the nonces it holds. No vector can send 2^20 frames, so the adapter protocol's
    /// `fillSession` step (ADP-55) reaches KEYCONF-3's steps 7 and 8 this way.
    public mutating func exhaust() { filled = true }

    /// Opens a device frame: type and length, then `replayed` for a remembered nonce, then the
    /// AEAD unless exhausted, then `session_exhausted` or `auth_failed` (MEMORY-2 order). On
    /// every error the session is unchanged.
    public mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try SessionFrame.checkShape(frame)
        let (keys, exhausted) = (self.keys, isExhausted)
        // One pass over the frame's bytes, as `SessionCipher.open` does: this is the hot path
        // tunnel-bench compares with the 128-entry window.
        return try frame.withUnsafeBytes { bytes -> Result<[UInt8], TunnelError> in
            let nonce = UnsafeRawBufferPointer(rebasing: bytes[SessionFrame.nonceRange])
            guard !memory.contains(nonce) else { return .failure(.replayed) }
            guard !exhausted else { return .failure(.sessionExhausted) }
            let opened = Result { () throws(TunnelError) in try SessionFrame.open(bytes, key: keys.opening) }
            if case .success = opened { memory.record(nonce) }
            return opened
        }.get()
    }

    /// Seals a frame to the device under a caller-chosen nonce; nothing once exhausted.
    public func seal(_ plaintext: [UInt8], nonce: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard !isExhausted else { throw .sessionExhausted }
        return try SessionFrame.seal(plaintext, key: keys.sealing, nonce: nonce)
    }

    /// Seals under a nonce drawn from `random`.
    public func seal<R: RandomSource>(_ plaintext: [UInt8], using random: inout R) throws(TunnelError) -> [UInt8] {
        guard !isExhausted else { throw .sessionExhausted }
        guard plaintext.count <= Limits.maximumPlaintextLength else { throw .plaintextTooLarge }
        return try seal(plaintext, nonce: random.bytes(XChaCha20Poly1305.nonceLength))
    }

    /// Whether the nonce of `frame` (already shape-checked) was accepted in this session.
    func remembers(_ frame: [UInt8]) -> Bool {
        frame.withUnsafeBytes { memory.contains(UnsafeRawBufferPointer(rebasing: $0[SessionFrame.nonceRange])) }
    }

    /// The plaintext when the session is not exhausted and the frame's tag verifies under its
    /// opening key; nil otherwise. Records nothing: the caller decides (KEYCONF-3 tries the
    /// current session, then the pending handshake).
    func authenticate(_ frame: [UInt8]) -> [UInt8]? {
        guard !isExhausted else { return nil }
        return frame.withUnsafeBytes { try? SessionFrame.open($0, key: keys.opening) }
    }

    /// Records the nonce of a frame that `authenticate` accepted.
    mutating func record(_ frame: [UInt8]) {
        frame.withUnsafeBytes { memory.record(UnsafeRawBufferPointer(rebasing: $0[SessionFrame.nonceRange])) }
    }
}
