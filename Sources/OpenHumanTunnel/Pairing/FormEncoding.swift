/// The `application/x-www-form-urlencoded` byte form of parameter names and values.
///
/// Encoding is exactly WHATWG `URLSearchParams` serialization, which the deployed producer uses
/// (QR-ENC-2). Decoding is stricter than WHATWG's parser: a `%` that does not start a
/// `%XX` triplet is an error instead of a literal `%` (QR-PARSE-10).
enum FormEncoding {
    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// Serializes `text` byte by byte from its UTF-8: ASCII alphanumerics and `*-._` unchanged,
    /// space as `+`, every other byte as `%XX` with uppercase hex.
    static func encode(_ text: String) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            {
                out.append(byte)
            } else if byte == 0x20 {
                out.append(UInt8(ascii: "+"))
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHexDigits[Int(byte >> 4)])
                out.append(upperHexDigits[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// Decodes one raw name or value in a single pass: `+` is a space, `%XX` (hex in either case)
    /// is the byte `XX`, every other byte stands for itself.
    ///
    /// One pass matters: `%2B` must decode to `+`, not to a space, and `%2525` to `%25`, not `%`.
    /// A `%` without two hex digits after it is refused, not kept: WHATWG keeps it literally,
    /// other decoders fail, so accepting it would let two consumers read different values.
    static func decode(_ raw: ArraySlice<UInt8>) throws(PairingPayloadError) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
                index += 1
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.endIndex,
                    let high = ASCII.hexValue(raw[index + 1]),
                    let low = ASCII.hexValue(raw[index + 2])
                else { throw .badPercentEncoding }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }
}
