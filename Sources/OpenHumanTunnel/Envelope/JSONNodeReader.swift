/// A strict RFC 8259 reader that builds a `JSONNode` tree (JSON-1 for envelopes).
///
/// The same rules as the handshake's reader: UTF-8 only, no byte order mark, nothing
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

    /// Reads `bytes` as one JSON text with any top-level value. The text is UTF-8 when it is
    /// read without error: the lexer checks UTF-8 inside strings, and any byte above 0x7f
    /// outside them breaks the grammar; both are `bad_envelope_json`, so which check finds a
    /// fault first changes nothing.
    public static func read(_ bytes: [UInt8]) throws(EnvelopeError) -> JSONNode {
        var cursor = Cursor(bytes: bytes)
        cursor.lexer.skipWhitespace()
        let value = try cursor.readValue(level: 1)
        cursor.lexer.skipWhitespace()
        guard cursor.lexer.isAtEnd else { throw .badEnvelopeJSON }
        return value
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
