/// Lowercase hex for adapter messages, on contiguous UTF-8 with lookup tables.
///
/// The same rules as `OpenHumanTunnel.Hex` (lowercase only, even length), written for speed:
/// the accumulated test sends 20,000 frames through the adapter in one run, and hex decoding
/// and encoding were the largest cost of answering them.
package enum HexText {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Maps an ASCII byte to its nibble, 0xFF for anything that is not `0-9` or `a-f`.
    private static let nibbles: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, digit) in digits.enumerated() { table[Int(digit)] = UInt8(value) }
        return table
    }()

    /// The bytes of lowercase hex `text`; nil for odd length, upper case or any other character.
    package static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { utf8 -> [UInt8]? in
            guard utf8.count % 2 == 0 else { return nil }
            var valid = true
            let bytes = [UInt8](unsafeUninitializedCapacity: utf8.count / 2) { out, count in
                nibbles.withUnsafeBufferPointer { table in
                    for index in 0..<utf8.count / 2 {
                        let high = table[Int(utf8[2 * index])], low = table[Int(utf8[2 * index + 1])]
                        if (high | low) & 0xF0 != 0 { valid = false }
                        out[index] = high << 4 | (low & 0x0F)
                    }
                }
                count = utf8.count / 2
            }
            return valid ? bytes : nil
        }
    }

    static func encode(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            digits.withUnsafeBufferPointer { digits in
                for (index, byte) in bytes.enumerated() {
                    out[2 * index] = digits[Int(byte >> 4)]
                    out[2 * index + 1] = digits[Int(byte & 0x0F)]
                }
            }
            return bytes.count * 2
        }
    }
}
