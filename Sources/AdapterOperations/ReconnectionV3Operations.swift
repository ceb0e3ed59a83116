import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// reconnect-v3-core (ADP-128) and reconnect-v3-device (ADP-129): a version 3 reconnection of a
/// paired channel, from each side (spec/13-handshake-v3.md 13.8). Every step reports the
/// messages sent because of it and which session is committed, by its handshake hash.
extension Operations {
    private enum ReconnectCoreStep {
        case receive(message: [UInt8], now: Int64, coreEphemeralPrivate: [UInt8]?)
        case send(ChannelV3SendStep)

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: ["receive", "send"])
            guard kind == "receive" else {
                self = .send(try ChannelV3SendStep(body, path: path))
                return
            }
            self = .receive(
                message: try body.bytes("message"),
                now: try body.safeNatural("now"),
                coreEphemeralPrivate: try body.optionalBytes("coreEphemeral", count: 32)
            )
        }
    }

    private enum ReconnectDeviceStep {
        case receive(message: [UInt8], now: Int64)
        case send(ChannelV3SendStep)

        /// `now` is optional on `receive` (0 when absent), as in `pairing-v3-device`.
        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: ["receive", "send"])
            guard kind == "receive" else {
                self = .send(try ChannelV3SendStep(body, path: path))
                return
            }
            self = .receive(message: try body.bytes("message"), now: try body.optionalNatural("now") ?? 0)
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
                switch step {
                case .receive(let message, let now, let coreEphemeralPrivate):
                    // ADP-14: an absent ephemeral key comes from the CSPRNG.
                    var random = SystemRandom()
                    return try channel.receive(
                        message,
                        now: now,
                        coreEphemeralPrivate: coreEphemeralPrivate ?? random.bytes(32)
                    ).stepAnswer
                case .send(let step): return try channel.send(step.message, now: step.now).sentFrames
                }
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
            apply: { step in
                switch step {
                case .receive(let message, let now): try device.receive(message, now: now).stepAnswer
                case .send(let step): try device.send(step.message, now: step.now).sentFrames
                }
            },
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
        -> ChannelV3Outcome
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]]
}

extension CoreReconnectionV3: CoreReconnectionV3Endpoint {
    public var committedHash: [UInt8]? { current?.handshakeHash }
    public var pendingHash: [UInt8]? { pending?.handshakeHash }
}

/// The phone's side of a version 3 reconnection, as `reconnect-v3-device` drives it.
public protocol DeviceReconnectionV3Endpoint {
    var state: DeviceReconnectionV3.State { get }
    var messageOne: [UInt8] { get }
    mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> ChannelV3Outcome
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]]
}

extension DeviceReconnectionV3: DeviceReconnectionV3Endpoint {}
