/// Every nonce a core's session accepted, kept for the whole session (MEMORY-1, MEMORY-3).
///
/// The 128-entry window of REPLAY-1 forgets a request after 128 newer frames, and the relay can
/// then have the core execute it again. This memory forgets nothing; the session's bound
/// (MEMORY-2) caps its size instead.
///
/// Each nonce is kept as its first 16 bytes: two honest nonces share them with probability
/// below 2^-89 in a session of 2^20 frames, and the only effect of such a collision is one
/// honest frame refused as `replayed`. The set is Swift's hash set, whose SipHash is keyed
/// per process: the device holds the session key and chooses its nonces, and with an unkeyed
/// hash it could pick nonces that all land in one bucket and make every lookup walk the whole
/// table. Memory: 16 bytes per nonce in a table at most three quarters full.
public struct SessionNonceMemory: Sendable, Equatable {
    private var prefixes: Set<NoncePrefix> = []

    public init() {}

    /// How many nonces are remembered: the number of frames the session accepted.
    public var count: Int { prefixes.count }

    public func contains(_ nonce: UnsafeRawBufferPointer) -> Bool {
        prefixes.contains(NoncePrefix(nonce))
    }

    public func contains(_ nonce: [UInt8]) -> Bool {
        nonce.withUnsafeBytes { contains($0) }
    }

    /// Remembers the nonce of an authenticated frame.
    mutating func record(_ nonce: UnsafeRawBufferPointer) {
        prefixes.insert(NoncePrefix(nonce))
    }
}

/// The first 16 of a nonce's 24 bytes, as two words.
private struct NoncePrefix: Hashable, Sendable {
    let high: UInt64, low: UInt64

    init(_ nonce: UnsafeRawBufferPointer) {
        precondition(nonce.count == 24)
        high = nonce.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        low = nonce.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }
}
