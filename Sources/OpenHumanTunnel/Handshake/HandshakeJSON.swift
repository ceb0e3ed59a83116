/// The strict reader and the exact writer of the handshake and ack plaintexts (JSON-1 to JSON-8,
/// HS-2, ACK-2).
///
/// Receivers accept any RFC 8259 object carrying the required members, in any order and with
/// extra members (JSON-5), so a later version can add fields. What they refuse is what makes a
/// message mean two things: a duplicate member (JSON parsers disagree on which copy wins, so two
/// implementations could act on different keys), invalid UTF-8, and anything not an object.
/// Member names are compared after unescaping, byte for byte, so `"device_pubkey"` and
/// `"device\u005fpubkey"` are the same member while `"K"` and `"\u212a"` (KELVIN SIGN), which
/// Swift's `String ==` would call equal, are two.
package enum HandshakeJSON {
    /// A top-level member's value, as far as the handshake cares.
    package enum Value: Equatable {
        /// The unescaped UTF-8 bytes of a string value.
        case string([UInt8])
        case other
    }

    /// Top-level members keyed by the unescaped UTF-8 bytes of their names.
    package typealias Members = [[UInt8]: Value]

    /// Parses `bytes` into the top-level members.
    package static func parseObject(_ bytes: [UInt8]) throws(TunnelError) -> Members {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .badHandshakeJSON }
        var reader = JSONReader(bytes)
        return try reader.readDocument()
    }

    /// Reads the required string member `name` of `members` (JSON-3, JSON-4).
    package static func string(_ name: String, in members: Members) throws(TunnelError) -> [UInt8] {
        guard let value = members[Array(name.utf8)] else { throw .missingField(name) }
        guard case .string(let text) = value else { throw .badFieldType(name) }
        return text
    }

    /// Reads a required key member: a string, canonical base64url, 32 bytes (JSON-6), checked
    /// completely before the caller moves to the next member (JSON-7).
    package static func key(_ name: String, in members: Members) throws(TunnelError) -> [UInt8] {
        try Base64URL.decodeKey(String(decoding: string(name, in: members), as: UTF8.self))
    }

    /// The sender's exact form: members in the given order, no white space. Values here are
    /// base64url or fixed ASCII words, which JSON never escapes.
    static func write(_ members: [(String, String)]) -> [UInt8] {
        let body = members.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",")
        return Array("{\(body)}".utf8)
    }
}

