import OpenHumanTunnel
import VectorFormat

/// pairing-v3-device (ADP-69): the phone's side of one version 3 pairing, from the QR code it
/// scanned through the core's messages and its user's answer (spec/13-handshake-v3.md, V3-DEV-1,
/// V3-CONFIRM-1, V3-CONFIRM-2). The output starts with the message 1 the device sends at once.
extension Operations {
    private enum PairingV3DeviceStep {
        case receive(message: [UInt8], now: Int64)
        case match(code: String, now: Int64)
        case refuse
        case send(ChannelV3SendStep)

        static let kinds = ["receive", "match", "refuse", "send"]

        /// `now` is optional on `receive` and `match` (0 when absent): the phone's clock matters
        /// only to the session the step may start (V3-SESS-1).
        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: Self.kinds)
            switch kind {
            case "receive":
                self = .receive(message: try body.bytes("message"), now: try body.optionalNatural("now") ?? 0)
            case "match": self = .match(code: try body.string("code"), now: try body.optionalNatural("now") ?? 0)
            case "send": self = .send(try ChannelV3SendStep(body, path: path))
            default: self = .refuse
            }
        }
    }

    func pairingV3Device(_ input: RequestInput) throws -> JSONValue {
        let channelID = try input.channelID()
        // Every step is read before message 1 is built, so a malformed request is bad_request
        // even when its core key would be low_order_key.
        for element in try input.array("steps") { _ = try PairingV3DeviceStep(element.value, path: element.path) }
        var device = try implementation.devicePairingV3(
            corePublicKey: try input.key("corePublicKey"),
            channelID: channelID,
            pairingSecret: try input.bytes("pairingSecret", count: PairingV3.pairingSecretLength),
            deviceStaticPrivate: try input.key("deviceStaticPrivate"),
            deviceEphemeralPrivate: try input.key("deviceEphemeral"),
            deviceNonce: try input.bytes("deviceNonce", count: PairingV3.nonceLength)
        )
        let messageOne = device.messageOne
        let answer = try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: PairingV3DeviceStep.init,
            apply: { step in
                switch step {
                case .receive(let message, let now): return try device.receive(message, now: now).stepAnswer
                case .match(let code, let now): return ["send": [.hex(try device.match(code: code, now: now))]]
                case .refuse: return ["send": .array(try device.refuse().map { [.hex($0)] } ?? [])]
                case .send(let step): return try device.send(step.message, now: step.now).sentFrames
                }
            },
            finish: { answer in
                if answer["send"] == nil { answer["send"] = [] }
                for (name, value) in Self.deviceStateMembers(device.state) { answer[name] = value }
            }
        )
        guard case .object(var members) = answer else { return answer }
        members["messageOne"] = .hex(messageOne)
        return .object(members)
    }

    /// `state` and what belongs to it: the code and the two confirmations while confirming, the
    /// reconnection psk once paired.
    private static func deviceStateMembers(_ state: DevicePairingV3.State) -> [String: JSONValue] {
        switch state {
        case .awaitingReply: return ["state": "awaiting"]
        case .confirming(let code, let coreConfirmed, let deviceConfirmed):
            return [
                "state": "confirming", "code": .string(code),
                "confirmed": ["core": .bool(coreConfirmed), "device": .bool(deviceConfirmed)],
            ]
        case .paired(let reconnectPsk): return ["state": "paired", "reconnectPsk": .hex(reconnectPsk)]
        case .failed: return ["state": "failed"]
        }
    }
}

/// The phone's side of a version 3 pairing, as `pairing-v3-device` drives it.
public protocol DevicePairingV3Endpoint {
    var state: DevicePairingV3.State { get }
    var messageOne: [UInt8] { get }
    mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> ChannelV3Outcome
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]]
    mutating func match(code: String, now: Int64) throws(TunnelError) -> [UInt8]
    mutating func refuse() throws(TunnelError) -> [UInt8]?
}

extension DevicePairingV3: DevicePairingV3Endpoint {}
