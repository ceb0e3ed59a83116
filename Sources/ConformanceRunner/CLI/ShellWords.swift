/// Splits a command line into words the way a POSIX shell does, without running a shell:
/// whitespace separates words; `'...'` is literal; `"..."` is literal except for `\"`, `\\`, `\$`
/// and `` \` ``; a backslash outside quotes makes the next character literal. There is no
/// expansion of any kind (`$VAR`, `~`, globs stay as written), so `--adapter` means exactly what
/// it says on every machine.
public enum ShellWords {
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public static func split(_ line: String) throws(SyntaxError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = Array(line)[...]
        while let c = characters.popFirst() {
            switch c {
            case " ", "\t", "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                guard let end = characters.firstIndex(of: "'") else {
                    throw SyntaxError(description: "unterminated single quote in: \(line)")
                }
                current += String(characters[..<end])
                characters = characters[(end + 1)...]
            case "\"":
                inWord = true
                var closed = false
                while let d = characters.popFirst() {
                    if d == "\"" {
                        closed = true
                        break
                    }
                    if d == "\\", let next = characters.first, "\"\\$`".contains(next) {
                        current.append(next)
                        characters.removeFirst()
                    } else {
                        current.append(d)
                    }
                }
                guard closed else { throw SyntaxError(description: "unterminated double quote in: \(line)") }
            case "\\":
                inWord = true
                guard let next = characters.popFirst() else {
                    throw SyntaxError(description: "trailing backslash in: \(line)")
                }
                if next != "\n" { current.append(next) }
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
