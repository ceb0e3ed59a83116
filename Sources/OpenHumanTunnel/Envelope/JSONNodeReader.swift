/// A strict RFC 8259 reader that builds a `JSONNode` tree (JSON-1 for envelopes).
///
/// The same rules as the handshake's reader: UTF-8 checked first, no byte order mark, nothing
/// but white space after the value, no raw control characters in strings, no lone surrogates,
/// containers nested at most 64 levels (the top level being 1), which covers JSON-1's 32 and
/// bounds the recursion. Strings are copied in runs between escapes, so a 16 MiB payload string
/// costs one pass.
public enum JSONNodeReader {
    public static let maximumDepth = 64

    /// Reads `bytes` as one JSON text whose top-level value is an object.
    public static func readObject(_ bytes: [UInt8]) throws(EnvelopeError) -> JSONNode {
        let value = try read(bytes)
        guard case .object = value else { throw .badEnvelopeJSON }
        return value
    }

    /// Reads `bytes` as one JSON text with any top-level value.
    public static func read(_ bytes: [UInt8]) throws(EnvelopeError) -> JSONNode {
        guard isValidUTF8(bytes) else { throw .badEnvelopeJSON }
        var cursor = Cursor(bytes: bytes)
        cursor.skipWhitespace()
        let value = try cursor.readValue(level: 1)
        cursor.skipWhitespace()
        guard cursor.index == bytes.count else { throw .badEnvelopeJSON }
        return value
    }

    /// UTF-8 validity, with a fast path for pure ASCII (every chunk envelope is ASCII): eight
    /// bytes at a time, falling back to the standard library's validator at the first high bit.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        let ascii = bytes.withUnsafeBytes { raw -> Bool in
            var i = 0, high: UInt64 = 0
            while i + 8 <= raw.count {
                high |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            while i < raw.count {
                high |= UInt64(raw[i])
                i += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
        return ascii || String(validating: bytes, as: UTF8.self) != nil
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while index < bytes.count {
                let c = bytes[index]
                guard c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d else { return }
                index += 1
            }
        }

        mutating func expect(_ c: UInt8) throws(EnvelopeError) {
            guard peek() == c else { throw .badEnvelopeJSON }
            index += 1
        }

        mutating func readValue(level: Int) throws(EnvelopeError) -> JSONNode {
            guard let c = peek() else { throw .badEnvelopeJSON }
            switch c {
            case UInt8(ascii: "{"): return try readObject(level: level)
            case UInt8(ascii: "["): return try readArray(level: level)
            case UInt8(ascii: "\""): return .string(try readString())
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            default: return .number(try readNumber())
            }
        }

        mutating func readObject(level: Int) throws(EnvelopeError) -> JSONNode {
            guard level <= maximumDepth else { throw .badEnvelopeJSON }
            index += 1
            var members: [JSONMember] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                let name = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                members.append(JSONMember(name: name, value: try readValue(level: level + 1)))
                skipWhitespace()
                guard let next = peek() else { throw .badEnvelopeJSON }
                index += 1
                if next == UInt8(ascii: "}") { return .object(members) }
                guard next == UInt8(ascii: ",") else { throw .badEnvelopeJSON }
            }
        }

        mutating func readArray(level: Int) throws(EnvelopeError) -> JSONNode {
            guard level <= maximumDepth else { throw .badEnvelopeJSON }
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try readValue(level: level + 1))
                skipWhitespace()
                guard let next = peek() else { throw .badEnvelopeJSON }
                index += 1
                if next == UInt8(ascii: "]") { return .array(elements) }
                guard next == UInt8(ascii: ",") else { throw .badEnvelopeJSON }
            }
        }

        /// number = [ "-" ] int [ frac ] [ exp ]; returns the token.
        mutating func readNumber() throws(EnvelopeError) -> [UInt8] {
            let start = index
            if peek() == UInt8(ascii: "-") { index += 1 }
            guard let first = peek(), isDigit(first) else { throw .badEnvelopeJSON }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if peek() == UInt8(ascii: ".") {
                index += 1
                guard let d = peek(), isDigit(d) else { throw .badEnvelopeJSON }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                guard let d = peek(), isDigit(d) else { throw .badEnvelopeJSON }
                skipDigits()
            }
            return Array(bytes[start..<index])
        }

        mutating func readString() throws(EnvelopeError) -> [UInt8] {
            try expect(UInt8(ascii: "\""))
            var out = [UInt8]()
            while true {
                let runStart = index
                index = bytes.withUnsafeBufferPointer { b in
                    var k = runStart
                    // Eight bytes at a time while none of them is `"`, `\` or a control
                    // character (the classic "has zero byte" and "has byte less than" tests).
                    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    let raw = UnsafeRawBufferPointer(b)
                    while k + 8 <= b.count {
                        let w = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                        let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5c)
                        let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w)
                        if special & highs != 0 { break }
                        k += 8
                    }
                    while k < b.count {
                        let c = b[k]
                        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                        k += 1
                    }
                    return k
                }
                out.append(contentsOf: bytes[runStart..<index])
                guard let c = peek() else { throw .badEnvelopeJSON }
                index += 1
                switch c {
                case UInt8(ascii: "\""): return out
                case UInt8(ascii: "\\"): try readEscape(into: &out)
                default: throw .badEnvelopeJSON  // a raw control character
                }
            }
        }

        mutating func readEscape(into out: inout [UInt8]) throws(EnvelopeError) {
            guard let e = peek() else { throw .badEnvelopeJSON }
            index += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0c)
            case UInt8(ascii: "n"): out.append(0x0a)
            case UInt8(ascii: "r"): out.append(0x0d)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    try expect(UInt8(ascii: "\\"))
                    try expect(UInt8(ascii: "u"))
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw .badEnvelopeJSON }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw .badEnvelopeJSON
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw .badEnvelopeJSON }
                out += Array(String(Character(unicode)).utf8)
            default:
                throw .badEnvelopeJSON
            }
        }

        mutating func readHex4() throws(EnvelopeError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw .badEnvelopeJSON }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                index += 1
                let digit: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
                default: throw .badEnvelopeJSON
                }
                value = value << 4 | digit
            }
            return value
        }

        mutating func expectWord(_ word: StaticString) throws(EnvelopeError) {
            let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard index + utf8.count <= bytes.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else {
                throw .badEnvelopeJSON
            }
            index += utf8.count
        }

        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

        mutating func skipDigits() {
            while let c = peek(), isDigit(c) { index += 1 }
        }
    }
}
