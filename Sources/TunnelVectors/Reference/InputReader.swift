import OpenHumanTunnel

/// Reads the members of an operation's input object, failing with `bad_request` on anything
/// that is not the documented shape (a missing member, upper-case hex, a wrong length).
struct InputReader {
    struct BadRequest: Error {
        let reason: String
    }

    private let members: [String: JSONValue]

    init(_ input: JSONValue) throws(BadRequest) {
        guard case .object(let members) = input else { throw BadRequest(reason: "input is not an object") }
        self.members = members
    }

    func has(_ name: String) -> Bool { members[name] != nil && members[name] != .null }

    func value(_ name: String) throws(BadRequest) -> JSONValue {
        guard let value = members[name] else { throw BadRequest(reason: "missing \(name)") }
        return value
    }

    func string(_ name: String) throws(BadRequest) -> String {
        guard let text = members[name]?.stringValue else { throw BadRequest(reason: "\(name) is not a string") }
        return text
    }

    func int(_ name: String) throws(BadRequest) -> Int64 {
        guard let number = members[name]?.intValue else { throw BadRequest(reason: "\(name) is not an integer") }
        return number
    }

    /// A lowercase hex member, optionally of an exact byte length.
    func hex(_ name: String, length: Int? = nil) throws(BadRequest) -> [UInt8] {
        guard let bytes = Hex.decode(try string(name)) else { throw BadRequest(reason: "\(name) is not lowercase hex") }
        if let length, bytes.count != length {
            throw BadRequest(reason: "\(name) is \(bytes.count) bytes, not \(length)")
        }
        return bytes
    }

    func array(_ name: String) throws(BadRequest) -> [JSONValue] {
        guard let items = members[name]?.arrayValue else { throw BadRequest(reason: "\(name) is not an array") }
        return items
    }

    func role(_ name: String = "role") throws(BadRequest) -> Role {
        switch try string(name) {
        case "device": return .device
        case "core": return .core
        default: throw BadRequest(reason: "\(name) is neither device nor core")
        }
    }

    func sessionKeys() throws(BadRequest) -> SessionKeys {
        SessionKeys(c2s: try hex("c2s", length: 32), s2c: try hex("s2c", length: 32))
    }
}
