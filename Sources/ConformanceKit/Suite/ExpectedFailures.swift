/// The expected-failures file: the known departures of an implementation, so CI stays green on
/// them and turns red on anything new.
///
/// One entry per line, `<id glob> <reason>`; blank lines and lines starting with `#` are
/// ignored. The list is strict in both directions: a listed vector that passes is an
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

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    public init(parsing text: String) throws(FormatError) {
        var entries: [Entry] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace()
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2 else {
                throw FormatError(line: offset + 1, problem: "expected \"<id glob> <reason>\", the reason is missing")
            }
            let glob: Glob
            do {
                glob = try Glob(String(parts[0]))
            } catch {
                throw FormatError(line: offset + 1, problem: error.description)
            }
            entries.append(Entry(line: offset + 1, glob: glob, reason: String(parts[1]).trimmingWhitespace()))
        }
        self.entries = entries
    }

    /// The first entry matching `id`.
    public func entry(for id: String) -> Entry? {
        entries.first { $0.glob.matches(id) }
    }

    /// Applies the list to raw results: failed + listed becomes an expected failure, passed +
    /// listed an unexpected pass. Returns the stale entries.
    ///
    /// Every entry must account for a failing case. One that matches a case that passed is
    /// reported through that case, as an unexpected pass. One that matches no known id at all (a
    /// typo, or a vector since renamed or removed) is stale. One that matches only cases a filter
    /// deselected or that were skipped cannot be judged in this run and is left alone.
    public func apply(to results: inout [CaseResult], knownIDs: [String]) -> [Entry] {
        for index in results.indices {
            guard let entry = entry(for: results[index].id) else { continue }
            switch results[index].outcome {
            case .failed:
                results[index].outcome = .expectedFailure
                results[index].expectation = entry
            case .passed:
                results[index].outcome = .unexpectedPass
                results[index].expectation = entry
                results[index].message = "passed, but listed as an expected failure (line \(entry.line): \(entry.reason))"
            default:
                break
            }
        }
        return entries.filter { entry in !knownIDs.contains(where: entry.glob.matches) }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        let characters = Substring(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(characters[first...last])
    }
}
