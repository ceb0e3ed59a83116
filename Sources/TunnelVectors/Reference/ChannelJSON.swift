import OpenHumanTunnel

/// The JSON form of a core's channel state in `handshake-core` (spec/11-adapter-protocol.md):
/// `{"state":"pending","expiresAt":n}`, `{"state":"paired","devicePublicKey":hex,
/// "lastHandshakeEphemeral":hex|null}` or `{"state":"revoked"}`.
public enum ChannelJSON {
    public static func encode(_ state: ChannelState) -> JSONValue {
        switch state {
        case .pending(let expiresAt):
            return ["state": "pending", "expiresAt": .int(expiresAt)]
        case .paired(let device, let last):
            return ["state": "paired", "devicePublicKey": .hex(device),
                    "lastHandshakeEphemeral": last.map(JSONValue.hex) ?? .null]
        case .revoked:
            return ["state": "revoked"]
        }
    }

    static func decode(_ value: JSONValue) throws(InputReader.BadRequest) -> ChannelState {
        let reader = try InputReader(value)
        switch try reader.string("state") {
        case "pending":
            return .pending(expiresAt: try reader.int("expiresAt"))
        case "paired":
            let last: [UInt8]? = reader.has("lastHandshakeEphemeral")
                ? try reader.hex("lastHandshakeEphemeral", length: 32) : nil
            return .paired(devicePublicKey: try reader.hex("devicePublicKey", length: 32), lastHandshakeEphemeral: last)
        case "revoked":
            return .revoked
        default:
            throw InputReader.BadRequest(reason: "unknown channel state")
        }
    }
}
