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
/// being level 1; a container at a level above 64 is refused, empty or not. The lexis
/// (strings, escapes, numbers, literals) is `JSONLexer`'s, shared with the envelope's reader.
private struct JSONReader {
    static let maximumDepth = 64
    private var lexer: JSONLexer<TunnelError>
    private var firstDuplicate: [UInt8]?

    init(_ bytes: [UInt8]) { lexer = JSONLexer(bytes, failure: .badHandshakeJSON) }

    mutating func readDocument() throws(TunnelError) -> HandshakeJSON.Members {
        lexer.skipWhitespace()
        guard lexer.peek() == UInt8(ascii: "{") else { throw .badHandshakeJSON }
        let members = try readTopObject()
        lexer.skipWhitespace()
        guard lexer.isAtEnd else { throw .badHandshakeJSON }
        if let name = firstDuplicate { throw .duplicateField(String(decoding: name, as: UTF8.self)) }
        return members
    }

    private mutating func readTopObject() throws(TunnelError) -> HandshakeJSON.Members {
        lexer.index += 1
        var members: HandshakeJSON.Members = [:]
        lexer.skipWhitespace()
        if lexer.peek() == UInt8(ascii: "}") {
            lexer.index += 1
            return members
        }
        while true {
            lexer.skipWhitespace()
            let name = try lexer.readString()
            lexer.skipWhitespace()
            try lexer.expect(UInt8(ascii: ":"))
            lexer.skipWhitespace()
            let value: HandshakeJSON.Value
            if lexer.peek() == UInt8(ascii: "\"") {
                value = .string(try lexer.readString())
            } else {
                try skipValue(level: 2)
                value = .other
            }
            // JSON-2: remember the first duplicate, but report it only once the whole text is
            // known to be JSON (JSON-1 comes first), so every parser agrees on the error.
            if members.updateValue(value, forKey: name) != nil, firstDuplicate == nil { firstDuplicate = name }
            lexer.skipWhitespace()
            let next = try lexer.next()
            if next == UInt8(ascii: "}") { return members }
            guard next == UInt8(ascii: ",") else { throw .badHandshakeJSON }
        }
    }

    /// Skips one value that would sit at nesting `level` if it is a container.
    private mutating func skipValue(level: Int) throws(TunnelError) {
        guard let c = lexer.peek() else { throw .badHandshakeJSON }
        switch c {
        case UInt8(ascii: "\""): _ = try lexer.readString()
        case UInt8(ascii: "{"): try skipContainer(close: UInt8(ascii: "}"), keyed: true, level: level)
        case UInt8(ascii: "["): try skipContainer(close: UInt8(ascii: "]"), keyed: false, level: level)
        case UInt8(ascii: "t"): try lexer.expectWord("true")
        case UInt8(ascii: "f"): try lexer.expectWord("false")
        case UInt8(ascii: "n"): try lexer.expectWord("null")
        default: _ = try lexer.readNumber()
        }
    }

    private mutating func skipContainer(close: UInt8, keyed: Bool, level: Int) throws(TunnelError) {
        guard level <= Self.maximumDepth else { throw .badHandshakeJSON }
        lexer.index += 1
        lexer.skipWhitespace()
        if lexer.peek() == close {
            lexer.index += 1
            return
        }
        while true {
            lexer.skipWhitespace()
            if keyed {
                _ = try lexer.readString()
                lexer.skipWhitespace()
                try lexer.expect(UInt8(ascii: ":"))
                lexer.skipWhitespace()
            }
            try skipValue(level: level + 1)
            lexer.skipWhitespace()
            let next = try lexer.next()
            if next == close { return }
            guard next == UInt8(ascii: ",") else { throw .badHandshakeJSON }
        }
    }
}
