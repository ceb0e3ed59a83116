import TunnelCrypto

/// The running hash of an accumulated test: SHA-256 over one record per case,
/// `uint32_be(len(frame)) || frame || uint32_be(len(result)) || result`, where `frame` is the
/// sealed frame (before damage) and `result` is `0x00 || plaintext` when the opener accepted it
/// or `0x01 || ascii(error code)` when it refused it.
public struct AccumulatedHash: Sendable {
    /// What the opener answered.
    public enum Outcome: Equatable, Sendable {
        case plaintext([UInt8])
        case error(String)
    }

    private var hasher = SHA256()
    public private(set) var count = 0

    public init() {}

    public mutating func absorb(sealed: [UInt8], opened: Outcome) {
        hasher.update(Self.length(sealed.count))
        hasher.update(sealed)
        switch opened {
        case .plaintext(let plaintext):
            hasher.update(Self.length(1 + plaintext.count) + [0x00])
            hasher.update(plaintext)
        case .error(let code):
            let text = Array(code.utf8)
            hasher.update(Self.length(1 + text.count) + [0x01])
            hasher.update(text)
        }
        count += 1
    }

    /// The final digest as lowercase hex.
    public mutating func finalize() -> String {
        hasher.finalize().map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    private static func length(_ n: Int) -> [UInt8] {
        let value = UInt32(n)
        return [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}
