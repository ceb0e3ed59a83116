import OpenHumanTunnel

/// One case of the accumulated session-frame test (spec/kit/01-vectors.md, "Accumulated test"):
/// a frame sealed by one role, possibly damaged in transit, opened by the other role.
public struct AccumulatedCase: Sendable {
    /// How the sealed frame is damaged before it is opened.
    public enum Damage: Equatable, Sendable {
        case none
        /// Bit `bit` of byte `index` is flipped.
        case flip(index: Int, bit: Int)
        /// Only the first `length` bytes arrive.
        case truncate(length: Int)
    }

    public let sealer: Role
    public let c2s: [UInt8]
    public let s2c: [UInt8]
    public let nonce: [UInt8]
    public let plaintext: [UInt8]
    public let damage: Damage

    /// The role that opens the frame: the sealer's peer.
    public var opener: Role { sealer == .device ? .core : .device }

    /// The `frame-seal` input of this case.
    public var sealInput: JSONValue {
        [
            "role": .string(sealer.rawValue), "c2s": .hex(c2s), "s2c": .hex(s2c), "nonce": .hex(nonce),
            "plaintext": .hex(plaintext),
        ]
    }

    /// The frame as it arrives at the opener.
    public func received(_ sealed: [UInt8]) -> [UInt8] {
        switch damage {
        case .none:
            return sealed
        case .flip(let index, let bit):
            // The index was drawn for a frame of the right length; a shorter frame (a faulty
            // sealer's) is passed on undamaged rather than indexed past its end.
            guard sealed.indices.contains(index) else { return sealed }
            var copy = sealed
            copy[index] ^= UInt8(1) << UInt8(bit)
            return copy
        case .truncate(let length):
            return Array(sealed.prefix(length))
        }
    }

    /// The `frame-open` input of this case, for the frame the sealer produced.
    public func openInput(sealed: [UInt8]) -> JSONValue {
        ["role": .string(opener.rawValue), "c2s": .hex(c2s), "s2c": .hex(s2c), "frame": .hex(received(sealed))]
    }
}

/// The cases of one accumulated test, drawn from the SHA-256 counter-mode stream of its seed.
///
/// Per case, in this order: one byte `r` (sealer = device when `r` is even, else core); `c2s`
/// (32 bytes); `s2c` (32); the nonce (24); two bytes `n` (big-endian; plaintext length
/// `n mod 1025`); the plaintext; one byte `m`; then, when `m mod 4 == 2`, two bytes `p` and one
/// byte `b` (flip bit `b mod 8` of byte `p mod len(frame)`), and when `m mod 4 == 3`, two bytes
/// `t` (keep the first `t mod len(frame)` bytes). `len(frame)` is the plaintext length + 41.
public struct AccumulatedCases: IteratorProtocol, Sequence, Sendable {
    /// Longest plaintext of a case: plaintexts are 0 to 1,024 bytes long.
    public static let maximumPlaintextLength = 1024
    private var stream: ByteStream
    private var remaining: Int

    public init(seed: String, count: Int) {
        stream = ByteStream(label: seed)
        remaining = count
    }

    public mutating func next() -> AccumulatedCase? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let sealer: Role = stream.nextByte() & 1 == 0 ? .device : .core
        let c2s = stream.next(32), s2c = stream.next(32), nonce = stream.next(24)
        let length = stream.nextUInt16() % (Self.maximumPlaintextLength + 1)
        let plaintext = stream.next(length)
        let frameLength = length + Limits.sessionFrameOverhead
        let damage: AccumulatedCase.Damage
        switch stream.nextByte() % 4 {
        case 2:
            let index = stream.nextUInt16() % frameLength
            damage = .flip(index: index, bit: Int(stream.nextByte() % 8))
        case 3:
            damage = .truncate(length: stream.nextUInt16() % frameLength)
        default:
            damage = .none
        }
        return AccumulatedCase(sealer: sealer, c2s: c2s, s2c: s2c, nonce: nonce, plaintext: plaintext, damage: damage)
    }
}
