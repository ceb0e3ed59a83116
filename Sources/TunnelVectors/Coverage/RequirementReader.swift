import Foundation

/// Reads the requirement ids out of the spec's Markdown.
///
/// A requirement is a paragraph or list item whose text starts with `**[ID]**`, where ID matches
/// `[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-[0-9]+` (contract: `FRAME-OPEN-5`, `QR-3`). The paragraph or
/// item runs until a blank line, a heading, a table, a fence, or the next list item.
public enum RequirementReader {
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case duplicateID(String, first: String, second: String)

        public var description: String {
            switch self {
            case .duplicateID(let id, let first, let second):
                return "requirement \(id) is defined twice: \(first) and \(second)"
            }
        }
    }

    /// The sub-directory of the spec that holds the conformance kit's chapters (a document of
    /// its own, spec/kit/README.md); its requirements share one id space with the wire spec's.
    public static let kitDirectory = "kit"

    /// Generated files, which quote requirement ids but define none.
    static let generatedFiles: Set<String> = ["coverage.md", "mutants.md"]

    /// Every requirement in the Markdown files of `directory` and of its `kit/` sub-directory
    /// (files sorted by name, the wire spec first), ids unique across both. A requirement's
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

    /// The requirements of one Markdown text, in document order.
    public static func read(markdown: String, file: String) -> [Requirement] {
        let lines = markdown.components(separatedBy: "\n")
        var result: [Requirement] = []
        var inFence = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, let (id, body) = requirementStart(trimmed) else {
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
            result.append(Requirement(id: id, level: RequirementLevel.of(text), file: file, line: index + 1, text: text))
            index = next
        }
        return result
    }

    /// The id and text when `line` (trimmed) opens a requirement, after an optional block quote
    /// marker and list marker.
    private static func requirementStart(_ line: String) -> (String, String)? {
        var content = Substring(line)
        while content.hasPrefix(">") { content = content.dropFirst().drop(while: { $0 == " " }) }
        if let afterMarker = afterListMarker(content) { content = afterMarker }
        guard content.hasPrefix("**["), let close = content.range(of: "]**") else { return nil }
        let id = String(content[content.index(content.startIndex, offsetBy: 3)..<close.lowerBound])
        guard isRequirementID(id) else { return nil }
        return (id, String(content))
    }

    /// `[A-Z][A-Z0-9]*(-[A-Z0-9]+)*-[0-9]+`: upper-case parts joined by `-`, the last one a number.
    static func isRequirementID(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = parts.first, let last = parts.last,
              let lead = first.first, lead.isASCII, lead.isUppercase,
              !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
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
            || trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
            return false
        }
        return afterListMarker(Substring(trimmed)) == nil
    }
}
