import TunnelVectors

/// Writes response lines: compact JSON, object members sorted by their UTF-8 bytes, straight into
/// a byte buffer.
///
/// A response carries up to 98,304 hex characters (a maximum frame), and the runner sends
/// thousands of requests per run, so the writer appends bytes without building intermediate
/// strings, where `JSONEncoder` would cost tens of microseconds per line.
enum ResponseWriter {
    /// One response line without its line feed: `id` and `ok` first for people reading a log,
    /// then the other members sorted.
    static func responseLine(_ response: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        guard case .object(let members) = response else {
            write(response, into: &out)
            return out
        }
        let leading = ["id", "ok"].filter { members[$0] != nil }
        let rest = members.keys.filter { !leading.contains($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        out.append(UInt8(ascii: "{"))
        for (index, name) in (leading + rest).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeString(name, into: &out)
            out.append(UInt8(ascii: ":"))
            write(members[name]!, into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// Appends `value` to `out`.
    static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let names = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, name) in names.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(name, into: &out)
                out.append(UInt8(ascii: ":"))
                write(members[name]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string: `"` and `\` escaped, control characters as short escapes or `\u00XX`,
    /// everything else (slashes and non-ASCII included) as is.
    static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        // Fast path: hex and names need no escape, so their bytes go in at once.
        let copied = string.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            out.append(contentsOf: utf8)
            return true
        }
        if copied {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(byte)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(byte)
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x00..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
