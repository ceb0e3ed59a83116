/// The expected-failures file: the known departures of an implementation, so CI stays green on
/// them and turns red on anything new.
///
/// One entry per line, `<id glob> <reason>`; blank lines and lines starting with `#` are
/// ignored; LF and CRLF line ends are both accepted. The list is strict in both directions: a listed vector that passes is an
/// *unexpected pass*, and an entry that matches no case at all is *stale*; both fail the run, so
/// the file always says exactly what is broken today.
public struct ExpectedFailures: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var line: Int
        public var glob: Glob
        public var reason: String

        public init(line: Int, glob: Glob, reason: String) {
            self.line = line
            self.glob = glob
            self.reason = reason
        }
    }

    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var problem: String
        public var description: String { "line \(line): \(problem)" }

        public init(line: Int, problem: String) {
            self.line = line
            self.problem = problem
        }
    }

    public var entries: [Entry] {
        didSet { index = Index(entries) }
    }
    /// Built once per list: looking an id up must not cost a pass over every entry.
    private var index: Index

    public init(entries: [Entry] = []) {
        self.entries = entries
        self.index = Index(entries)
    }

    /// The most of a reason kept (ADP-125): every matched case repeats it in every format, so a
    /// 10 MiB reason on a glob of 18 cases would print 180 MiB.
    public static let reasonBytes = 1_000

    public static func == (lhs: ExpectedFailures, rhs: ExpectedFailures) -> Bool { lhs.entries == rhs.entries }

    /// Parses the file (ADP-42): lines end with LF or CRLF (a file saved on Windows means the
    /// same as on Unix); blank lines and lines whose first non-blank character is `#` are
    /// comments; every other line is `<id glob> <reason>`, and one that is not is an error that
    /// names its line, never a line silently ignored.
    public init(parsing text: String) throws(FormatError) {
        var entries: [Entry] = []
        // Split on scalars: in a Swift String "\r\n" is one Character, so splitting Characters
        // on "\n" would read a CRLF file as a single line.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            var scalars = Substring(rawLine).unicodeScalars[...]
            if scalars.last == "\r" { scalars.removeLast() }
            let line = String(String.UnicodeScalarView(scalars)).trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.unicodeScalars.contains(where: { $0 == "\r" || ($0.value < 0x20 && $0 != "\t") }) {
                throw FormatError(line: number, problem: "a control character (a stray carriage return?) in the line")
            }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2 else {
                throw FormatError(line: number, problem: "expected \"<id glob> <reason>\", the reason is missing")
            }
            let glob: Glob
            do {
                glob = try Glob(String(parts[0]))
            } catch {
                throw FormatError(line: number, problem: error.description)
            }
            let reason = String(parts[1]).trimmingWhitespace()
            entries.append(
                Entry(line: number, glob: glob, reason: RetentionBounds.truncated(reason, limit: Self.reasonBytes))
            )
        }
        self.init(entries: entries)
    }

    /// The first entry (in file order) matching `id`.
    public func entry(for id: String) -> Entry? {
        index.first(matching: id).map { entries[$0] }
    }

    /// Applies the list to raw results: failed + listed becomes an expected failure, passed +
    /// listed an unexpected pass. Returns the stale entries.
    ///
    /// Every entry must account for a failing case. One that matches a case that passed is
    /// reported through that case, as an unexpected pass. One that matches no known id at all (a
    /// typo, or a vector since renamed or removed) is stale. One that matches only cases a filter
    /// deselected or that were skipped cannot be judged in this run and is left alone.
    public func apply(to results: inout [CaseResult], knownIDs: [String]) -> [Entry] {
        for position in results.indices {
            guard let entry = entry(for: results[position].id) else { continue }
            switch results[position].outcome {
            case .failed:
                results[position].outcome = .expectedFailure
                results[position].expectation = entry
            case .passed:
                results[position].outcome = .unexpectedPass
                results[position].expectation = entry
                results[position].message =
                    "passed, but listed as an expected failure (line \(entry.line): \(entry.reason))"
            default:
                break
            }
        }
        let known = KnownIDs(knownIDs)
        return entries.filter { !known.anyMatches($0.glob) }
    }

    /// Exact entries (globs without a metacharacter, nearly every line of a real list) are found
    /// by hash. The others are grouped by their literal prefix (`frame-open/` for
    /// `frame-open/type-*`), and only the groups whose prefix starts the id are tried. A 1 MB
    /// list of 29,000 stale entries against 23,000 ids went from about a minute to a fraction of
    /// a second.
    private struct Index: Sendable {
        /// id -> position of the first exact entry naming it.
        var exact: [String: Int] = [:]
        /// literal prefix -> positions of the entries with a metacharacter, in file order.
        var patterns: [String: [Int]] = [:]
        /// The lengths (in Characters) of the prefixes in `patterns`.
        var prefixLengths: [Int] = []
        let globs: [Glob]

        init(_ entries: [Entry]) {
            globs = entries.map(\.glob)
            for (position, entry) in entries.enumerated() {
                if let literal = entry.glob.literal {
                    if exact[literal] == nil { exact[literal] = position }
                } else {
                    patterns[entry.glob.literalPrefix, default: []].append(position)
                }
            }
            prefixLengths = Set(patterns.keys.map(\.count)).sorted()
        }

        func first(matching id: String) -> Int? {
            var best = exact[id]
            for length in prefixLengths {
                guard length <= id.count else { break }
                guard let positions = patterns[String(id.prefix(length))] else { continue }
                for position in positions {
                    if let best, best < position { break }
                    if globs[position].matches(id) {
                        best = position
                        break
                    }
                }
            }
            return best
        }
    }

    /// The suite's ids, hashed for exact entries and sorted so that a glob is tried only on the
    /// ids that start with its literal prefix.
    private struct KnownIDs {
        let set: Set<String>
        let sorted: [String]

        init(_ ids: [String]) {
            set = Set(ids)
            sorted = set.sorted()
        }

        func anyMatches(_ glob: Glob) -> Bool {
            if let literal = glob.literal { return set.contains(literal) }
            let prefix = glob.literalPrefix
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
            }
            for id in sorted[low...] {
                guard id.hasPrefix(prefix) else { return false }
                if glob.matches(id) { return true }
            }
            return false
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let characters = Substring(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(characters[first...last])
    }
}