/// A recursive-descent RFC 8259 reader over UTF-8 bytes, bounded in depth.
///
/// Only the top-level object's members are kept; nested values are validated and skipped. The
/// depth bound keeps a hostile `[[[[…` from exhausting the stack: any message fits in 49,152
/// bytes, but a recursion that deep would not. Depth counts containers, the top-level object
/// being level 1; a container at a level above 64 is refused, empty or not.
private struct JSONReader {
    static let maximumDepth = 64
    private let bytes: [UInt8]
    private var index = 0
    private var firstDuplicate: [UInt8]?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func readDocument() throws(TunnelError) -> HandshakeJSON.Members {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw .badHandshakeJSON }
        let members = try readTopObject()
        skipWhitespace()
        guard index == bytes.count else { throw .badHandshakeJSON }
        if let name = firstDuplicate { throw .duplicateField(String(decoding: name, as: UTF8.self)) }
        return members
    }

    private mutating func readTopObject() throws(TunnelError) -> HandshakeJSON.Members {
        index += 1
        var members: HandshakeJSON.Members = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return members }
        while true {
            skipWhitespace()
            let name = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let value: HandshakeJSON.Value
            if peek() == UInt8(ascii: "\"") {
                value = .string(try readString())
            } else {
                try skipValue(level: 2)
                value = .other
            }
            // JSON-2: remember the first duplicate, but report it only once the whole text is
            // known to be JSON (JSON-1 comes first), so every parser agrees on the error.
            if members.updateValue(value, forKey: name) != nil, firstDuplicate == nil { firstDuplicate = name }
            skipWhitespace()
            guard let next = peek() else { throw .badHandshakeJSON }
            index += 1
            if next == UInt8(ascii: "}") { return members }
            guard next == UInt8(ascii: ",") else { throw .badHandshakeJSON }
        }
    }

    /// Skips one value that would sit at nesting `level` if it is a container.
    private mutating func skipValue(level: Int) throws(TunnelError) {
        guard let c = peek() else { throw .badHandshakeJSON }
        switch c {
        case UInt8(ascii: "\""): _ = try readString()
        case UInt8(ascii: "{"): try skipContainer(close: UInt8(ascii: "}"), keyed: true, level: level)
        case UInt8(ascii: "["): try skipContainer(close: UInt8(ascii: "]"), keyed: false, level: level)
        case UInt8(ascii: "t"): try expectWord("true")
        case UInt8(ascii: "f"): try expectWord("false")
        case UInt8(ascii: "n"): try expectWord("null")
        default: try skipNumber()
        }
    }

    private mutating func skipContainer(close: UInt8, keyed: Bool, level: Int) throws(TunnelError) {
        guard level <= Self.maximumDepth else { throw .badHandshakeJSON }
        index += 1
        skipWhitespace()
        if peek() == close { index += 1; return }
        while true {
            skipWhitespace()
            if keyed {
                _ = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
            }
            try skipValue(level: level + 1)
            skipWhitespace()
            guard let next = peek() else { throw .badHandshakeJSON }
            index += 1
            if next == close { return }
            guard next == UInt8(ascii: ",") else { throw .badHandshakeJSON }
        }
    }

    /// number = [ "-" ] int [ frac ] [ exp ] (RFC 8259 section 6).
    private mutating func skipNumber() throws(TunnelError) {
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw .badHandshakeJSON }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let d = peek(), isDigit(d) else { throw .badHandshakeJSON }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let d = peek(), isDigit(d) else { throw .badHandshakeJSON }
            skipDigits()
        }
    }

    /// Reads a string, decoding escapes. Raw control characters and lone surrogates are refused:
    /// the first is RFC 8259's rule, the second because a lone surrogate is no Unicode text and
    /// parsers differ on what they make of it.
    private mutating func readString() throws(TunnelError) -> [UInt8] {
        try expect(UInt8(ascii: "\""))
        var out = [UInt8]()
        while true {
            guard let c = peek() else { throw .badHandshakeJSON }
            index += 1
            switch c {
            case UInt8(ascii: "\""):
                return out
            case UInt8(ascii: "\\"):
                try readEscape(into: &out)
            case 0x00..<0x20:
                throw .badHandshakeJSON
            default:
                out.append(c)
            }
        }
    }

    private mutating func readEscape(into out: inout [UInt8]) throws(TunnelError) {
        guard let e = peek() else { throw .badHandshakeJSON }
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
                guard peek() == UInt8(ascii: "\\") else { throw .badHandshakeJSON }
                index += 1
                guard peek() == UInt8(ascii: "u") else { throw .badHandshakeJSON }
                index += 1
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw .badHandshakeJSON }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw .badHandshakeJSON
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw .badHandshakeJSON }
            out += Array(String(Character(unicode)).utf8)
        default:
            throw .badHandshakeJSON
        }
    }

    private mutating func readHex4() throws(TunnelError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .badHandshakeJSON }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            index += 1
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw .badHandshakeJSON
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func expectWord(_ word: StaticString) throws(TunnelError) {
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + utf8.count <= bytes.count, bytes[index..<index + utf8.count].elementsEqual(utf8) else {
            throw .badHandshakeJSON
        }
        index += utf8.count
    }

    private mutating func expect(_ c: UInt8) throws(TunnelError) {
        guard peek() == c else { throw .badHandshakeJSON }
        index += 1
    }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let c = peek(), isDigit(c) { index += 1 }
    }

    /// RFC 8259 white space: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while let c = peek(), c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d { index += 1 }
    }
}
