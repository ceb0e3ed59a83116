/// Text made safe for an HTML document.
///
/// Everything the adapter chose (its name, version, operations, error codes, answers, stderr) is
/// hostile input: an unescaped `<script>` in a `hello` name would run in the browser of whoever
/// opens the report. Every such text goes through `text` or `attribute`; the report's own markup
/// is the only markup in the file.
enum HTMLText {
    /// Character data: `&`, `<`, `>` and both quotes as references, after `TextReport.printable`
    /// has made control characters, line separators and bidirectional overrides visible (ADP-45),
    /// so the text can neither break the markup nor reorder or hide what the reader sees.
    static func text(_ value: String) -> String {
        escapeMarkup(TextReport.printable(value))
    }

    /// A multi-line text (pretty-printed JSON): each line as `text`, the line breaks kept.
    static func lines(_ value: String) -> String {
        value.split(separator: "\n", omittingEmptySubsequences: false).map { text(String($0)) }.joined(separator: "\n")
    }

    /// An attribute value, to be written between double quotes.
    static func attribute(_ value: String) -> String {
        text(value)
    }

    /// `&`, `<`, `>`, `"` and `'` as character references; nothing else changed.
    static func escapeMarkup(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
