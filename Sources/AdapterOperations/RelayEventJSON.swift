import KitModels
import VectorFormat

/// The relay's events as JSON (spec/schemas/signalling-events.schema.json): reading what a
/// connection sends, with SIG-1's schema check, and writing what the relay sends.
enum RelayEventJSON {
    /// The base64url alphabet of channel ids, tokens and credentials (12.1).
    private static func isBase64URL(_ text: String, lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x2D || byte == 0x5F
            }
    }

    static func isChannelID(_ text: String) -> Bool { isBase64URL(text, lengths: 1...128) }
    static func isSecret(_ text: String) -> Bool { isBase64URL(text, lengths: 22...128) }

    private static func channelID(_ data: JSONValue?) -> String? {
        guard let text = data?["channelId"]?.stringValue, isChannelID(text) else { return nil }
        return text
    }

    private static func secret(_ data: JSONValue?, _ name: String) -> String?? {
        guard let value = data?[name] else { return .some(nil) }
        guard let text = value.stringValue, isSecret(text) else { return nil }
        return .some(text)
    }

    /// The inbound event `name` with argument `data`; `.invalid` for an unknown name, a name only
    /// the relay sends, or an argument outside its schema (SIG-1, SIG-2). `mint` gives the
    /// values the relay draws for the event; a missing one is the request's shape error.
    static func read(name: String, data: JSONValue?, mint: RequestInput?) throws(BadRequest) -> RelayInbound {
        if name == "disconnect" { return .disconnect }
        guard case .object? = data else { return .invalid }
        switch name {
        case "tunnel:register":
            guard data?["role"]?.stringValue == "core" else { return .invalid }
            guard let mint else {
                throw BadRequest(reason: "tunnel:register needs mint.channelId and mint.pairingToken")
            }
            let channel = try mint.string("channelId"), token = try mint.string("pairingToken")
            guard isChannelID(channel), isSecret(token) else {
                throw BadRequest(reason: "mint: not a channel id or token")
            }
            return .register(channelID: channel, pairingToken: token)
        case "tunnel:connect":
            guard let channel = channelID(data) else { return .invalid }
            switch data?["role"]?.stringValue {
            case "core": return .connectCore(channelID: channel)
            case "client":
                guard case .some(let token) = secret(data, "pairingToken"),
                    case .some(let credential) = secret(data, "deviceCredential")
                else { return .invalid }
                switch (token, credential) {
                case (let token?, nil):
                    guard let mint else {
                        throw BadRequest(reason: "a pairing-token connect needs mint.deviceCredential")
                    }
                    let fresh = try mint.string("deviceCredential")
                    guard isSecret(fresh) else { throw BadRequest(reason: "mint.deviceCredential: not a credential") }
                    return .connectWithPairingToken(channelID: channel, pairingToken: token, newCredential: fresh)
                case (nil, let credential?): return .connectWithCredential(channelID: channel, credential: credential)
                default: return .invalid
                }
            default: return .invalid
            }
        case "tunnel:frame":
            guard let channel = channelID(data), let payload = data?["payload"]?.stringValue else { return .invalid }
            return .frame(channelID: channel, payload: payload)
        case "tunnel:revoke":
            return channelID(data).map { .revoke(channelID: $0) } ?? .invalid
        case "tunnel:session-lost":
            return channelID(data).map { .sessionLost(channelID: $0) } ?? .invalid
        default:
            return .invalid
        }
    }

    /// `{"to", "event", "data"}`; the ack of `tunnel:register` has the event name `ack`.
    static func write(_ emission: RelayEmission) -> JSONValue {
        let (name, data): (String, [String: JSONValue]) =
            switch emission.event {
            case .registered(let channel, let token, let expires):
                (
                    "ack",
                    ["channelId": .string(channel), "pairingToken": .string(token), "pairingExpiresAt": .int(expires)]
                )
            case .registerRefused(let code):
                ("ack", ["ok": .bool(false), "error": .object(["code": .string(code.rawValue)])])
            case .connected(let channel, let role, let credential):
                (
                    "tunnel:connected",
                    ["channelId": .string(channel), "role": .string(role.rawValue)]
                        .merging(credential.map { ["deviceCredential": .string($0)] } ?? [:]) { first, _ in first }
                )
            case .frame(let channel, let payload):
                ("tunnel:frame", ["channelId": .string(channel), "payload": .string(payload)])
            case .peerStatus(let channel, let online):
                ("tunnel:peer-status", ["channelId": .string(channel), "online": .bool(online)])
            case .evicted(let channel):
                ("tunnel:evicted", ["channelId": .string(channel), "reason": .string("replaced")])
            case .revoked(let channel): ("tunnel:revoked", ["channelId": .string(channel)])
            case .sessionLost(let channel): ("tunnel:session-lost", ["channelId": .string(channel)])
            case .error(let code, let channel):
                (
                    "tunnel:error",
                    ["code": .string(code.rawValue)].merging(channel.map { ["channelId": .string($0)] } ?? [:]) {
                        first,
                        _ in first
                    }
                )
            }
        return .object(["to": .string(emission.connection), "event": .string(name), "data": .object(data)])
    }
}
