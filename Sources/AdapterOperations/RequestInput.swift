import OpenHumanTunnel
import VectorFormat

/// The request's input could not be read: a member is missing, has the wrong JSON type, is not
/// lowercase hex, or decodes to the wrong length. Answered `bad_request`; `reason` goes to stderr.
public struct BadRequest: Error {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// Typed access to an operation's input object.
///
/// Every binary member is lowercase hex with an exact length where the protocol fixes one, so a
/// malformed request is refused here and never reaches the library as a wrong-sized key (which
/// the library treats as a programming error, not as input). Members not asked for are ignored.
public struct RequestInput {
    private let members: [String: JSONValue]
    /// Where this object sits in the request, for the stderr reason (`input.steps[2]`).
    private let path: String

    public init(_ value: JSONValue?, path: String) throws(BadRequest) {
        guard case .object(let members)? = value else { throw BadRequest(reason: "\(path): expected an object") }
        self.members = members
        self.path = path
    }

    private func fail(_ name: String, _ expectation: String) -> BadRequest {
        BadRequest(reason: "\(path).\(name): expected \(expectation)")
    }

    /// Whether `name` is absent or null.
    func isAbsent(_ name: String) -> Bool {
        switch members[name] {
        case nil, .null?: true
        default: false
        }
    }

    /// Lowercase hex of any length.
    func bytes(_ name: String) throws(BadRequest) -> [UInt8] {
        guard case .string(let text)? = members[name], let bytes = HexText.decode(text) else {
            throw fail(name, "lowercase hex")
        }
        return bytes
    }

    /// Lowercase hex of exactly `count` bytes.
    func bytes(_ name: String, count: Int) throws(BadRequest) -> [UInt8] {
        let value = try bytes(name)
        guard value.count == count else { throw fail(name, "\(count) bytes of lowercase hex") }
        return value
    }

    /// A 32-byte key.
    func key(_ name: String) throws(BadRequest) -> [UInt8] {
        try bytes(name, count: 32)
    }

    /// Hex of `count` bytes, or nil when the member is absent or null.
    func optionalBytes(_ name: String, count: Int) throws(BadRequest) -> [UInt8]? {
        isAbsent(name) ? nil : try bytes(name, count: count)
    }

    public func integer(_ name: String) throws(BadRequest) -> Int64 {
        guard case .int(let value)? = members[name] else { throw fail(name, "an integer") }
        return value
    }

    /// A non-negative integer: a count the runner itself reads (`cases`).
    func natural(_ name: String) throws(BadRequest) -> Int64 {
        let value = try integer(name)
        guard value >= 0 else { throw fail(name, "a non-negative integer") }
        return value
    }

    /// The largest integer every JSON library reads exactly (a double's 53-bit mantissa).
    public static let largestSafeInteger: Int64 = (1 << 53) - 1

    /// An integer input of the protocol (`length`, `now`, `expiresAt`, `exp`): 0 to 2^53 - 1
    /// (ADP-30). A value outside this range is not the documented shape, whatever the operation
    /// would answer to it, so every implementation gives the same answer to the same line.
    /// `maximum` is the implementation's own bound (`TunnelImplementation.largestInputInteger`):
    /// 2^53 - 1 for every conforming one, larger only for the mutant that reads 64 bits.
    func safeNatural(_ name: String, maximum: Int64 = largestSafeInteger) throws(BadRequest) -> Int64 {
        let value = try integer(name)
        guard (0...maximum).contains(value) else { throw fail(name, "an integer from 0 to 2^53 - 1") }
        return value
    }

    func string(_ name: String) throws(BadRequest) -> String {
        guard case .string(let value)? = members[name] else { throw fail(name, "a string") }
        return value
    }

    func role() throws(BadRequest) -> Role {
        guard let role = Role(rawValue: try string("role")) else { throw fail("role", "\"device\" or \"core\"") }
        return role
    }

    /// `c2s` and `s2c`, 32 bytes each.
    func sessionKeys() throws(BadRequest) -> SessionKeys {
        SessionKeys(c2s: try key("c2s"), s2c: try key("s2c"))
    }

    /// The members of the array `name`, each with its path.
    func array(_ name: String) throws(BadRequest) -> [(value: JSONValue, path: String)] {
        guard case .array(let elements)? = members[name] else { throw fail(name, "an array") }
        return elements.enumerated().map { ($0.element, "\(path).\(name)[\($0.offset)]") }
    }

    /// The object member `name`.
    func object(_ name: String) throws(BadRequest) -> RequestInput {
        try RequestInput(members[name], path: "\(path).\(name)")
    }

    /// A boolean.
    func bool(_ name: String) throws(BadRequest) -> Bool {
        guard case .bool(let value)? = members[name] else { throw fail(name, "a boolean") }
        return value
    }

    /// A boolean, or nil when absent or null.
    func optionalBool(_ name: String) throws(BadRequest) -> Bool? {
        if isAbsent(name) { return nil }
        guard case .bool(let value)? = members[name] else { throw fail(name, "a boolean") }
        return value
    }

    /// An integer input from 0 to 2^53 - 1 (ADP-30), or nil when absent or null.
    func optionalNatural(_ name: String) throws(BadRequest) -> Int64? {
        isAbsent(name) ? nil : try safeNatural(name)
    }

    /// An array of strings.
    func strings(_ name: String) throws(BadRequest) -> [String] {
        try array(name).map { element throws(BadRequest) in
            guard case .string(let value) = element.value else { throw fail(name, "an array of strings") }
            return value
        }
    }

    /// The one member of a step object that names its kind, and that member's object: the
    /// shape of every step of core-channel, pairing-v3-core and pairing-v3-device.
    func onlyStep(of kinds: [String]) throws(BadRequest) -> (kind: String, body: RequestInput) {
        let present = kinds.filter(has)
        guard present.count == 1, let kind = present.first else {
            throw BadRequest(reason: "\(path): expected exactly one of \(kinds.joined(separator: ", "))")
        }
        return (kind, try object(kind))
    }

    /// A version 3 `cid` (ADP-59): 1 to 255 ASCII characters, the bounds of its length octet.
    func channelID() throws(BadRequest) -> String {
        let channelID = try string("cid")
        guard (1...PairingV3.maximumChannelIDLength).contains(channelID.utf8.count), channelID.allSatisfy(\.isASCII)
        else { throw fail("cid", "1 to 255 ASCII characters") }
        return channelID
    }

    /// Whether `name` is present (with any value, null included).
    func has(_ name: String) -> Bool { members[name] != nil }
}
