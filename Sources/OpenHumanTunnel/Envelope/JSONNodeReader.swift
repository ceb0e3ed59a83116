/// A strict RFC 8259 reader that builds a `JSONNode` tree (JSON-1 for envelopes).
///
/// The same rules as the handshake's reader: UTF-8 checked first, no byte order mark, nothing
/// but white space after the value, no raw control characters in strings, no lone surrogates,
/// containers nested at most 64 levels (the top level being 1), which covers JSON-1's 32 and
/// bounds the recursion. The lexis (strings, escapes, numbers, literals) is `JSONLexer`'s,
/// shared with the handshake's reader.
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
        cursor.lexer.skipWhitespace()
        let value = try cursor.readValue(level: 1)
        cursor.lexer.skipWhitespace()
        guard cursor.lexer.isAtEnd else { throw .badEnvelopeJSON }
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

    /// The tree over the shared lexer (`JSONLexer`): containers, members and depth.
    private struct Cursor {
        var lexer: JSONLexer<EnvelopeError>

        init(bytes: [UInt8]) { lexer = JSONLexer(bytes, failure: .badEnvelopeJSON) }

        mutating func readValue(level: Int) throws(EnvelopeError) -> JSONNode {
            guard let c = lexer.peek() else { throw .badEnvelopeJSON }
            switch c {
            case UInt8(ascii: "{"): return try readObject(level: level)
            case UInt8(ascii: "["): return try readArray(level: level)
            case UInt8(ascii: "\""): return .string(try lexer.readString())
            case UInt8(ascii: "t"):
                try lexer.expectWord("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try lexer.expectWord("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try lexer.expectWord("null")
                return .null
            default: return .number(Array(try lexer.readNumber()))
            }
        }

        mutating func readObject(level: Int) throws(EnvelopeError) -> JSONNode {
            guard level <= maximumDepth else { throw .badEnvelopeJSON }
            lexer.index += 1
            var members: [JSONMember] = []
            lexer.skipWhitespace()
            if lexer.peek() == UInt8(ascii: "}") {
                lexer.index += 1
                return .object(members)
            }
            while true {
                lexer.skipWhitespace()
                let name = try lexer.readString()
                lexer.skipWhitespace()
                try lexer.expect(UInt8(ascii: ":"))
                lexer.skipWhitespace()
                members.append(JSONMember(name: name, value: try readValue(level: level + 1)))
                lexer.skipWhitespace()
                let next = try lexer.next()
                if next == UInt8(ascii: "}") { return .object(members) }
                guard next == UInt8(ascii: ",") else { throw .badEnvelopeJSON }
            }
        }

        mutating func readArray(level: Int) throws(EnvelopeError) -> JSONNode {
            guard level <= maximumDepth else { throw .badEnvelopeJSON }
            lexer.index += 1
            var elements: [JSONNode] = []
            lexer.skipWhitespace()
            if lexer.peek() == UInt8(ascii: "]") {
                lexer.index += 1
                return .array(elements)
            }
            while true {
                lexer.skipWhitespace()
                elements.append(try readValue(level: level + 1))
                lexer.skipWhitespace()
                let next = try lexer.next()
                if next == UInt8(ascii: "]") { return .array(elements) }
                guard next == UInt8(ascii: ",") else { throw .badEnvelopeJSON }
            }
        }
    }
}
