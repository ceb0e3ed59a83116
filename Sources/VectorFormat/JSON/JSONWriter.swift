/// The kit's one JSON writer: a `JSONValue` as UTF-8 JSON, keys sorted by their UTF-8 bytes,
/// slashes not escaped. (Vector files go through `CanonicalJSON`, whose bytes are fixed.)
///
/// Compact output is one line (an adapter request or response); pretty output indents by two
/// spaces (the JSON report). Writing straight into a byte buffer costs a few µs per line, where
/// `JSONEncoder` measured about 25 µs: a response carries up to 98,304 hex characters and a run
/// sends thousands of requests, so the difference is visible in a 2-second run.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: nil)
        return out
    }

    /// Compact text with the top-level members named in `leading` first, in that order, then the
    /// others sorted: an adapter response puts `id` and `ok` first for people reading a log.
    public static func compact(_ value: JSONValue, leading: [String]) -> [UInt8] {
        guard case .object(let members) = value, !members.isEmpty else { return compact(value) }
        var out: [UInt8] = []
        out.reserveCapacity(256)
        let first = leading.filter { members[$0] != nil }
        let rest = members.keys.filter { !first.contains($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        out.append(UInt8(ascii: "{"))
        for (index, name) in (first + rest).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeString(name, into: &out)
            out.append(UInt8(ascii: ":"))
            write(members[name]!, into: &out, indent: nil)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    public static func pretty(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out, indent: 0)
        out.append(0x0A)
        return out
    }

    /// Compact text, for messages shown to people.
    public static func compactString(_ value: JSONValue) -> String {
        String(decoding: compact(value), as: UTF8.self)
    }

    /// Appends `value`; `indent` nil means compact, otherwise the current depth in levels.
    public static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, indent: indent.map { $0 + 1 })
                write(element, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(into: &out, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            let names = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, name) in names.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(into: &out, indent: indent.map { $0 + 1 })
                writeString(name, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(0x20) }
                write(members[name]!, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(into: &out, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(into out: inout [UInt8], indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `string` quoted. Runs of bytes that need no escape (all of a hex string) are
    /// copied in one piece: this is the runner's hottest loop.
    public static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                // Control characters, `"` (0x22) and `\` (0x5C); literals keep debug builds fast too.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(byte, into: &out)
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            out.append(contentsOf: "u00".utf8)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
    }
}
