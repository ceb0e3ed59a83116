import TunnelVectors

/// A JSON text read into a tree that keeps what `JSONValue` drops: member order, repeated member
/// names and numbers of any form.
///
/// One parser serves two needs. Adapter requests need a `JSONValue` and must refuse
/// anything ambiguous (`asRequestValue`). The composed handshake path (`ComposedHandshakeJSON`)
/// needs the top-level members of a plaintext in order, with duplicates, under the rules of
/// JSON-1 and JSON-2: strict RFC 8259 grammar, UTF-8, no lone surrogate escapes, and the
/// library's nesting bound. `JSONLeniency` switches on the departures the JSON mutants model.
indirect enum JSONNode {
    case null
    case bool(Bool)
    /// The value when the number is an integer within `Int64`; nil for any other number, which
    /// is valid JSON but not a value the adapter protocol uses.
    case number(Int64?)
    case string(String)
    case array([JSONNode])
    case object([(name: String, value: JSONNode)])
}

/// Why a text is not JSON; the position helps the adapter's stderr log.
struct JSONTextError: Error {
    let offset: Int
    let reason: String
    /// The first top-level member name seen twice before the error, if any: what a parser that
    /// reports duplicates while it reads would have answered.
    var duplicateSeen: String?
}

/// Departures from RFC 8259 that real JSON libraries make; only the mutants switch them on.
struct JSONLeniency {
    /// Lone surrogate escapes become U+FFFD instead of an error (JavaScript and Python accept them).
    var loneSurrogates = false
    /// Invalid UTF-8 in a string becomes U+FFFD instead of an error (`String(decoding:)` does this).
    var invalidUTF8 = false
    /// Member names are kept as written, escapes and all, instead of unescaped.
    var rawMemberNames = false

    static let strict = JSONLeniency()
}

/// A recursive-descent RFC 8259 reader over UTF-8 bytes.
///
/// `maximumDepth` bounds the nesting: the top value is at depth 0, the members and elements of a
/// container at depth d are at d + 1, and a value deeper than the bound is refused whatever its
/// kind. (This is the library's rule for handshake plaintexts, copied exactly so the composed
/// path agrees with it byte for byte.) The bound also keeps a hostile `[[[[…` from exhausting
/// the stack.
struct JSONText {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private let leniency: JSONLeniency
    private var position = 0
    private var topLevelNames: Set<String> = []
    private var duplicateSeen: String?

