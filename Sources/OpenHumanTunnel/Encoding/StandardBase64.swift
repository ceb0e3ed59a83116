/// Standard base64 with padding (RFC 4648 section 4), the encoding of a chunk's `data`
/// (CHUNK-3): the deployed app writes it with `btoa`.
///
/// The decoder is strict for the same reason as ENC-1's: one piece must have exactly one text,
/// or two receivers could disagree on a chunk's bytes (one skipping a line break, another
/// refusing it), and a piece's size must be checkable from its text alone.
public enum StandardBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Two characters per 12 bits, so the encoder does two lookups per three bytes, not four.
    private static let pairs: [UInt16] = (0..<4096).map { n in
        UInt16(alphabet[n >> 6]) | UInt16(alphabet[n & 63]) << 8
    }

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// Each character's value already in its place among a quad's three bytes, as a
    /// little-endian word (first byte lowest), one 256-entry table per position in the quad: a
    /// quad decodes with four loads, three ORs and one store. A character outside the alphabet
    /// is `invalidQuadBit` in every table, so one test of the OR of all the words finds any.
    private static let quadWords: [UInt32] = (0..<4).flatMap { position in
        values.map { value -> UInt32 in
            guard value != 0xff else { return invalidQuadBit }
            let n = UInt32(value) << (18 - 6 * position)  // its bits in the big-endian 24-bit group
            return n >> 16 | n & 0xff00 | (n & 0xff) << 16
        }
    }
    private static let invalidQuadBit: UInt32 = 1 << 24

    /// Appends the padded text of `bytes` to `out`. Written through unsafe buffers: this runs
    /// over every byte of a chunked message, and per-byte appends would cost more than the AEAD.
    public static func encode(_ bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        let textLength = (bytes.count + 2) / 3 * 4
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: textLength))
        out.withUnsafeMutableBufferPointer { whole in
            let o = UnsafeMutableBufferPointer(rebasing: whole[start...])
            alphabet.withUnsafeBufferPointer { a in
                bytes.withUnsafeBufferPointer { b in
                    var i = 0, j = 0
                    pairs.withUnsafeBufferPointer { p in
                        let out = UnsafeMutableRawBufferPointer(o)
                        let input = UnsafeRawBufferPointer(b)
                        // Six bytes (read as eight, big-endian) make eight characters, stored at once.
                        while i + 8 <= b.count {
                            let n = UInt64(bigEndian: input.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                            let text =
                                UInt64(p[Int(n >> 52)]) | UInt64(p[Int(n >> 40 & 0xfff)]) << 16
                                | UInt64(p[Int(n >> 28 & 0xfff)]) << 32 | UInt64(p[Int(n >> 16 & 0xfff)]) << 48
                            out.storeBytes(of: text.littleEndian, toByteOffset: j, as: UInt64.self)
                            i += 6
                            j += 8
                        }
                        while i + 3 <= b.count {
                            let n = Int(b[i]) << 16 | Int(b[i + 1]) << 8 | Int(b[i + 2])
                            // Little-endian stores put the first character of each pair first.
                            out.storeBytes(of: p[n >> 12].littleEndian, toByteOffset: j, as: UInt16.self)
                            out.storeBytes(of: p[n & 0xfff].littleEndian, toByteOffset: j + 2, as: UInt16.self)
                            i += 3
                            j += 4
                        }
                    }
                    switch b.count - i {
                    case 1:
                        let n = UInt32(b[i]) << 16
                        o[j] = a[Int(n >> 18 & 63)]
                        o[j + 1] = a[Int(n >> 12 & 63)]
                        o[j + 2] = UInt8(ascii: "=")
                        o[j + 3] = UInt8(ascii: "=")
                    case 2:
                        let n = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8
                        o[j] = a[Int(n >> 18 & 63)]
                        o[j + 1] = a[Int(n >> 12 & 63)]
                        o[j + 2] = a[Int(n >> 6 & 63)]
                        o[j + 3] = UInt8(ascii: "=")
                    default:
                        break
                    }
                }
            }
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
        let dataEnd = text.count - padding
        // Unused bits of the last data character must be zero (canonical form).
        let last = values[Int(text[dataEnd - 1])]
        if padding == 1, last != 0xff, last & 0x03 != 0 { throw .badBase64 }
        if padding == 2, last != 0xff, last & 0x0f != 0 { throw .badBase64 }
        let outLength = text.count / 4 * 3 - padding
        var invalid = false
        let out = [UInt8](unsafeUninitializedCapacity: text.count / 4 * 3) { o, initialized in
            values.withUnsafeBufferPointer { v in
                text.withUnsafeBufferPointer { t in
                    var i = 0, j = 0
                    var bad: UInt8 = 0
                    let fullEnd = padding == 0 ? t.count : t.count - 4
                    quadWords.withUnsafeBufferPointer { q in
                        let input = UnsafeRawBufferPointer(t), output = UnsafeMutableRawBufferPointer(o)
                        var quads: UInt32 = 0
                        func word(_ c: UInt64) -> UInt32 {
                            q[Int(c & 0xff)] | q[256 + Int(c >> 8 & 0xff)] | q[512 + Int(c >> 16 & 0xff)]
                                | q[768 + Int(c >> 24 & 0xff)]
                        }
                        // Every quad but the last stores four bytes, the fourth overwritten by the
                        // next quad; the last full quad stores its three one by one below. Two quads
                        // per step while they can, for the processor to overlap their lookups.
                        while i + 8 < fullEnd {
                            let c = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                            let first = word(c), second = word(c >> 32)
                            quads |= first | second
                            output.storeBytes(of: first.littleEndian, toByteOffset: j, as: UInt32.self)
                            output.storeBytes(of: second.littleEndian, toByteOffset: j + 3, as: UInt32.self)
                            i += 8
                            j += 6
                        }
                        while i + 4 < fullEnd {
                            let w = word(
                                UInt64(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: i, as: UInt32.self)))
                            )
                            quads |= w
                            output.storeBytes(of: w.littleEndian, toByteOffset: j, as: UInt32.self)
                            i += 4
                            j += 3
                        }
                        if quads & invalidQuadBit != 0 { bad = 0x80 }
                    }
                    while i < fullEnd {
                        let c0 = v[Int(t[i])], c1 = v[Int(t[i + 1])], c2 = v[Int(t[i + 2])], c3 = v[Int(t[i + 3])]
                        bad |= (c0 | c1 | c2 | c3) & 0x80
                        let n = UInt32(c0) << 18 | UInt32(c1) << 12 | UInt32(c2) << 6 | UInt32(c3)
                        o[j] = UInt8(truncatingIfNeeded: n >> 16)
                        o[j + 1] = UInt8(truncatingIfNeeded: n >> 8)
                        o[j + 2] = UInt8(truncatingIfNeeded: n)
                        i += 4
                        j += 3
                    }
                    if padding > 0 {
                        let c0 = v[Int(t[i])], c1 = v[Int(t[i + 1])]
                        let c2 = padding == 2 ? 0 : v[Int(t[i + 2])]
                        bad |= (c0 | c1 | c2) & 0x80
                        let n = UInt32(c0) << 18 | UInt32(c1) << 12 | UInt32(c2) << 6
                        o[j] = UInt8(truncatingIfNeeded: n >> 16)
                        o[j + 1] = UInt8(truncatingIfNeeded: n >> 8)
                        o[j + 2] = UInt8(truncatingIfNeeded: n)
                    }
                    invalid = bad != 0
                }
            }
            initialized = outLength
        }
        // 0xff marks a byte outside the alphabet, `=` included, so padding inside the text fails here.
        guard !invalid else { throw .badBase64 }
        return out
    }
}
