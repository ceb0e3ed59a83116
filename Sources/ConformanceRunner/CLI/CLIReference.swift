/// spec/kit/cli.md: the help pages of `HelpText` rendered as Markdown, so that each fact of the
/// command line is written once (in `HelpText`) and read in two places (`--help` and the spec).
public enum CLIReference {
    /// Where the reference lives in the repository.
    public static let path = "spec/kit/cli.md"
    /// The command that rewrites it, named in its header and in the staleness test's message.
    public static let regenerateCommand = "swift run conformance --write-cli-reference spec/kit/cli.md"

    /// nil when `current` (the file's text, nil when missing) is the rendered reference; otherwise
    /// what is wrong and how to fix it.
    public static func staleness(of current: String?) -> String? {
        guard let current else { return "\(path) is missing: generate it with \(regenerateCommand)" }
        let expected = HelpText.markdown
        guard current != expected else { return nil }
        let old = current.components(separatedBy: "\n"), new = expected.components(separatedBy: "\n")
        let line = old.indices.first { $0 >= new.count || old[$0] != new[$0] } ?? old.count
        return "\(path) is stale (first difference at line \(line + 1)): it is generated from the help text "
            + "(Sources/ConformanceRunner/CLI/HelpText.swift); regenerate it with \(regenerateCommand)"
    }

    /// The whole reference: a header saying it is generated, then one section per page.
    static func markdown(pages: [HelpPage]) -> String {
        var out = [
            "# The command line of `conformance` (generated)",
            "",
            "Generated from the help text (`Sources/ConformanceRunner/CLI/HelpText.swift`), which",
            "`conformance --help` and `conformance verify --help` print; do not edit it by hand.",
            "Regenerate it with `\(regenerateCommand)`;",
            "`CLIReferenceTests` fails when it is stale. The rules these options implement are in",
            "[chapter 4](04-runner.md) (the runner) and [chapter 3](03-verifier.md) (the verifier).",
        ]
        for page in pages { out += [""] + section(page) }
        return out.joined(separator: "\n") + "\n"
    }

    private static func section(_ page: HelpPage) -> [String] {
        var out = ["## `\(page.command)`", "", escape(page.lead.joined(separator: " ")), "", "```text"]
        out += page.usage + ["```"]
        for paragraph in page.paragraphs {
            if let title = paragraph.title { out += ["", "### `\(title)`"] }
            out += ["", escape(paragraph.lines.joined(separator: " "))]
        }
        out += ["", "### Options", ""]
        for option in page.options {
            var item = "- `\(option.name)`: " + escape(option.description.joined(separator: " "))
            if !option.examples.isEmpty {
                item +=
                    (option.examples.count == 1 ? " Example: " : " Examples: ")
                    + option.examples.map { "`\($0)`" }.joined(separator: ", ")
            }
            out.append(item)
        }
        for section in page.sections {
            out += ["", "### " + heading(section.title)]
            for block in section.blocks {
                switch block {
                case .text(let lines): out += ["", escape(lines.joined(separator: " "))]
                case .code(let lines): out += ["", "```text"] + lines + ["```"]
                }
            }
        }
        out += ["", "### " + heading("EXIT STATUS"), "", "| status | meaning |", "| --- | --- |"]
        for status in page.exitStatuses {
            out.append("| \(status.code) | \(escape(status.lines.joined(separator: " "))) |")
        }
        out += ["", "### " + heading(page.examplesTitle), "", "```sh"] + page.examples + ["```"]
        return out
    }

    /// `EXIT STATUS` as `Exit status`.
    private static func heading(_ title: String) -> String {
        String(title.prefix(1)) + title.dropFirst().lowercased()
    }

    /// Prose for Markdown: code spans (between backticks) as written, and outside them every
    /// character Markdown could read as markup escaped, so `<id glob>` stays text, not HTML.
    static func escape(_ text: String) -> String {
        var out = ""
        var inCode = false
        for character in text {
            if character == "`" {
                inCode.toggle()
                out.append(character)
            } else if !inCode, "\\*_[]<>|#".contains(character) {
                out += "\\" + String(character)
            } else {
                out.append(character)
            }
        }
        return out
    }
}
