import OpenHumanTunnel

/// Reading and writing one JSON line of a trace, shared by the header and the records.
package enum TraceLine {
    /// The longest line a reader parses, LF excluded (TRACE-1): a record of the largest frame
    /// (49,152 bytes, 65,536 characters of base64url) fits many times over, and a 200 MB line
    /// costs 1 MiB to refuse instead of gigabytes to parse.
    package static let maximumLength = 1_048_576

    /// The line as one JSON object with no member named twice (JSON-2's reason: readers disagree
    /// on which copy wins); a line over `maximumLength` is refused unread.
    static func object(_ line: [UInt8]) throws(TraceError) -> JSONNode {
        guard line.count <= maximumLength else { throw .lineTooLong(line.count) }
        let object: JSONNode
        do { object = try JSONNodeReader.readObject(line) } catch { throw .badJSON }
        if let name = object.firstDuplicateName { throw .duplicateMember(String(decoding: name, as: UTF8.self)) }
        return object
    }

    static func required(_ name: String, in object: JSONNode) throws(TraceError) -> JSONNode {
        guard let node = object.member(name) else { throw .missingMember(name) }
        return node
    }

    /// One line of JSON: members sorted by the bytes of their names at every level, no white
    /// space, strings in the sender form of ENV-3, numbers as their token. The same value always
    /// gives the same bytes, so two tools writing one capture write one file.
    package static func write(_ node: JSONNode) -> String {
        var out: [UInt8] = []
        append(node, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func append(_ node: JSONNode, to out: inout [UInt8]) {
        switch node {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let sorted = members.enumerated().sorted { a, b in
                a.element.name == b.element.name
                    ? a.offset < b.offset : a.element.name.lexicographicallyPrecedes(b.element.name)
            }
            for (index, member) in sorted.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out += EnvelopeEncoder.jsonString(String(decoding: member.element.name, as: UTF8.self))
                out.append(UInt8(ascii: ":"))
                append(member.element.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let bytes): out += EnvelopeEncoder.jsonString(String(decoding: bytes, as: UTF8.self))
        case .number(let token): out += token
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        }
    }
}
