/// A glob over vector ids: `*` matches any run of characters (slashes included, so
/// `frame-open/*` and `*replay*` both work), `?` matches one character, `[abc]` and `[a-z]` match
/// one character of a set (`[!...]` negates), and `\` makes the next character literal.
/// Everything else matches itself, case-sensitively.
public struct Glob: Equatable, Sendable, CustomStringConvertible {
    private enum Token: Equatable, Sendable {
        case literal(Character)
        case any
        case anyRun
        case set([ClosedRange<Character>], negated: Bool)

        func matches(_ c: Character) -> Bool {
            switch self {
            case .literal(let l): return l == c
            case .any: return true
            case .anyRun: return true
            case .set(let ranges, let negated): return ranges.contains { $0.contains(c) } != negated
            }
        }
    }

    public let pattern: String
    private let tokens: [Token]
    /// The text the glob matches when it has no `*`, `?` or set: then it matches that id only,
    /// and an expected-failures list can find it by hash instead of trying every entry.
    public let literal: String?
    /// The literal text every match starts with (up to the first metacharacter).
    public let literalPrefix: String

    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(_ pattern: String) throws(SyntaxError) {
        self.pattern = pattern
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        while let c = characters.popFirst() {
            switch c {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?":
                tokens.append(.any)
            case "\\":
                guard let next = characters.popFirst() else {
                    throw SyntaxError(description: "glob \"\(pattern)\" ends with a lone backslash")
                }
                tokens.append(.literal(next))
            case "[":
                tokens.append(try Self.parseSet(&characters, pattern: pattern))
            default:
                tokens.append(.literal(c))
            }
        }
        self.tokens = tokens
        var prefix = ""
        var literalTokens = 0
        for token in tokens {
            guard case .literal(let c) = token else { break }
            prefix.append(c)
            literalTokens += 1
        }
        self.literalPrefix = prefix
        self.literal = literalTokens == tokens.count ? prefix : nil
    }

    private static func parseSet(
        _ characters: inout ArraySlice<Character>,
        pattern: String
    ) throws(SyntaxError) -> Token {
        var negated = false
        if characters.first == "!" || characters.first == "^" {
            negated = true
            characters.removeFirst()
        }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while let c = characters.popFirst() {
            if c == "]" && !first {
                return .set(ranges, negated: negated)
            }
            first = false
            var low = c
            if c == "\\" {
                guard let escaped = characters.popFirst() else { break }
                low = escaped
            }
            if characters.first == "-", characters.count >= 2, characters[characters.startIndex + 1] != "]" {
                characters.removeFirst()
                let high = characters.removeFirst()
                guard low <= high else {
                    throw SyntaxError(description: "glob \"\(pattern)\" has a reversed range \(low)-\(high)")
                }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        throw SyntaxError(description: "glob \"\(pattern)\" has an unclosed [")
    }

    public var description: String { pattern }

    /// Whether the whole of `text` matches.
    public func matches(_ text: String) -> Bool {
        let characters = Array(text)
        // Iterative matching with one backtrack point for the last `*`: linear in practice,
        // and never exponential, whatever the pattern.
        var t = 0, p = 0
        var starToken = -1, starText = 0
        while t < characters.count {
            if p < tokens.count, tokens[p] == .anyRun {
                starToken = p
                starText = t
                p += 1
            } else if p < tokens.count, tokens[p].matches(characters[t]) {
                p += 1
                t += 1
            } else if starToken >= 0 {
                p = starToken + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < tokens.count, tokens[p] == .anyRun { p += 1 }
        return p == tokens.count
    }
}
