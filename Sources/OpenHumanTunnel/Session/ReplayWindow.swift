/// The nonces of the most recent accepted frames, oldest evicted first (REPLAY-1 to REPLAY-4).
///
/// What this guarantees, exactly: a nonce among the last `capacity` accepted ones is refused.
/// After `capacity` newer frames have been accepted a nonce is forgotten, and a replay of its
/// frame is accepted again; random nonces carry no order, so nothing older can be told apart
/// from a fresh frame. Counter-based windows (RFC 6479, WireGuard) do better, at the price of a
/// sender counter the deployed protocol does not have.
///
/// Layout: a ring of the accepted nonces in acceptance order, and an open-addressing index into
/// it (linear probing, at most half full). Lookup, insertion and eviction are O(1) on average and
/// never worse than `capacity` comparisons. The index needs no secret hash key: only nonces of
/// authenticated frames are ever inserted, so an attacker without the session key cannot shape
/// the table; the peer that holds the key could at worst lengthen its own probes to `capacity`.
public struct ReplayWindow: Sendable {
    /// The guaranteed memory of wire version 2.
    public static let standardCapacity = 128
    private static let empty: Int32 = -1

    /// How many accepted nonces are remembered: the `replayMemory` policy.
    public let capacity: Int
    /// Accepted nonces in acceptance order, as a ring; `oldest` indexes the next to evict.
    private var ring: [Nonce] = []
    private var oldest = 0
    /// Slot -> index into `ring`, or `empty`.
    private var slots: [Int32]
    private let mask: Int

    public init(capacity: Int = ReplayWindow.standardCapacity) {
        precondition(capacity >= 1 && capacity < Int(Int32.max) / 2)
        self.capacity = capacity
        var size = 1
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: Self.empty, count: size)
        mask = size - 1
        ring.reserveCapacity(capacity)
    }

    /// The number of nonces remembered now.
    public var count: Int { ring.count }

    public func contains(_ nonce: [UInt8]) -> Bool {
        nonce.withUnsafeBytes { contains($0) }
    }

    public func contains(_ nonce: UnsafeRawBufferPointer) -> Bool {
        find(Nonce(nonce)) != nil
    }

    /// Remembers an authenticated nonce, evicting the oldest when full.
    mutating func record(_ nonce: UnsafeRawBufferPointer) {
        let entry = Nonce(nonce)
        if ring.count < capacity {
            ring.append(entry)
            insert(ringIndex: ring.count - 1)
        } else {
            remove(ring[oldest])
            ring[oldest] = entry
            insert(ringIndex: oldest)
            oldest = (oldest + 1) % capacity
        }
    }

    /// The remembered nonces, oldest first.
    public var nonces: [[UInt8]] {
        (ring[oldest...] + ring[..<oldest]).map(\.bytes)
    }

    /// The slot holding `nonce`, if any.
    private func find(_ nonce: Nonce) -> Int? {
        var slot = nonce.slotHash & mask
        while slots[slot] != Self.empty {
            if ring[Int(slots[slot])] == nonce { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func insert(ringIndex: Int) {
        var slot = ring[ringIndex].slotHash & mask
        while slots[slot] != Self.empty { slot = (slot + 1) & mask }
        slots[slot] = Int32(ringIndex)
    }

    /// Deletes by backward shift, so no tombstones accumulate and probe chains stay short.
    private mutating func remove(_ nonce: Nonce) {
        guard var hole = find(nonce) else { return }
        var next = (hole + 1) & mask
        while slots[next] != Self.empty {
            let home = ring[Int(slots[next])].slotHash & mask
            // Move the entry back into the hole unless its home lies cyclically in (hole, next].
            let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !stays {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Self.empty
    }
}

extension ReplayWindow: Equatable {
    /// Two windows are equal when they remember the same nonces in the same order with the same
    /// capacity, whatever their table layout.
    public static func == (lhs: ReplayWindow, rhs: ReplayWindow) -> Bool {
        lhs.capacity == rhs.capacity && lhs.count == rhs.count && lhs.nonces == rhs.nonces
    }
}

/// A 24-byte nonce as three words: hashing and comparing it costs no allocation.
struct Nonce: Equatable, Sendable {
    let a: UInt64, b: UInt64, c: UInt64

    init(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == 24)
        a = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        b = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        c = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    }

    /// Fibonacci hashing of the folded words: nonces are random, this only has to spread them.
    var slotHash: Int {
        Int(truncatingIfNeeded: ((a ^ b.rotated(17) ^ c.rotated(41)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    var bytes: [UInt8] {
        withUnsafeBytes(of: (a, b, c)) { Array($0) }
    }
}

private extension UInt64 {
    func rotated(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
