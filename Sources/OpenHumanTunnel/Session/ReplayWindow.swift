/// The nonces of the most recent accepted frames, oldest evicted first (REPLAY-1 to REPLAY-4).
///
/// What this guarantees, exactly: a nonce among the last `capacity` accepted ones is refused.
/// After `capacity` newer frames have been accepted a nonce is forgotten, and a replay of its
/// frame is accepted again; random nonces carry no order, so nothing older can be told apart
/// from a fresh frame. Counter-based windows (RFC 6479, WireGuard) do better, at the price of a
/// sender counter the deployed protocol does not have.
///
/// Membership is a hash-set lookup and eviction a ring-buffer step, both O(1): the window costs
/// the same for every frame however full it is.
public struct ReplayWindow: Equatable, Sendable {
    /// The guaranteed memory of wire version 2.
    public static let standardCapacity = 128

    /// How many accepted nonces are remembered: the `replayMemory` policy.
    public let capacity: Int
    private var members: Set<Nonce> = []
    /// Accepted nonces in acceptance order, as a ring; `oldest` indexes the next to evict.
    private var ring: [Nonce] = []
    private var oldest = 0

    public init(capacity: Int = ReplayWindow.standardCapacity) {
        precondition(capacity >= 1)
        self.capacity = capacity
        members.reserveCapacity(capacity)
        ring.reserveCapacity(capacity)
    }

    /// The number of nonces remembered now.
    public var count: Int { ring.count }

    public func contains(_ nonce: UnsafeRawBufferPointer) -> Bool {
        members.contains(Nonce(nonce))
    }

    public func contains(_ nonce: [UInt8]) -> Bool {
        nonce.withUnsafeBytes { contains($0) }
    }

    /// Remembers an authenticated nonce, evicting the oldest when full.
    mutating func record(_ nonce: UnsafeRawBufferPointer) {
        let entry = Nonce(nonce)
        if ring.count < capacity {
            ring.append(entry)
        } else {
            members.remove(ring[oldest])
            ring[oldest] = entry
            oldest = (oldest + 1) % capacity
        }
        members.insert(entry)
    }

    /// The remembered nonces, oldest first.
    public var nonces: [[UInt8]] {
        (ring[oldest...] + ring[..<oldest]).map(\.bytes)
    }
}

/// A 24-byte nonce as three words: hashing and comparing it costs no allocation.
struct Nonce: Hashable, Sendable {
    let a: UInt64, b: UInt64, c: UInt64

    init(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count == 24)
        a = bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        b = bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        c = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    }

    var bytes: [UInt8] {
        withUnsafeBytes(of: (a, b, c)) { Array($0) }
    }
}
