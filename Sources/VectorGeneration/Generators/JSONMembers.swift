/// The members of a top-level JSON object as raw JSON text, in order, so a vector can spell an
/// object exactly: escaped names, duplicates, odd values and all.
struct JSONMembers {
    /// Raw JSON text of a member's name (with its quotes) and value.
    var members: [(name: String, value: String)]

    init(raw members: [(name: String, value: String)]) {
        self.members = members
    }

    /// Members with plain names and values given as JSON values (strings are quoted as is:
    /// base64url and the fixed words need no escaping).
    init(_ members: [(String, RawValue)]) {
        self.members = members.map { ("\"\($0.0)\"", $0.1.text) }
    }

    enum RawValue {
        case string(String)
        case raw(String)

        var text: String {
            switch self {
            case .string(let s): return "\"\(s)\""
            case .raw(let r): return r
            }
        }
    }

    /// `{name:value,...}` with no whitespace.
    var bytes: [UInt8] { Array(text.utf8) }

    var text: String { "{" + members.map { "\($0.name):\($0.value)" }.joined(separator: ",") + "}" }

    func index(of name: String) -> Int? { members.firstIndex { $0.name == "\"\(name)\"" } }

    /// The raw value text of the member named `name`.
    func value(of name: String) -> String? { index(of: name).map { members[$0].value } }

    func removing(_ name: String) -> JSONMembers {
        JSONMembers(raw: members.filter { $0.name != "\"\(name)\"" })
    }

    func replacingValue(of name: String, with value: String) -> JSONMembers {
        JSONMembers(raw: members.map { $0.name == "\"\(name)\"" ? ($0.name, value) : $0 })
    }

    func replacingName(_ name: String, with rawName: String) -> JSONMembers {
        JSONMembers(raw: members.map { $0.name == "\"\(name)\"" ? (rawName, $0.value) : $0 })
    }

    func appending(rawName: String, value: String) -> JSONMembers {
        JSONMembers(raw: members + [(rawName, value)])
    }

    func inserting(rawName: String, value: String, at index: Int) -> JSONMembers {
        var copy = members
        copy.insert((rawName, value), at: index)
        return JSONMembers(raw: copy)
    }

    var reversed: JSONMembers { JSONMembers(raw: members.reversed()) }
}
