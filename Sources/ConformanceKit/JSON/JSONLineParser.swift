import Foundation
import TunnelVectors

/// Parses one JSON text (RFC 8259) from bytes into a `JSONValue`, fast, and says precisely what
/// is wrong when it is not JSON.
///
/// The runner parses one adapter response per vector and every vector file at start-up, so this
/// sits on the hot path: `JSONValue.parse` (through `JSONDecoder`) measured about 70 µs for a
/// typical response line on this machine, this parser a few µs. It also never trusts the adapter:
/// nesting is capped so a line of a million `[` cannot overflow the stack, integers must fit
/// `Int64`, and numbers with a fraction or exponent are refused, as everywhere in the kit.
public struct JSONLineParser {
    /// The deepest nesting accepted; far above anything a vector or response holds.
    public static let maximumDepth = 256

    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset of the problem in the parsed text.
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Parses `bytes`, which must hold exactly one JSON value with optional surrounding whitespace.
    public static func parse<C: ContiguousBytes>(_ bytes: C) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = bytes.withUnsafeBytes { raw in
            var parser = JSONLineParser(raw.bindMemory(to: UInt8.self))
            do throws(Failure) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.position == parser.bytes.count else {
                    throw parser.failure("unexpected text after the JSON value")
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: position, reason: reason)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .int(try parseInteger())
        default: throw failure("unexpected character '\(Self.printable(bytes[position]))'")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("not a JSON value (true, false or null expected)") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw failure("not a JSON value (true, false or null expected)")
        }
        position += count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a member name")
            }
            let nameOffset = position
            let name = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            // A repeated name is ambiguous (which one wins differs between parsers), so refuse it.
            guard members.updateValue(value, forKey: name) == nil else {
                throw Failure(offset: nameOffset, reason: "duplicate member name \"\(name)\"")
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of text") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of text") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseInteger() throws(Failure) -> Int64 {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
            throw failure("expected a digit")
        }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count,
           (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position + 1]) {
            throw failure("leading zero in a number")
        }
        // Accumulate negatively so Int64.min parses without overflow.
        var value: Int64 = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            let digit = Int64(bytes[position] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { throw Failure(offset: start, reason: "integer out of the 64-bit range") }
            value = next
            position += 1
        }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            throw Failure(offset: start, reason: "number with a fraction or exponent (only integers are used)")
        }
        if negative { return value }
        guard value != Int64.min else { throw Failure(offset: start, reason: "integer out of the 64-bit range") }
        return -value
    }

    private mutating func parseString() throws(Failure) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string. The constants
        // are literals (0x22 `"`, 0x5C `\`): this loop reads every byte of every file and line.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw Failure(offset: start, reason: "string is not valid UTF-8")
                }
                position += 1
                return text
            }
            if byte == 0x5C { break }
            guard byte >= 0x20 else { throw failure("unescaped control character in a string") }
            position += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw Failure(offset: start, reason: "string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &buffer)
            case 0..<0x20:
                throw failure("unescaped control character in a string")
            default:
                buffer.append(byte)
                position += 1
            }
        }
        throw failure("unterminated string")
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw failure("unterminated string") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u") else { throw failure("unpaired surrogate escape") }
                position += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("unpaired surrogate escape")
            }
            // Surrogates were combined or refused above, so every value left is a scalar.
            guard let unicodeScalar = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            UTF8.encode(unicodeScalar) { buffer.append($0) }
        default:
            throw failure("invalid escape '\\\(Self.printable(escaped))'")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[position]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
