/// Every nonce a core's session accepted, kept for the whole session (MEMORY-1, MEMORY-3).
///
/// The 128-entry window of REPLAY-1 forgets a request after 128 newer frames, and the relay can
/// then have the core execute it again. This memory forgets nothing; the session's bound
/// (MEMORY-2) caps its size instead.
///
/// Each nonce is kept as its first 16 bytes: two honest nonces share them with probability
/// below 2^-89 in a session of 2^20 frames, and the only effect of such a collision is one
/// honest frame refused as `replayed`.
///
/// Layout: one open-addressing table of 16-byte entries (linear probing, at most half full,
/// doubled when it would be fuller), so a lookup in a full session costs one random memory
/// access, the price tunnel-bench measures. The slot comes from `Hasher`, SipHash with a key
/// drawn per process: the device holds the session key and chooses its nonces, and with an
/// unkeyed hash it could pick a million nonces that share one probe chain. The all-zero prefix
/// marks an empty slot, so that one value is remembered in a flag of its own.
public struct SessionNonceMemory: Sendable, Equatable {
    private var table: [NoncePrefix]
    private var mask: Int
    private var containsZero = false
    public private(set) var count = 0

    public init() {
        table = [NoncePrefix](repeating: .empty, count: 256)
        mask = 255
    }

    public func contains(_ nonce: UnsafeRawBufferPointer) -> Bool {
        let prefix = NoncePrefix(nonce)
        return prefix == .empty ? containsZero : contains(prefix)
    }

    public func contains(_ nonce: [UInt8]) -> Bool {
        nonce.withUnsafeBytes { contains($0) }
    }

    /// Remembers the nonce of an authenticated frame.
    mutating func record(_ nonce: UnsafeRawBufferPointer) {
        let prefix = NoncePrefix(nonce)
        if prefix == .empty {
            if !containsZero {
                containsZero = true
                count += 1
            }
            return
        }
        if (count + 1) * 2 > table.count { grow() }
        if insert(prefix) { count += 1 }
    }

    /// Inserts into the table; false when the prefix was there already.
    private mutating func insert(_ prefix: NoncePrefix) -> Bool {
        var slot = prefix.slot(mask)
        while table[slot] != .empty {
            if table[slot] == prefix { return false }
            slot = (slot + 1) & mask
        }
        table[slot] = prefix
        return true
    }

    private mutating func grow() {
        let old = table
        table = [NoncePrefix](repeating: .empty, count: old.count * 2)
        mask = table.count - 1
        for prefix in old where prefix != .empty { _ = insert(prefix) }
    }

    /// Two memories are equal when they remember the same nonces, whatever their table layout.
    public static func == (lhs: SessionNonceMemory, rhs: SessionNonceMemory) -> Bool {
        guard lhs.count == rhs.count, lhs.containsZero == rhs.containsZero else { return false }
        return lhs.table.allSatisfy { $0 == .empty || rhs.contains($0) }
    }

    /// The probe of the table, for a prefix other than `.empty` (which marks a free slot).
    private func contains(_ prefix: NoncePrefix) -> Bool {
        var slot = prefix.slot(mask)
        while table[slot] != .empty {
            if table[slot] == prefix { return true }
            slot = (slot + 1) & mask
        }
        return false
    }
}

/// The first 16 of a nonce's 24 bytes, as two words.
private struct NoncePrefix: Equatable, Sendable {
    let high: UInt64, low: UInt64

    static let empty = NoncePrefix(high: 0, low: 0)

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ nonce: UnsafeRawBufferPointer) {
        precondition(nonce.count == 24)
        high = nonce.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        low = nonce.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    }

    /// The home slot: SipHash keyed per process (`Hasher`), masked to the table.
    func slot(_ mask: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(high)
        hasher.combine(low)
        return hasher.finalize() & mask
    }
}
