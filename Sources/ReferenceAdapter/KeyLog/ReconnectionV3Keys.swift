import KitModels
import OpenHumanTunnel
import VectorFormat

/// The key log lines of `reconnect-v3-device` and `reconnect-v3-core` (KEYLOG-13): one
/// `V3_TRANSPORT` per reconnection, named by the `e` of its 0x13, rebuilt from the request and
/// the answer as `PairingV3Keys` does: the device's for the 0x14 it accepted, the core's for
/// every 0x13 it answered with a 0x14 (with the step's `coreEphemeral`: without it the adapter
/// drew the key, and the line cannot be rebuilt).
enum ReconnectionV3Keys {
    static func device(input: JSONValue, output: JSONValue) -> [KeyLogEntry] {
        guard let corePublic = key(input["corePublicKey"]), let channelID = input["cid"]?.stringValue,
            let deviceStatic = key(input["deviceStaticPrivate"]), let ephemeral = key(input["deviceEphemeral"]),
            let psk = key(input["reconnectPsk"])
        else { return [] }
        return zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []).flatMap { step, result in
            guard result["error"] == nil, let message = bytes(step["receive"]?["message"]),
                message.first == ReconnectionV3Message.messageTwo
            else { return [KeyLogEntry]() }
            return ReconnectionV3KeyLogLines.device(
                corePublic: corePublic,
                channelID: channelID,
                deviceStaticPrivate: deviceStatic,
                deviceEphemeralPrivate: ephemeral,
                reconnectPsk: psk,
                acceptedMessageTwo: message
            )
        }
    }

    static func core(input: JSONValue, output: JSONValue) -> [KeyLogEntry] {
        guard let coreStatic = key(input["coreStaticPrivate"]), let channelID = input["cid"]?.stringValue,
            let devicePublic = key(input["devicePublicKey"]), let psk = key(input["reconnectPsk"])
        else { return [] }
        return zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []).flatMap { step, result in
            guard result["error"] == nil, let receive = step["receive"], let message = bytes(receive["message"]),
                message.first == ReconnectionV3Message.messageOne,
                let sent = result["send"]?.arrayValue?.first.flatMap({ bytes($0) }),
                sent.first == ReconnectionV3Message.messageTwo, let coreEphemeral = key(receive["coreEphemeral"])
            else { return [KeyLogEntry]() }
            return ReconnectionV3KeyLogLines.core(
                coreStaticPrivate: coreStatic,
                channelID: channelID,
                devicePublic: devicePublic,
                reconnectPsk: psk,
                messageOne: message,
                coreEphemeralPrivate: coreEphemeral
            )
        }
    }

    private static func bytes(_ value: JSONValue?) -> [UInt8]? { value?.stringValue.flatMap(Hex.decode) }

    private static func key(_ value: JSONValue?) -> [UInt8]? { bytes(value).flatMap { $0.count == 32 ? $0 : nil } }
}
