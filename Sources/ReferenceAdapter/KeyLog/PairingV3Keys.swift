import KitModels
import OpenHumanTunnel
import VectorFormat

/// The key log lines of `pairing-v3-device` and `pairing-v3-core` (KEYLOG-13): the four
/// per-attempt secrets of each version 3 pairing the operation took part in, named by `e_D`.
///
/// As for version 2 (`OperationKeys`), the adapter rebuilds them from the request and the answer
/// (`PairingV3KeyLogLines` runs the library's Noise again on the same keys): the device logs the
/// message 1 it sent and the message 2 it accepted, the core every message 1 it answered.
enum PairingV3Keys {
    static func device(input: JSONValue, output: JSONValue) -> [KeyLogEntry] {
        guard let corePublic = key(input["corePublicKey"]), let channelID = validChannelID(input["cid"]),
            let secret = bytes(input["pairingSecret"]), secret.count == PairingV3.pairingSecretLength,
            let deviceStatic = key(input["deviceStaticPrivate"]), let ephemeral = key(input["deviceEphemeral"]),
            let nonce = bytes(input["deviceNonce"]), nonce.count == PairingV3.nonceLength, output["messageOne"] != nil
        else { return [] }
        // The device reads one message 2: the step that took one without an error.
        let accepted = zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []).first { step, result in
            result["error"] == nil && bytes(step["receive"]?["message"])?.first == PairingV3Message.messageTwo
        }
        return PairingV3KeyLogLines.device(
            corePublic: corePublic,
            channelID: channelID,
            pairingSecret: secret,
            deviceStaticPrivate: deviceStatic,
            deviceEphemeralPrivate: ephemeral,
            deviceNonce: nonce,
            acceptedMessageTwo: accepted.flatMap { bytes($0.0["receive"]?["message"]) }
        )
    }

    /// Every step that received a message 1 and sent a message 2.
    static func core(input: JSONValue, output: JSONValue) -> [KeyLogEntry] {
        guard let coreStatic = key(input["coreStaticPrivate"]), let channelID = validChannelID(input["cid"]),
            let secret = bytes(input["pairingSecret"]), secret.count == PairingV3.pairingSecretLength
        else { return [] }
        var lines: [KeyLogEntry] = []
        for (step, result) in zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []) {
            guard result["error"] == nil, let receive = step["receive"], let message = bytes(receive["message"]),
                message.first == PairingV3Message.messageOne
            else { continue }
            let sent: [UInt8]? = result["send"]?.arrayValue?.first.flatMap { bytes($0) }
            guard let sent, sent.first == PairingV3Message.messageTwo else { continue }
            lines += PairingV3KeyLogLines.core(
                coreStaticPrivate: coreStatic,
                channelID: channelID,
                pairingSecret: secret,
                messageOne: message,
                messageTwo: sent,
                coreEphemeralPrivate: key(receive["coreEphemeral"])
            )
        }
        return lines
    }

    private static func validChannelID(_ value: JSONValue?) -> String? {
        guard let text = value?.stringValue, (1...PairingV3.maximumChannelIDLength).contains(text.utf8.count) else {
            return nil
        }
        return text
    }

    private static func bytes(_ value: JSONValue?) -> [UInt8]? { value?.stringValue.flatMap(Hex.decode) }

    private static func key(_ value: JSONValue?) -> [UInt8]? { bytes(value).flatMap { $0.count == 32 ? $0 : nil } }
}
