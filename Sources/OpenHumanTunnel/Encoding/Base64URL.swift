import TunnelCrypto

/// Unpadded base64url (RFC 4648 section 5), decoded strictly: one byte string has exactly one
/// accepted text (ENC-1, ENC-2).
///
/// Strictness matters because keys are compared and stored by their text in places (the QR code,
/// the device store). A lenient decoder lets `AAA=`, `AAE` and `AAB` name the same bytes, which
/// the deployed TypeScript app allowed and its Rust core did not; one canonical form removes
/// the disagreement.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Maps an ASCII byte to its 6-bit value, 0xff for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (index, c) in alphabet.enumerated() { table[Int(c)] = UInt8(index) }
        return table
    }()

    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
            out.append(alphabet[Int(n & 63)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let n = UInt32(bytes[index]) << 16
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
        case 2:
            let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)])
        default:
            break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes canonical unpadded base64url.
    ///
    /// Refused with `.badBase64URL`: any byte outside `A–Z a–z 0–9 - _` (so `=`, `+`, `/`,
    /// white space and non-ASCII), a length of 1 modulo 4 (no byte string encodes to it), and
    /// non-zero bits in the unused low bits of the last character (a second spelling of the same
    /// bytes).
    public static func decode(_ text: String) throws(TunnelError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 != 1 else { throw .badBase64URL }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for c in utf8 {
            let value = values[Int(c)]
            guard value != 0xff else { throw .badBase64URL }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        // The bits left over (2 or 4) must be zero: otherwise the text is a non-canonical alias.
        guard accumulator & ((1 << UInt32(bits)) - 1) == 0 else { throw .badBase64URL }
        return out
    }

    /// Decodes a key: canonical base64url of exactly 32 bytes (ENC-1, ENC-3).
    public static func decodeKey(_ text: String) throws(TunnelError) -> [UInt8] {
        let bytes = try decode(text)
        guard bytes.count == X25519.keyLength else { throw .badKeyLength }
        return bytes
    }
}
