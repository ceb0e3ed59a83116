import OpenHumanTunnel
import Testing

/// One plaintext for a JSON receiver and what the receiver must answer (nil: accepted).
///
/// Templates are written in the spec's notation: `<D>`, `<C>` and `<S>` stand for the device,
/// client ephemeral and server ephemeral key texts; `<x:hex>` inserts raw bytes, for the
/// invalid UTF-8 that a Swift string literal cannot hold.
struct JSONCase: Sendable, CustomTestStringConvertible {
    let template: String
    let expected: TunnelError?

    init(_ template: String, _ expected: TunnelError?) {
        self.template = template
        self.expected = expected
    }

    var testDescription: String { "\(template) -> \(expected.map(\.description) ?? "accepted")" }

    func render(_ substitutions: [String: String]) -> [UInt8] {
        var text = template
        for (token, value) in substitutions { text = text.replacing(token, with: value) }
        let parts = text.split(separator: "<x:", omittingEmptySubsequences: false)
        var bytes = utf8(String(parts[0]))
        for part in parts.dropFirst() {
            let close = part.firstIndex(of: ">")!
            bytes += hex(String(part[..<close])) + utf8(String(part[part.index(after: close)...]))
        }
        return bytes
    }
}

/// Ways to spoil a key's base64url text (ENC-1, ENC-3), with the error each must give.
enum KeyTextDamage: CaseIterable, Sendable {
    case padded, plusSign, slash, nonZeroTrailingBits, leadingSpace, trailingLineFeed, nonASCII
    case length41, length45, canonical31Bytes, canonical33Bytes, nonCanonical31Bytes, empty, threeBytes

    var expected: TunnelError {
        switch self {
        case .canonical31Bytes, .canonical33Bytes, .empty, .threeBytes: .badKeyLength
        default: .badBase64URL
        }
    }

    /// The damaged text, as a JSON string body (so `\n` is a JSON escape).
    func apply(to text: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        func bumpLast(_ t: String) -> String {
            let index = alphabet.firstIndex(of: t.last!)!
            return String(t.dropLast()) + String(alphabet[index | 1])  // sets an unused low bit
        }
        switch self {
        case .padded: return text + "="
        case .plusSign: return "+" + text.dropFirst()
        case .slash: return "/" + text.dropFirst()
        case .nonZeroTrailingBits: return bumpLast(text)
        case .leadingSpace: return " " + text
        case .trailingLineFeed: return text + "\\n"
        case .nonASCII: return "é" + text.dropFirst()
        case .length41: return String(text.prefix(41))
        case .length45: return text + "AA"
        case .canonical31Bytes: return Base64URL.encode(repeated(0x35, 31))
        case .canonical33Bytes: return Base64URL.encode(repeated(0x35, 33))
        case .nonCanonical31Bytes: return bumpLast(Base64URL.encode(repeated(0x35, 31)))
        case .empty: return ""
        case .threeBytes: return "AAAA"
        }
    }
}

/// JSON values that are not strings, for JSON-4.
let nonStringValues = ["7", "-1.5e3", "0", "null", "true", "false", "[]", #"["<K>"]"#, "{}", #"{"k":"<K>"}"#]

/// How a nesting test builds its levels: each level is `opener … closer`, and `innermost` sits
/// in the deepest one (empty, or a value that is not a container, so it adds no level).
struct Nesting: Sendable, CustomTestStringConvertible {
    let opener: String, closer: String, innermost: String

    static let variants = [
        Nesting(opener: "[", closer: "]", innermost: ""),
        Nesting(opener: "[", closer: "]", innermost: "0"),
        Nesting(opener: "[", closer: "]", innermost: #""s""#),
        Nesting(opener: #"{"a":"#, closer: "}", innermost: "null"),
    ]

    var testDescription: String { "\(opener)\(innermost)\(closer)" }

    /// A JSON text of `levels` nesting levels, the top-level object being level 1: the required
    /// members plus `"deep"` holding `levels - 1` nested containers.
    func template(levels: Int, required: String) -> String {
        "{\(required),\"deep\":" + String(repeating: opener, count: levels - 1) + innermost
            + String(repeating: closer, count: levels - 1) + "}"
    }
}
