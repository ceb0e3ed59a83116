import OpenHumanTunnel
import VectorFormat

/// The handshake and ack plaintexts, read and written (HS-2, ACK-2, JSON-1 to JSON-7, amendment
/// A1), with the JSON mutants.
struct ComposedHandshakeJSON {
    let mutant: Mutant?

    static let devicePublicKeyField = "device_pubkey"
    static let clientEphemeralField = "client_ephemeral_pubkey"
    static let kindField = "kind"
    static let serverEphemeralField = "server_ephemeral_pubkey"
    static let ackKind = "handshake_ack"

    /// A top-level member's value, as far as the handshake cares.
    enum Value {
        case string(String)
        case other
    }

    /// The top-level members, the last copy of a repeated name winning (only reachable with the
    /// duplicate mutant).
    ///
    /// JSON-1 first: any text that is not UTF-8 JSON with an object on top is bad_handshake_json,
    /// even when it also repeats a member; only then JSON-2 reports the first repeated name.
    func members(_ plaintext: [UInt8]) throws(TunnelError) -> [String: Value] {
        let list: [(name: String, value: JSONValue?)]?
        do {
            list = try JSONReader.topLevelMembers(plaintext, maximumDepth: maximumDepth, leniency: leniency)
        } catch {
            if mutant == .duplicateReportedBeforeSyntaxError, let name = error.duplicateSeen {
                throw .duplicateField(name)
            }
            throw .badHandshakeJSON
        }
        guard let list else { throw .badHandshakeJSON }
        var members: [String: Value] = [:]
        var firstDuplicate: String?
        for (name, member) in list {
            let value: Value
            if case .string(let text)? = member { value = .string(text) } else { value = .other }
            if members.updateValue(value, forKey: name) != nil, firstDuplicate == nil { firstDuplicate = name }
        }
        if let firstDuplicate, mutant != .duplicateJSONFieldsAccepted { throw .duplicateField(firstDuplicate) }
        return members
    }

    /// The library's bound: values nested below the top-level object down to 64 levels (spec
    /// levels 2 to 65; JSON-1 requires 32 and allows refusing more). The mutant's bound refuses
    /// spec level 32 itself (depth 31 below the top-level object).
    private var maximumDepth: Int { mutant == .jsonNestingLimitOffByOne ? 30 : 64 }

    private var leniency: JSONReader.Leniency {
        var leniency = JSONReader.Leniency.strict
        leniency.loneSurrogates = mutant == .loneSurrogateAccepted
        leniency.invalidUTF8 = mutant == .invalidUTF8Replaced
        leniency.rawMemberNames = mutant == .escapedMemberNamesNotUnescaped
        return leniency
    }

    /// The unknown-members mutant's refusal of any member beyond `known` (JSON-5 says ignore them).
    private func checkNoUnknownMembers(_ members: [String: Value], known: Set<String>) throws(TunnelError) {
        if mutant == .unknownJSONMembersRejected, !members.keys.allSatisfy(known.contains) { throw .badHandshakeJSON }
    }

    /// The required string member `name` (JSON-3, JSON-4).
    func string(_ name: String, in members: [String: Value]) throws(TunnelError) -> String {
        guard let value = members[name] else {
            throw mutant == .missingFieldReportedAsBadJSON ? .badHandshakeJSON : .missingField(name)
        }
        guard case .string(let text) = value else { throw .badFieldType(name) }
        return text
    }

    /// The required key member `name`, checked completely (JSON-6).
    func key(_ name: String, in members: [String: Value]) throws(TunnelError) -> [UInt8] {
        try ComposedBase64URL(mutant: mutant).decodeKey(string(name, in: members))
    }

    /// The handshake's two keys, each checked completely before the next (JSON-7).
    func handshakeKeys(in members: [String: Value]) throws(TunnelError) -> (device: [UInt8], clientEphemeral: [UInt8]) {
        try checkNoUnknownMembers(members, known: [Self.devicePublicKeyField, Self.clientEphemeralField])
        if mutant == .fieldsCheckedInWrongOrder {
            let clientEphemeral = try key(Self.clientEphemeralField, in: members)
            return (try key(Self.devicePublicKeyField, in: members), clientEphemeral)
        }
        let device = try key(Self.devicePublicKeyField, in: members)
        return (device, try key(Self.clientEphemeralField, in: members))
    }

    /// The ack's server ephemeral key, after its kind (ACK-4, JSON-7).
    func ackServerEphemeral(in members: [String: Value]) throws(TunnelError) -> [UInt8] {
        try checkNoUnknownMembers(members, known: [Self.kindField, Self.serverEphemeralField])
        if mutant == .ackKindNotChecked { return try key(Self.serverEphemeralField, in: members) }
        if mutant == .fieldsCheckedInWrongOrder {
            let serverEphemeral = try key(Self.serverEphemeralField, in: members)
            try checkKind(in: members)
            return serverEphemeral
        }
        try checkKind(in: members)
        return try key(Self.serverEphemeralField, in: members)
    }

    private func checkKind(in members: [String: Value]) throws(TunnelError) {
        guard try string(Self.kindField, in: members) == Self.ackKind else { throw .badFieldValue(Self.kindField) }
    }

    /// HS-2: `{"device_pubkey":"…","client_ephemeral_pubkey":"…"}`.
    func handshakePlaintext(devicePublic: [UInt8], clientEphemeralPublic: [UInt8]) -> [UInt8] {
        var members = [
            (Self.devicePublicKeyField, Base64URL.encode(devicePublic)),
            (Self.clientEphemeralField, Base64URL.encode(clientEphemeralPublic)),
        ]
        if mutant == .handshakePlaintextSortedKeys { members.sort { $0.0 < $1.0 } }
        return write(members, separator: ",", colon: ":")
    }

    /// ACK-2: `{"kind":"handshake_ack","server_ephemeral_pubkey":"…"}`.
    func ackPlaintext(serverEphemeralPublic: [UInt8]) -> [UInt8] {
        let spaced = mutant == .ackPlaintextWithSpaces
        return write(
            [(Self.kindField, Self.ackKind), (Self.serverEphemeralField, Base64URL.encode(serverEphemeralPublic))],
            separator: spaced ? ", " : ",",
            colon: spaced ? ": " : ":"
        )
    }

    /// Values here are base64url or fixed ASCII words, which JSON never escapes.
    private func write(_ members: [(String, String)], separator: String, colon: String) -> [UInt8] {
        Array(("{" + members.map { "\"\($0.0)\"\(colon)\"\($0.1)\"" }.joined(separator: separator) + "}").utf8)
    }
}
