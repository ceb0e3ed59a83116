import Foundation

/// A normative statement of the spec: `**[ID]**` at the start of a paragraph or list item.
public struct Requirement: Equatable, Sendable {
    public var id: String
    public var level: RequirementLevel
    /// The spec file (name only, e.g. `06-frames.md`) that states it.
    public var file: String
    /// One-based line of the `**[ID]**` marker.
    public var line: Int
    /// The paragraph or list item's text, markers included.
    public var text: String
    /// The role tag after the bold id; `RequirementReader.read(directory:)` refuses a spec
    /// where it is anything but `.roles`.
    public var roleTag: RoleTag = .missing

    /// The parties this requirement binds; empty when its tag is missing or invalid.
    public var roles: [RequirementRole] {
        if case .roles(let roles) = roleTag { return roles }
        return []
    }
}

/// The strength of a requirement: the strongest RFC 2119 keyword in its paragraph.
///
/// "Strongest" and not "first": a statement such as "X MUST be rejected; a receiver MAY remember
/// more" is a MUST that needs a vector, whatever keyword the sentence opens with.
public enum RequirementLevel: String, Sendable, Comparable, CaseIterable {
    case must = "MUST"
    case should = "SHOULD"
    case may = "MAY"
    /// No RFC 2119 keyword at all (a spec defect the coverage table shows).
    case none = "none"

    /// MUST-level requirements need a vector, a live check or an exemption.
    public var needsCoverage: Bool { self == .must }

    private var rank: Int {
        switch self {
        case .must: return 0
        case .should: return 1
        case .may: return 2
        case .none: return 3
        }
    }

    public static func < (a: RequirementLevel, b: RequirementLevel) -> Bool { a.rank < b.rank }

    /// Keywords in the order they are looked for; the first one present decides.
    /// MUST NOT, SHALL (NOT) and REQUIRED are MUST-level; SHOULD NOT and RECOMMENDED are
    /// SHOULD-level; OPTIONAL is MAY-level (RFC 2119).
    private static let keywords: [(String, RequirementLevel)] = [
        ("MUST NOT", .must), ("MUST", .must), ("SHALL NOT", .must), ("SHALL", .must), ("REQUIRED", .must),
        ("SHOULD NOT", .should), ("SHOULD", .should), ("RECOMMENDED", .should),
        ("MAY", .may), ("OPTIONAL", .may),
    ]

    /// The level of a paragraph: the first keyword of the list above that occurs in it as a word.
    public static func of(_ text: String) -> RequirementLevel {
        for (keyword, level) in keywords where containsWord(keyword, in: text) {
            return level
        }
        return .none
    }

    private static func containsWord(_ word: String, in text: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isWordBoundary: (Character?) -> Bool = { c in
                guard let c else { return true }
                return !(c.isLetter || c.isNumber || c == "_")
            }
            if isWordBoundary(before) && isWordBoundary(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }
}
