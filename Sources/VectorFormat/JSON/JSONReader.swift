import Foundation
import OpenHumanTunnel

/// The kit's one JSON reader (RFC 8259 over UTF-8 bytes): vector files, adapter requests and
/// responses, and the composed handshake plaintexts of the reference adapter's mutants.
///
/// It sits on the runner's hot path (one response per vector, every vector file at start-up):
/// `JSONDecoder` measured about 70 µs for a typical response line on this machine, this reader a
/// few µs. It never trusts its input: nesting is bounded so a line of a million `[` cannot
/// overflow the stack, and every error carries its byte offset.
///
/// `value` is strict: numbers must be integers within `Int64` and no object may repeat a member
/// name, since either would make a vector or a request mean two things (ADP-11). Such a text is
/// still JSON, and the failure says so (`Failure.isSyntaxError` false), so the adapter can still
/// read the request's `id` with `topLevelMembers`, which accepts any JSON.
///
/// Depth: the top value is at depth 0, the members and elements of a container at depth d are at
/// d + 1, and a value deeper than `maximumDepth` is refused whatever its kind. (This is the
/// library's rule for handshake plaintexts, so the composed path agrees with it byte for byte.)
///
/// The lexis (white space, digits, escapes, hex digits, surrogates, literals) is the library's
/// `JSONLexis`, shared with its two strict readers; what is the kit's own is the error reporting
/// (offsets and reasons), the `Int64` numbers and the leniencies of the JSON mutants.
public struct JSONReader {
    /// The default bound, far above anything a vector or response holds: 256 nested containers
    /// pass, the 257th is refused.
    public static let maximumDepth = 255

    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Byte offset of the problem in the text.
        public var offset: Int
        public var reason: String
        /// False when the text is JSON but holds what `value` refuses: a number that is not an
        /// `Int64` integer, or a repeated member name.
        public var isSyntaxError = true
        /// The first top-level member name seen twice before the error, if any: what a parser
        /// that reports duplicates while it reads would have answered (a mutant models one).
        public var duplicateSeen: String?
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Departures from RFC 8259 that real JSON libraries make; only the reference adapter's JSON
    /// mutants switch them on, and only `topLevelMembers` honours them.
    public struct Leniency: Sendable {
        /// Lone surrogate escapes become U+FFFD instead of an error (JavaScript and Python accept them).
        public var loneSurrogates = false
        /// Invalid UTF-8 in a string becomes U+FFFD instead of an error (`String(decoding:)` does this).
        public var invalidUTF8 = false
        /// Member names are kept as written, escapes and all, instead of unescaped.
        public var rawMemberNames = false

        public static let strict = Leniency()
        public init() {}
    }

    /// Parses `bytes` as one JSON text (one value, optional white space around it) under the
    /// strict rules above.
    public static func value<C: ContiguousBytes>(
        _ bytes: C,
        maximumDepth: Int = JSONReader.maximumDepth
    ) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(
                raw.bindMemory(to: UInt8.self),
                maximumDepth: maximumDepth,
                strict: true,
                leniency: .strict
            )
            do throws(Failure) {
                // Strict reading never yields nil: what it cannot hold it refuses.
                return .success(try reader.readText() ?? .null)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The top-level members of `bytes` in text order, repeated names included, when the text is
    /// JSON with an object on top; nil for any other JSON value. A member's value is nil when it
    /// is JSON that `JSONValue` does not hold (another number, an object repeating a name).
    public static func topLevelMembers<C: ContiguousBytes>(
        _ bytes: C,
        maximumDepth: Int,
        leniency: Leniency = .strict
    ) throws(Failure) -> [(name: String, value: JSONValue?)]? {
        let result: Result<[(name: String, value: JSONValue?)]?, Failure> = bytes.withUnsafeBytes { raw in
            var reader = JSONReader(
                raw.bindMemory(to: UInt8.self),
                maximumDepth: maximumDepth,
                strict: false,
                leniency: leniency
            )
            do throws(Failure) {
                return .success(try reader.readTopLevelMembers())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private let strict: Bool
    private let leniency: Leniency
    private var position = 0
    private var topLevelNames: Set<String> = []
    private var duplicateSeen: String?
    /// The top-level object's members in order, collected only by `topLevelMembers`.
    private var topLevelMembers: [(name: String, value: JSONValue?)]?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, strict: Bool, leniency: Leniency) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.strict = strict
        self.leniency = leniency
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: position, reason: reason, duplicateSeen: duplicateSeen)
    }

    /// A failure for valid JSON that strict reading refuses.
    private func unsupported(_ reason: String, at offset: Int) -> Failure {
        Failure(offset: offset, reason: reason, isSyntaxError: false, duplicateSeen: duplicateSeen)
    }

    private mutating func readText() throws(Failure) -> JSONValue? {
        skipWhitespace()
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
        return value
    }

    private mutating func readTopLevelMembers() throws(Failure) -> [(name: String, value: JSONValue?)]? {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "{") { topLevelMembers = [] }
        _ = try readText()
        return topLevelMembers
    }

