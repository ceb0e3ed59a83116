import TunnelCrypto

/// A deterministic byte stream: SHA-256 in counter mode over a seed label.
///
/// `block(i) = SHA-256(utf8(label) || uint64_be(i))` for `i = 0, 1, 2, ...`; the stream is
/// `block(0) || block(1) || ...`, read front to back. Every key, nonce and plaintext in the
/// vectors, and every case of the accumulated test, comes from such a stream, so the suite
/// needs no clock and no system randomness, and any language with SHA-256 reproduces it
/// (spec/kit/01-vectors.md, "Deterministic values").
public struct ByteStream: Sendable {
    /// SHA-256 state after absorbing the label, copied for every block.
    private let labelState: SHA256
    private var counter: UInt64 = 0
    /// Blocks generated ahead, `blocksPerRefill` at a time, and the read position in them.
    private var buffer: [UInt8] = []
    private var position = 0
    private static let blocksPerRefill = 64

    public init(label: String) {
        var state = SHA256()
        state.update(Array(label.utf8))
        labelState = state
    }

    /// The next `count` bytes of the stream.
    public mutating func next(_ count: Int) -> [UInt8] {
        // Raw memory copies: this runs for every byte of the accumulated test, and even a debug
        // build must stay fast.
        [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            var filled = 0
            while filled < count {
                if position == buffer.count { refill() }
                let take = min(count - filled, buffer.count - position)
                buffer.withUnsafeBufferPointer { source in
                    (out.baseAddress! + filled).update(from: source.baseAddress! + position, count: take)
                }
                position += take
                filled += take
            }
            initialized = count
        }
    }

    /// The next byte.
    public mutating func nextByte() -> UInt8 {
        if position == buffer.count { refill() }
        defer { position += 1 }
        return buffer[position]
    }

    /// The next two bytes as a big-endian unsigned integer.
    public mutating func nextUInt16() -> Int {
        let high = Int(nextByte())
        return high << 8 | Int(nextByte())
    }

    private mutating func refill() {
        let start = counter
        let labelState = self.labelState
        buffer = [UInt8](unsafeUninitializedCapacity: 32 * Self.blocksPerRefill) { out, initialized in
            for index in 0..<Self.blocksPerRefill {
                var state = labelState
                var counterBytes = (start + UInt64(index)).bigEndian
                withUnsafeBytes(of: &counterBytes) { state.update($0) }
                state.finalize(into: out.baseAddress! + 32 * index)
            }
            initialized = 32 * Self.blocksPerRefill
        }
        counter += UInt64(Self.blocksPerRefill)
        position = 0
    }
}

/// Values derived from a vector's id, so a vector's bytes depend only on its id and the
/// reference implementation: adding, removing or reordering other vectors changes nothing.
public enum LabelDerived {
    /// The prefix of every vector label.
    public static let prefix = "openhuman-tunnel/vectors/"

    /// The first `count` bytes of the stream labelled `openhuman-tunnel/vectors/<id>/<name>`.
    public static func bytes(_ count: Int, id: String, name: String) -> [UInt8] {
        var stream = ByteStream(label: prefix + id + "/" + name)
        return stream.next(count)
    }

    /// A 32-byte X25519 private key (unclamped; X25519 clamps at use).
    public static func privateKey(id: String, name: String) -> [UInt8] { bytes(32, id: id, name: name) }

    /// A 32-byte symmetric key.
    public static func key(id: String, name: String) -> [UInt8] { bytes(32, id: id, name: name) }

    /// A 24-byte XChaCha20 nonce.
    public static func nonce(id: String, name: String) -> [UInt8] { bytes(24, id: id, name: name) }
}
