/// RFC 8259's lexical rules, written once for every strict JSON reader in Swift: the
/// envelope's (`JSONNodeReader`), the handshake's (`HandshakeJSON`) and the kit's
/// (`JSONReader`), as the C and Python ports share `json_lexis`.
///
/// The readers differ in what they build and in how they report an error, so the rules here
/// answer facts (is this white space, what does this escape stand for, where does this number
/// end) and each reader throws its own error. Generic functions are `@inlinable`: the kit's
/// reader calls them from another module on its hot path.
public enum JSONLexis {
    /// RFC 8259 white space: space, tab, line feed, carriage return.
    @inlinable
    public static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d }

    @inlinable
    public static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// The byte a one-character escape `\c` stands for (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`,
    /// `\r`, `\t`), or nil for any other `c` (`u` included, which has four hex digits).
    @inlinable
    public static func unescaped(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): c
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0c
        case UInt8(ascii: "n"): 0x0a
        case UInt8(ascii: "r"): 0x0d
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The value of the four hex digits (either case) at `index`, or nil when fewer than four
    /// bytes remain or one is not a hex digit.
    @inlinable
    public static func hex4<Bytes: RandomAccessCollection>(_ bytes: Bytes, at index: Int) -> UInt32?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard index + 4 <= bytes.endIndex else { return nil }
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

    /// A `\u` value that opens a surrogate pair.
    @inlinable
    public static func isHighSurrogate(_ value: UInt32) -> Bool { (0xD800...0xDBFF).contains(value) }

    /// A `\u` value that closes a surrogate pair.
    @inlinable
    public static func isLowSurrogate(_ value: UInt32) -> Bool { (0xDC00...0xDFFF).contains(value) }

    /// The scalar a high and a low surrogate stand for together.
    @inlinable
    public static func scalar(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    /// Whether `word` (`true`, `false`, `null`) is spelt out at `index`.
    @inlinable
    public static func matches<Bytes: RandomAccessCollection>(
        _ word: StaticString,
        _ bytes: Bytes,
        at index: Int
    ) -> Bool
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.endIndex else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        return true
    }
}

/// A cursor over one JSON text, throwing `failure` at the first byte that breaks RFC 8259: the
/// lexer of the library's two strict readers (envelopes, handshake plaintexts), which refuse
/// with one code whatever the fault.
struct JSONLexer<Failure: Error> {
    let bytes: [UInt8]
    var index = 0
    private let failure: Failure

    init(_ bytes: [UInt8], failure: Failure) {
        self.bytes = bytes
        self.failure = failure
    }

    var isAtEnd: Bool { index == bytes.count }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count, JSONLexis.isWhitespace(bytes[index]) { index += 1 }
    }

    mutating func expect(_ c: UInt8) throws(Failure) {
        guard peek() == c else { throw failure }
        index += 1
    }

    /// Reads the next byte, which must exist: a container's `,` or its closing bracket.
    mutating func next() throws(Failure) -> UInt8 {
        guard let c = peek() else { throw failure }
        index += 1
        return c
    }

    /// Reads `true`, `false` or `null`.
    mutating func expectWord(_ word: StaticString) throws(Failure) {
        guard JSONLexis.matches(word, bytes, at: index) else { throw failure }
        index += word.utf8CodeUnitCount
    }

    /// number = [ "-" ] int [ frac ] [ exp ] (RFC 8259 section 6); returns the token.
    mutating func readNumber() throws(Failure) -> ArraySlice<UInt8> {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), JSONLexis.isDigit(first) else { throw failure }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let d = peek(), JSONLexis.isDigit(d) else { throw failure }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let d = peek(), JSONLexis.isDigit(d) else { throw failure }
            skipDigits()
        }
        return bytes[start..<index]
    }

    private mutating func skipDigits() {
        while let c = peek(), JSONLexis.isDigit(c) { index += 1 }
    }

    /// Reads a string, decoding escapes. Raw control characters, ill-formed UTF-8 and lone
    /// surrogates are refused: the first is RFC 8259's rule, the others because they are no
    /// Unicode text and parsers differ on what they make of them. ASCII is copied in runs
    /// between escapes and other characters, so a 16 MiB payload string costs one pass.
    ///
    /// UTF-8 is checked here, as the string is read, rather than over the whole text first:
    /// outside strings a byte above 0x7f breaks the grammar anyway, so a reader that needs the
    /// whole text valid gets it from this check, without a second pass over every byte.
    mutating func readString() throws(Failure) -> [UInt8] {
        try expect(UInt8(ascii: "\""))
        var out = [UInt8]()
        while true {
            let runStart = index
            index = Self.endOfRun(bytes, from: runStart)
            out.append(contentsOf: bytes[runStart..<index])
            guard let c = peek() else { throw failure }
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                return out
            case UInt8(ascii: "\\"):
                index += 1
                try readEscape(into: &out)
            case 0x80...:
                guard let length = Self.utf8SequenceLength(bytes, at: index) else { throw failure }
                out.append(contentsOf: bytes[index..<index + length])
                index += length
            default: throw failure  // a raw control character
            }
        }
    }

    /// The length of the well-formed UTF-8 sequence at `start` (Unicode table 3-7: no overlong
    /// form, no surrogate, nothing above U+10FFFF), or nil.
    private static func utf8SequenceLength(_ bytes: [UInt8], at start: Int) -> Int? {
        let length: Int, second: ClosedRange<UInt8>
        switch bytes[start] {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
        for k in start + 2..<start + length where !(0x80...0xBF).contains(bytes[k]) { return nil }
        return length
    }

    /// The index of the first `"`, `\`, control character or non-ASCII byte at or after `start`.
    private static func endOfRun(_ bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var k = start
            // Eight bytes at a time while none of them is `"`, `\`, a control character or
            // above 0x7f (the classic "has zero byte" and "has byte less than" tests, which
            // ignore a byte with its high bit set: `~w` stands for `~(w ^ c)` in the first two,
            // since neither `"` nor `\` has that bit). Two words per step, so that one branch
            // covers sixteen bytes.
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func special(_ w: UInt64) -> UInt64 {
                let below = ((w ^ (ones &* 0x22)) &- ones) | ((w ^ (ones &* 0x5c)) &- ones) | (w &- ones &* 0x20)
                return (below & ~w | w) & highs
            }
            let raw = UnsafeRawBufferPointer(b)
            while k + 16 <= b.count {
                let first = raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self)
                if special(first) | special(second) != 0 { break }
                k += 16
            }
            while k + 8 <= b.count, special(raw.loadUnaligned(fromByteOffset: k, as: UInt64.self)) == 0 { k += 8 }
            while k < b.count {
                let c = b[k]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
                k += 1
            }
            return k
        }
    }

    private mutating func readEscape(into out: inout [UInt8]) throws(Failure) {
        let e = try next()
        if let byte = JSONLexis.unescaped(e) {
            out.append(byte)
            return
        }
        guard e == UInt8(ascii: "u") else { throw failure }
        var scalar = try readHex4()
        if JSONLexis.isHighSurrogate(scalar) {
            try expect(UInt8(ascii: "\\"))
            try expect(UInt8(ascii: "u"))
            let low = try readHex4()
            guard JSONLexis.isLowSurrogate(low) else { throw failure }
            scalar = JSONLexis.scalar(high: scalar, low: low)
        } else if JSONLexis.isLowSurrogate(scalar) {
            throw failure
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure }
        UTF8.encode(unicode) { out.append($0) }
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        guard let value = JSONLexis.hex4(bytes, at: index) else { throw failure }
        index += 4
        return value
    }
}