    /// Parses `bytes` as one JSON text: one value with optional white space around it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int,
                      leniency: JSONLeniency = .strict) throws(JSONTextError) -> JSONNode {
        var reader = JSONText(bytes: bytes, maximumDepth: maximumDepth, leniency: leniency)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.failure("text after the JSON value") }
        return value
    }

    static func parse(_ bytes: [UInt8], maximumDepth: Int, leniency: JSONLeniency = .strict) throws(JSONTextError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONTextError) in try parse(buffer, maximumDepth: maximumDepth, leniency: leniency) }
        }.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, leniency: JSONLeniency) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.leniency = leniency
    }

    private func failure(_ reason: String) -> JSONTextError {
        JSONTextError(offset: position, reason: reason, duplicateSeen: duplicateSeen)
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// RFC 8259 white space: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(JSONTextError) -> JSONNode {
        guard depth <= maximumDepth else { throw failure("nesting deeper than \(maximumDepth)") }
        guard let c = peek() else { throw failure("unexpected end of text") }
        switch c {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: return .number(try readNumber())
        }
    }

    private mutating func readObject(depth: Int) throws(JSONTextError) -> JSONNode {
        position += 1
        var members: [(name: String, value: JSONNode)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let nameStart = position
            var name = try readString()
            if leniency.rawMemberNames {
                name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(nameStart + 1)..<(position - 1)]), as: UTF8.self)
            }
            if depth == 0, !topLevelNames.insert(name).inserted, duplicateSeen == nil { duplicateSeen = name }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            skipWhitespace()
            members.append((name, try readValue(depth: depth + 1)))
            skipWhitespace()
            guard let next = peek() else { throw failure("unexpected end of text") }
            position += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONTextError) -> JSONNode {
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            guard let next = peek() else { throw failure("unexpected end of text") }
            position += 1
            if next == UInt8(ascii: "]") { return .array(elements) }
            guard next == UInt8(ascii: ",") else { throw failure("expected ',' or ']'") }
        }
    }

    /// number = [ "-" ] int [ frac ] [ exp ] (RFC 8259 section 6); the value only for integers
    /// that fit `Int64`.
    private mutating func readNumber() throws(JSONTextError) -> Int64? {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else { throw failure("unexpected character") }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var integral = true
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let d = peek(), isDigit(d) else { throw failure("expected a digit after '.'") }
            skipDigits()
            integral = false
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let d = peek(), isDigit(d) else { throw failure("expected a digit in the exponent") }
            skipDigits()
            integral = false
        }
        guard integral else { return nil }
        return Int64(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// Reads a string, decoding escapes. Raw control characters, invalid UTF-8 and lone
    /// surrogate escapes are refused (RFC 8259 sections 7 and 8.2, amendment A1).
    private mutating func readString() throws(JSONTextError) -> String {
        position += 1
        let start = position
        // Fast path: no escape, so the bytes between the quotes are the string.
        while let c = peek(), c != UInt8(ascii: "\\") {
            if c == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return try text(raw)
            }
            guard c >= 0x20 else { throw failure("raw control character in a string") }
            position += 1
        }
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard let c = peek() else { throw failure("unterminated string") }
            position += 1
            switch c {
            case UInt8(ascii: "\""):
                return try out.withUnsafeBufferPointer { raw in Result { () throws(JSONTextError) in try text(raw) } }.get()
            case UInt8(ascii: "\\"):
                try readEscape(into: &out)
            case 0x00..<0x20:
                throw failure("raw control character in a string")
            default:
                out.append(c)
            }
        }
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws(JSONTextError) -> String {
        if leniency.invalidUTF8 { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("invalid UTF-8") }
        return text
    }

    private mutating func readEscape(into out: inout [UInt8]) throws(JSONTextError) {
        guard let e = peek() else { throw failure("unterminated escape") }
        position += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar), bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
               bytes[position + 1] == UInt8(ascii: "u"), let low = peekHex4(at: position + 2), (0xDC00...0xDFFF).contains(low) {
                position += 6
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xD800...0xDFFF).contains(scalar) {
                guard leniency.loneSurrogates else { throw failure("lone surrogate escape") }
                scalar = 0xFFFD
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            UTF8.encode(unicode) { out.append($0) }
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func readHex4() throws(JSONTextError) -> UInt32 {
        guard let value = peekHex4(at: position) else { throw failure("invalid \\u escape") }
        position += 4
        return value
    }

    /// The four hex digits at `index` as a number, or nil.
    private func peekHex4(at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for c in bytes[index..<index + 4] {
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONTextError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("unexpected end of text") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw failure("invalid literal")
        }
        position += count
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let c = peek(), isDigit(c) { position += 1 }
    }
}

extension JSONNode {
    /// The integer member `id` of a top-level object, or null.
    var requestID: JSONValue {
        guard case .object(let members) = self, let id = members.first(where: { $0.name == "id" })?.value,
              case .number(let value?) = id else { return .null }
        return .int(value)
    }

    /// The node as a request value: refused when a number is not an `Int64` integer or an
    /// object repeats a member name, since either would make the request mean two things.
    func asRequestValue() throws(JSONTextError) -> JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n):
            guard let n else { throw JSONTextError(offset: 0, reason: "number is not a 64-bit integer") }
            return .int(n)
        case .string(let s): return .string(s)
        case .array(let elements):
            var out: [JSONValue] = []
            out.reserveCapacity(elements.count)
            for element in elements { out.append(try element.asRequestValue()) }
            return .array(out)
        case .object(let members):
            var out: [String: JSONValue] = [:]
            out.reserveCapacity(members.count)
            for (name, value) in members {
                guard out.updateValue(try value.asRequestValue(), forKey: name) == nil else {
                    throw JSONTextError(offset: 0, reason: "member \"\(name)\" appears twice")
                }
            }
            return .object(out)
        }
    }
}