    /// RFC 8259 white space: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while position < bytes.count, JSONLexis.isWhitespace(bytes[position]) { position += 1 }
    }

    private mutating func readValue(depth: Int) throws(Failure) -> JSONValue? {
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth)") }
        guard position < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber().map(JSONValue.int)
        default: throw failure("unexpected character '\(Self.printable(bytes[position]))'")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        guard JSONLexis.matches(literal, bytes, at: position) else {
            throw failure("not a JSON value (true, false or null expected)")
        }
        position += literal.utf8CodeUnitCount
    }

    private mutating func readObject(depth: Int) throws(Failure) -> JSONValue? {
        position += 1
        var members: [String: JSONValue] = [:]
        var representable = true
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
            var name = try readString()
            if leniency.rawMemberNames {
                name = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[(nameOffset + 1)..<(position - 1)]),
                    as: UTF8.self
                )
            }
            if !strict, depth == 0, !topLevelNames.insert(name).inserted, duplicateSeen == nil { duplicateSeen = name }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            skipWhitespace()
            let value = try readValue(depth: depth + 1)
            if depth == 0 { topLevelMembers?.append((name, value)) }
            if let value {
                // A repeated name is ambiguous (which one wins differs between parsers).
                if members.updateValue(value, forKey: name) != nil {
                    guard !strict else { throw unsupported("duplicate member name \"\(name)\"", at: nameOffset) }
                    representable = false
                }
            } else {
                representable = false
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of text") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return representable ? .object(members) : nil
            } else {
                throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(Failure) -> JSONValue? {
        position += 1
        var elements: [JSONValue] = []
        var representable = true
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if let element = try readValue(depth: depth + 1) { elements.append(element) } else { representable = false }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of text") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return representable ? .array(elements) : nil
            } else {
                throw failure("expected ',' or ']'")
            }
        }
    }

    /// number = [ "-" ] int [ frac ] [ exp ] (RFC 8259 section 6). The value for an integer
    /// within `Int64`; any other number is refused by strict reading and nil otherwise.
    private mutating func readNumber() throws(Failure) -> Int64? {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < bytes.count, JSONLexis.isDigit(bytes[position]) else { throw failure("expected a digit") }
        if bytes[position] == UInt8(ascii: "0"), position + 1 < bytes.count, JSONLexis.isDigit(bytes[position + 1]) {
            throw failure("leading zero in a number")
        }
        // Accumulate negatively so Int64.min parses without overflow.
        var value: Int64 = 0
        var inRange = true
        while position < bytes.count, JSONLexis.isDigit(bytes[position]) {
            let digit = Int64(bytes[position] - UInt8(ascii: "0"))
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = shifted.subtractingReportingOverflow(digit)
            if overflow1 || overflow2 { inRange = false }
            value = next
            position += 1
        }
        if position < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[position]) {
            try skipFractionAndExponent()
            if strict { throw unsupported("number with a fraction or exponent (only integers are used)", at: start) }
            return nil
        }
        if !negative, value == Int64.min { inRange = false }
        guard inRange else {
            if strict { throw unsupported("integer out of the 64-bit range", at: start) }
            return nil
        }
        return negative ? value : -value
    }

    private mutating func skipFractionAndExponent() throws(Failure) {
        if bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, JSONLexis.isDigit(bytes[position]) else {
                throw failure("expected a digit after '.'")
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, JSONLexis.isDigit(bytes[position]) else {
                throw failure("expected a digit in the exponent")
            }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, JSONLexis.isDigit(bytes[position]) { position += 1 }
    }

    /// Reads a string, decoding escapes. Raw control characters, invalid UTF-8 and lone
    /// surrogate escapes are refused (RFC 8259 sections 7 and 8.2, amendment A1).
    private mutating func readString() throws(Failure) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string. The constants
        // are literals (0x22 `"`, 0x5C `\`): this loop reads every byte of every file and line.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                let text = try utf8Text(UnsafeBufferPointer(rebasing: bytes[start..<position]), start: start)
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
            case 0x22:
                position += 1
                return try buffer.withUnsafeBufferPointer { raw in
                    Result { () throws(Failure) in try utf8Text(raw, start: start) }
                }.get()
            case 0x5C:
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

    private func utf8Text(_ utf8: UnsafeBufferPointer<UInt8>, start: Int) throws(Failure) -> String {
        if leniency.invalidUTF8 { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw Failure(offset: start, reason: "string is not valid UTF-8", duplicateSeen: duplicateSeen)
        }
        return text
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(Failure) {
        guard position < bytes.count else { throw failure("unterminated string") }
        let escaped = bytes[position]
        position += 1
        if let byte = JSONLexis.unescaped(escaped) {
            buffer.append(byte)
            return
        }
        switch escaped {
        case UInt8(ascii: "u"):
            guard let first = JSONLexis.hex4(bytes, at: position) else { throw failure("invalid \\u escape") }
            position += 4
            var scalar = first
            if JSONLexis.isHighSurrogate(scalar), position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u"), let low = JSONLexis.hex4(bytes, at: position + 2),
                JSONLexis.isLowSurrogate(low)
            {
                position += 6
                scalar = JSONLexis.scalar(high: scalar, low: low)
            } else if JSONLexis.isHighSurrogate(scalar) || JSONLexis.isLowSurrogate(scalar) {
                // The RFC 8259 grammar admits the escape, but it names no Unicode scalar, so no
                // string holds it: JSON that `value` refuses, not a syntax error (ADP-32).
                guard leniency.loneSurrogates else {
                    throw Failure(
                        offset: position,
                        reason: "unpaired surrogate escape",
                        isSyntaxError: false,
                        duplicateSeen: duplicateSeen
                    )
                }
                scalar = 0xFFFD
            }
            // Surrogates were combined or refused above, so every value left is a scalar.
            guard let unicodeScalar = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            UTF8.encode(unicodeScalar) { buffer.append($0) }
        default:
            throw failure("invalid escape '\\\(Self.printable(escaped))'")
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
