import Foundation

/// Reads the requirement ids out of the spec's Markdown.
///
/// A requirement is a paragraph or list item whose text starts with `**[ID]**`, where ID matches
/// `[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-[0-9]+` (contract: `FRAME-OPEN-5`, `QR-3`). The paragraph or
/// item runs until a blank line, a heading, a table, a fence, or the next list item. Right after
/// the id comes the role tag, the parties the requirement binds: `**[ID]** *(core, device)*`
/// (vocabulary: `RequirementRole`).
public enum RequirementReader {
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case duplicateID(String, first: String, second: String)
        /// `place` is `file:line`.
        case missingRoleTag(String, place: String)
        case malformedRoleTag(String, tag: String, place: String)
        case unknownRole(String, role: String, place: String)

        public var description: String {
            switch self {
            case .duplicateID(let id, let first, let second):
                return "requirement \(id) is defined twice: \(first) and \(second)"
            case .missingRoleTag(let id, let place):
                return
                    "\(place): requirement \(id) has no role tag: write `**[\(id)]** *(role, ...)*` with roles from: "
                    + RequirementRole.allCases.map(\.rawValue).joined(separator: ", ")
            case .malformedRoleTag(let id, let tag, let place):
                return
                    "\(place): requirement \(id) has a malformed role tag `*(\(tag))*` (an empty entry or a role named twice)"
            case .unknownRole(let id, let role, let place):
                return "\(place): requirement \(id) names the unknown role `\(role)`; roles: "
                    + RequirementRole.allCases.map(\.rawValue).joined(separator: ", ")
            }
        }
    }

    /// The sub-directory of the spec that holds the conformance kit's chapters (a document of
    /// its own, spec/kit/README.md); its requirements share one id space with the wire spec's.
    public static let kitDirectory = "kit"

    /// Generated files, which quote requirement ids but define none.
    static let generatedFiles: Set<String> = ["coverage.md", "mutants.md", "requirements-by-role.md"]

    /// Every requirement in the Markdown files of `directory` and of its `kit/` sub-directory
    /// (files sorted by name, the wire spec first), ids unique across both, each with a valid
    /// role tag. A requirement's
    /// `file` is its path relative to `directory`, e.g. `06-session-frames.md`, `kit/01-vectors.md`.
    public static func read(directory: URL) throws -> [Requirement] {
        var all: [Requirement] = []
        var seen: [String: String] = [:]
        for prefix in ["", kitDirectory + "/"] {
            let folder = prefix.isEmpty ? directory : directory.appendingPathComponent(kitDirectory)
            guard prefix.isEmpty || FileManager.default.fileExists(atPath: folder.path) else { continue }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".md") && !generatedFiles.contains($0) }
                .sorted()
            for name in names {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for requirement in read(markdown: text, file: prefix + name) {
                    let place = "\(requirement.file):\(requirement.line)"
                    switch requirement.roleTag {
                    case .roles: break
                    case .missing: throw ReadError.missingRoleTag(requirement.id, place: place)
                    case .malformed(let tag): throw ReadError.malformedRoleTag(requirement.id, tag: tag, place: place)
                    case .unknownRole(let role): throw ReadError.unknownRole(requirement.id, role: role, place: place)
                    }
                    if let first = seen[requirement.id] {
                        throw ReadError.duplicateID(requirement.id, first: first, second: place)
                    }
                    seen[requirement.id] = place
                    all.append(requirement)
                }
            }
        }
        return all
    }

    /// The requirements of one Markdown text, in document order, role tags as written (not checked).
    public static func read(markdown: String, file: String) -> [Requirement] {
        let lines = markdown.components(separatedBy: "\n")
        var result: [Requirement] = []
        var inFence = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, let (id, body, tag) = requirementStart(trimmed) else {
                index += 1
                continue
            }
            // A list item runs on over blank lines through everything indented deeper than its
            // marker (continuation paragraphs, nested lists); a paragraph ends at a blank line.
            let itemIndent = afterListMarker(Substring(trimmed)) == nil ? nil : indentation(of: line)
            var text = body
            var next = index + 1
            while next < lines.count {
                let candidate = lines[next]
                let blank = candidate.trimmingCharacters(in: .whitespaces).isEmpty
                if let itemIndent {
                    guard blank || (indentation(of: candidate) > itemIndent && !isFence(candidate)) else { break }
                } else {
                    guard continuesBlock(candidate) else { break }
                }
                if !blank { text += " " + candidate.trimmingCharacters(in: .whitespaces) }
                next += 1
            }
            result.append(
                Requirement(
                    id: id,
                    level: RequirementLevel.of(text),
                    file: file,
                    line: index + 1,
                    text: text,
                    roleTag: tag
                )
            )
            index = next
        }
        return result
    }

    /// The id, text and role tag when `line` (trimmed) opens a requirement, after an optional
    /// block quote marker and list marker.
    private static func requirementStart(_ line: String) -> (String, String, RoleTag)? {
        var content = Substring(line)
        while content.hasPrefix(">") { content = content.dropFirst().drop(while: { $0 == " " }) }
        if let afterMarker = afterListMarker(content) { content = afterMarker }
        guard content.hasPrefix("**["), let close = content.range(of: "]**") else { return nil }
        let id = String(content[content.index(content.startIndex, offsetBy: 3)..<close.lowerBound])
        guard isRequirementID(id) else { return nil }
        return (id, String(content), RoleTag.parse(afterID: content[close.upperBound...]))
    }

    /// `[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-[0-9]+`: upper-case parts joined by `-`, the last one a number.
    static func isRequirementID(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = parts.first, let last = parts.last,
            let lead = first.first, lead.isASCII, lead.isUppercase,
            !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
        }
    }

    /// The text after a list marker (`-`, `*`, `+`, `1.`, `1)` followed by a space), or nil.
    private static func afterListMarker(_ text: Substring) -> Substring? {
        var rest = text
        if let first = rest.first, "-*+".contains(first) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard let space = rest.first, space == " " || space == "\t" else { return nil }
        return rest.drop(while: { $0 == " " || $0 == "\t" })
    }

    private static func indentation(of line: String) -> Int {
        line.prefix(while: { $0 == " " || $0 == "\t" }).count
    }

    private static func isFence(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }

    /// Whether `line` continues the current paragraph.
    private static func continuesBlock(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("|")
            || trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
        {
            return false
        }
        return afterListMarker(Substring(trimmed)) == nil
    }
}
