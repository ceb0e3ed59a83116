import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// reconnect-v3-core (ADP-128) and reconnect-v3-device (ADP-129): a version 3 reconnection of a
/// paired channel, from each side (spec/13-handshake-v3.md 13.8). Every step reports the
/// messages sent because of it and which session is committed, by its handshake hash.
extension Operations {
    private struct ReconnectCoreStep {
        let message: [UInt8]
        let now: Int64
        let coreEphemeralPrivate: [UInt8]?

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (_, body) = try RequestInput(value, path: path).onlyStep(of: ["receive"])
            message = try body.bytes("message")
            now = try body.safeNatural("now")
            coreEphemeralPrivate = try body.optionalBytes("coreEphemeral", count: 32)
        }
    }

    private struct ReconnectDeviceStep {
        let message: [UInt8]

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (_, body) = try RequestInput(value, path: path).onlyStep(of: ["receive"])
            message = try body.bytes("message")
        }
    }

    func reconnectV3Core(_ input: RequestInput) throws -> JSONValue {
        var channel = implementation.coreReconnectionV3(
            coreStaticPrivate: try input.key("coreStaticPrivate"),
            channelID: try input.channelID(),
            devicePublicKey: try input.key("devicePublicKey"),
            reconnectPsk: try input.bytes("reconnectPsk", count: 32)
        )
        return try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: ReconnectCoreStep.init,
            apply: { step in
                // ADP-14: an absent ephemeral key comes from the CSPRNG.
                var random = SystemRandom()
                let reply = try channel.receive(
                    step.message,
                    now: step.now,
                    coreEphemeralPrivate: step.coreEphemeralPrivate ?? random.bytes(32)
                )
                return ["send": .array(reply.map { [.hex($0)] } ?? [])]
            },
            finish: { answer in
                if answer["send"] == nil { answer["send"] = [] }
                answer["session"] = channel.committedHash.map(JSONValue.hex) ?? .null
                answer["pending"] = channel.pendingHash.map(JSONValue.hex) ?? .null
            }
        )
    }

    func reconnectV3Device(_ input: RequestInput) throws -> JSONValue {
        let channelID = try input.channelID()
        // Every step is read before message 1 is built, so a malformed request is bad_request
        // even when its core key would be low_order_key.
        for element in try input.array("steps") { _ = try ReconnectDeviceStep(element.value, path: element.path) }
        var device = try implementation.deviceReconnectionV3(
            corePublicKey: try input.key("corePublicKey"),
            channelID: channelID,
            deviceStaticPrivate: try input.key("deviceStaticPrivate"),
            deviceEphemeralPrivate: try input.key("deviceEphemeral"),
            reconnectPsk: try input.bytes("reconnectPsk", count: 32)
        )
        let messageOne = device.messageOne
        let answer = try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: ReconnectDeviceStep.init,
            apply: { step in ["send": [.hex(try device.receive(step.message))]] },
            finish: { answer in
                if answer["send"] == nil { answer["send"] = [] }
                switch device.state {
                case .awaitingReply:
                    answer["state"] = "awaiting"
                    answer["session"] = .null
                case .connected(let handshakeHash):
                    answer["state"] = "connected"
                    answer["session"] = .hex(handshakeHash)
                }
            }
        )
        guard case .object(var members) = answer else { return answer }
        members["messageOne"] = .hex(messageOne)
        return .object(members)
    }
}

/// A paired version 3 channel of the core, as `reconnect-v3-core` drives it.
public protocol CoreReconnectionV3Endpoint {
    /// `h` of the committed session, nil before the first confirmation (V3-RECON-2 step 3).
    var committedHash: [UInt8]? { get }
    /// `h` of the reconnection answered and not yet confirmed.
    var pendingHash: [UInt8]? { get }
    mutating func receive(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8]
    ) throws(TunnelError)
        -> [UInt8]?
}

extension CoreReconnectionV3: CoreReconnectionV3Endpoint {
    public var committedHash: [UInt8]? { current?.handshakeHash }
    public var pendingHash: [UInt8]? { pending?.handshakeHash }
}

/// The phone's side of a version 3 reconnection, as `reconnect-v3-device` drives it.
public protocol DeviceReconnectionV3Endpoint {
    var state: DeviceReconnectionV3.State { get }
    var messageOne: [UInt8] { get }
    mutating func receive(_ message: [UInt8]) throws(TunnelError) -> [UInt8]
}

extension DeviceReconnectionV3: DeviceReconnectionV3Endpoint {}
