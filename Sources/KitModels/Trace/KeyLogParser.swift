import OpenHumanTunnel

/// Reads key log text (KEYLOG-1 to KEYLOG-4): `LABEL SP id-hex SP secret-hex LF` per secret.
///
/// Blank lines and lines starting with `#` are comments; a line with an unknown label is skipped
/// once its shape is right (a later version may log more kinds of secret). The last line may lack
/// its LF: an editor or a killed process leaves files that way, and the line is still whole. A
/// line may end in CR LF (KEYLOG-3): a key log copied through a Windows editor or mail client
/// still opens the exchange; writers write LF only (KEYLOG-1).
public enum KeyLogParser {
    /// What a read gives: the usable secrets and every line refused, in line order.
    public struct Reading: Equatable, Sendable {
        public let log: KeyLog
        public let errors: [KeyLogError]
    }

    /// Reads every line, keeping the good ones: the verifier reports each error and still uses
    /// the secrets no error touches.
    public static func read(_ text: String) -> Reading {
        var log = KeyLog()
        var errors: [KeyLogError] = []
        // Split on the LF byte, not on Characters: Swift reads CR LF as one Character, which
        // would glue a CR LF file into one line; the CR before each LF is then dropped.
        var lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let lastHasLF = text.utf8.last == UInt8(ascii: "\n")
        for (index, line) in lines.enumerated() {
            let number = index + 1
            do throws(KeyLogError) {
                // `eol = [ CR ] LF`: a CR counts only before an LF, not at the end of the file.
                let endsInCRLF = line.last == UInt8(ascii: "\r") && (index < lines.count - 1 || lastHasLF)
                let text = endsInCRLF ? line.dropLast() : line
                guard let entry = try entry(Array(text), line: number) else { continue }
                if !log.add(entry) { errors.append(.conflictingSecret(line: number, label: entry.label, id: entry.id)) }
            } catch {
                errors.append(error)
            }
        }
        return Reading(log: log, errors: errors)
    }

    /// The whole log, or its first error.
    public static func parse(_ text: String) throws(KeyLogError) -> KeyLog {
        let reading = read(text)
        if let first = reading.errors.first { throw first }
        return reading.log
    }

    /// The entry of one line; nil for a comment, a blank line or an unknown label.
    static func entry(_ line: [UInt8], line number: Int) throws(KeyLogError) -> KeyLogEntry? {
        if line.isEmpty || line.first == UInt8(ascii: "#") { return nil }
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 3, isLabelToken(fields[0]), !fields[1].isEmpty, !fields[2].isEmpty else {
            throw .malformedLine(line: number)
        }
        guard let id = Hex.decode(String(decoding: fields[1], as: UTF8.self)),
            let secret = Hex.decode(String(decoding: fields[2], as: UTF8.self))
        else {
            throw .badHex(line: number)
        }
        guard let label = KeyLogLabel(rawValue: String(decoding: fields[0], as: UTF8.self)) else { return nil }
        guard id.count == label.idLength, secret.count == label.secretLength else {
            throw .badLength(line: number, label: label)
        }
        return KeyLogEntry(label: label, id: id, secret: secret)
    }

    /// `1*( %x41-5A / DIGIT / "_" )`, starting with a letter.
    private static func isLabelToken(_ token: ArraySlice<UInt8>) -> Bool {
        guard let first = token.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
        return token.allSatisfy { c in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                || c == UInt8(ascii: "_")
        }
    }
}
