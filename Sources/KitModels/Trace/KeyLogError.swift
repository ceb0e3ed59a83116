import OpenHumanTunnel

/// Why a key log line is refused (KEYLOG-3, KEYLOG-4). `line` is 1-based.
public enum KeyLogError: Error, Equatable, Hashable, Sendable {
    /// Not `LABEL SP hex SP hex`: a wrong number of fields, another separator, a bad label token.
    case malformedLine(line: Int)
    /// An id or secret that is not lowercase hex of an even length.
    case badHex(line: Int)
    /// A known label with an id or secret of the wrong length.
    case badLength(line: Int, label: KeyLogLabel)
    /// The same label and id seen before with another secret: the log contradicts itself, so
    /// neither secret is used (KEYLOG-4).
    case conflictingSecret(line: Int, label: KeyLogLabel, id: [UInt8])

    public var line: Int {
        switch self {
        case .malformedLine(let line), .badHex(let line), .badLength(let line, _), .conflictingSecret(let line, _, _):
            line
        }
    }

    /// The stable snake_case code, as `--format json` prints it.
    public var code: String {
        switch self {
        case .malformedLine: "malformed_keylog_line"
        case .badHex: "bad_keylog_hex"
        case .badLength: "bad_keylog_length"
        case .conflictingSecret: "conflicting_keylog_secret"
        }
    }
}

extension KeyLogError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .badLength(let line, let label): "\(code) (line \(line), \(label.rawValue))"
        case .conflictingSecret(let line, let label, let id):
            "\(code) (line \(line), \(label.rawValue) \(Hex.encode(id)))"
        default: "\(code) (line \(line))"
        }
    }
}
