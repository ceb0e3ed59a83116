/// Standard base64 with padding (RFC 4648 section 4), the encoding of a chunk's `data`
/// (CHUNK-3): the deployed app writes it with `btoa`.
///
/// The decoder is strict for the same reason as ENC-1's: one piece must have exactly one text,
/// or two receivers could disagree on a chunk's bytes (one skipping a line break, another
/// refusing it), and a piece's size must be checkable from its text alone.
public enum StandardBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// Appends the padded text of `bytes` to `out`.
    public static func encode(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
        var i = bytes.startIndex
        while i + 3 <= bytes.endIndex {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)]); out.append(alphabet[Int(n & 63)])
            i += 3
        }
        switch bytes.endIndex - i {
        case 1:
            let n = UInt32(bytes[i]) << 16
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(UInt8(ascii: "=")); out.append(UInt8(ascii: "="))
        case 2:
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)]); out.append(UInt8(ascii: "="))
        default:
            break
        }
    }

    /// Decodes a canonical padded text; anything else is `bad_base64`: a length that is not a
    /// multiple of 4, a character outside the alphabet, `=` other than as final padding, or
    /// non-zero unused bits in the last character.
    public static func decode(_ text: [UInt8]) throws(EnvelopeError) -> [UInt8] {
        guard text.count % 4 == 0 else { throw .badBase64 }
        if text.isEmpty { return [] }
        var padding = 0
        if text[text.count - 1] == UInt8(ascii: "=") { padding = 1 }
        if padding == 1, text[text.count - 2] == UInt8(ascii: "=") { padding = 2 }
        var out = [UInt8]()
        out.reserveCapacity(text.count / 4 * 3)
        var i = 0
        let dataEnd = text.count - padding
        while i < text.count {
            var n: UInt32 = 0
            for k in 0..<4 {
                let position = i + k
                let v: UInt8 = position < dataEnd ? values[Int(text[position])] : 0
                guard v != 0xff else { throw .badBase64 }
                n = n << 6 | UInt32(v)
            }
            out.append(UInt8(n >> 16 & 0xff)); out.append(UInt8(n >> 8 & 0xff)); out.append(UInt8(n & 0xff))
            i += 4
        }
        // Unused bits of the last data character must be zero (canonical form).
        if padding == 1, values[Int(text[dataEnd - 1])] & 0x03 != 0 { throw .badBase64 }
        if padding == 2, values[Int(text[dataEnd - 1])] & 0x0f != 0 { throw .badBase64 }
        out.removeLast(padding)
        return out
    }
}
