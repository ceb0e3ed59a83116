import CSodium

/// One party's half of a session: seals with its own direction key, opens the other direction
/// and keeps the replay window (FRAME-SEAL-*, FRAME-OPEN-*).
///
/// A value type: copying a cipher copies its window, so a test can fork the state, try a tamper
/// or a replay on the copy, and compare with the original to prove nothing changed.
///
/// Frame layout: `0x02 || nonce(24) || XChaCha20-Poly1305(key, nonce, plaintext, aad = "")`.
public struct SessionCipher: Sendable {
    public let role: Role
    private let keys: KeyStore
    public private(set) var window: ReplayWindow

    public init(role: Role, keys: SessionKeys, replayMemory: Int = ReplayWindow.standardCapacity) {
        self.role = role
        self.keys = KeyStore(sealing: keys.sealingKey(for: role), opening: keys.openingKey(for: role))
        self.window = ReplayWindow(capacity: replayMemory)
    }

    /// Seals `plaintext` under a caller-chosen nonce.
    ///
    /// The nonce MUST be fresh random bytes (FRAME-SEAL-2); this entry point exists so vectors
    /// can pin it. Sealing does not touch the window: a party never opens its own frames.
    public func seal(_ plaintext: [UInt8], nonce: [UInt8]) throws(TunnelError) -> [UInt8] {
        precondition(nonce.count == XChaCha20Poly1305.nonceLength, "nonces are 24 bytes")
        guard plaintext.count <= Limits.maximumPlaintextLength else { throw .plaintextTooLarge }
        let total = plaintext.count + Limits.sessionFrameOverhead
        return [UInt8](unsafeUninitializedCapacity: total) { frame, count in
            let base = frame.baseAddress!
            base.initialize(to: MessageType.session.rawValue)
            nonce.withUnsafeBufferPointer { n in
                (base + 1).initialize(from: n.baseAddress!, count: n.count)
                plaintext.withUnsafeBytes { p in
                    XChaCha20Poly1305.sealRaw(into: base + 25, key: keys.sealing, nonce: n.baseAddress!,
                                              plaintext: p, aad: [])
                }
            }
            count = total
        }
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
        try MessageType.check(frame, accepting: .session)
        guard frame.count >= Limits.sessionFrameOverhead else { throw .frameTooShort }
        guard frame.count <= Limits.maximumMessageLength else { throw .frameTooLarge }
        let keys = self.keys
        return try frame.withUnsafeBytes { bytes -> Result<[UInt8], TunnelError> in
            let nonce = UnsafeRawBufferPointer(rebasing: bytes[1..<25])
            guard !window.contains(nonce) else { return .failure(.replayed) }
            let opened = Result { () throws(TunnelError) in
                try XChaCha20Poly1305.openRaw(
                    key: keys.opening, nonce: nonce.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    ciphertext: UnsafeRawBufferPointer(rebasing: bytes[25...]), aad: [])
            }
            if case .success = opened { window.record(nonce) }
            return opened
        }.get()
    }
}

/// The two direction keys of one party, in storage of its own that is wiped when the last
/// cipher holding it goes away.
///
/// The keys are copied in, never shared: wiping a buffer that a caller's `SessionKeys` also
/// points to would zero the caller's keys (and any other cipher made from them).
private final class KeyStore: Sendable {
    let sealing: [UInt8]
    let opening: [UInt8]

    init(sealing: [UInt8], opening: [UInt8]) {
        self.sealing = Self.privateCopy(sealing)
        self.opening = Self.privateCopy(opening)
    }

    private static func privateCopy(_ key: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: key.count) { buffer, count in
            _ = buffer.initialize(from: key)
            count = key.count
        }
    }

    deinit {
        // The buffers were made in `init` and are referenced only by this object's lets (callers
        // only borrow them for the duration of a call), so zeroing them in place touches no
        // one else's bytes.
        for key in [sealing, opening] {
            key.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress { sodium_memzero(UnsafeMutableRawPointer(mutating: base), buffer.count) }
            }
        }
    }
}
