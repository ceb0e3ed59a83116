import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The paired channel and the phones of the `reconnect-v3-core` and `reconnect-v3-device`
/// vectors: statics and a reconnection psk drawn from labels, as a committed pairing leaves them
/// (V3-PSK-2), and every ephemeral key named.
struct ReconnectionV3Script {
    static let start: Int64 = 1_000
    let id: String

    var coreStatic: [UInt8] { LabelDerived.privateKey(id: id, name: "core-static") }
    var corePublic: [UInt8] { X25519.publicKey(privateKey: coreStatic) }
    var deviceStatic: [UInt8] { LabelDerived.privateKey(id: id, name: "device-static") }
    var devicePublic: [UInt8] { X25519.publicKey(privateKey: deviceStatic) }
    var reconnectPsk: [UInt8] { LabelDerived.bytes(32, id: id, name: "reconnect-psk") }

    /// `reconnect-v3-core`'s input around `steps`.
    func coreInput(_ steps: [JSONValue]) -> JSONValue {
        [
            "coreStaticPrivate": .hex(coreStatic), "cid": .string(NoiseFixture.channelID),
            "devicePublicKey": .hex(devicePublic), "reconnectPsk": .hex(reconnectPsk), "steps": .array(steps),
        ]
    }

    /// `reconnect-v3-device`'s input around `steps`, for the phone whose ephemeral key is `name`'s.
    func deviceInput(_ name: String, _ steps: [JSONValue]) -> JSONValue {
        [
            "corePublicKey": .hex(corePublic), "cid": .string(NoiseFixture.channelID),
            "deviceStaticPrivate": .hex(deviceStatic), "deviceEphemeral": .hex(ephemeral(name)),
            "reconnectPsk": .hex(reconnectPsk), "steps": .array(steps),
        ]
    }

    func ephemeral(_ name: String) -> [UInt8] { LabelDerived.privateKey(id: id, name: "\(name)-ephemeral") }

    /// A phone reconnecting under `name`'s ephemeral key; another static key, psk or channel id
    /// when the vector needs a party that is not the paired device.
    func device(
        _ name: String,
        deviceStatic: [UInt8]? = nil,
        reconnectPsk: [UInt8]? = nil,
        channelID: String = NoiseFixture.channelID
    ) throws -> DeviceReconnectionV3 {
        try DeviceReconnectionV3(
            corePublicKey: corePublic,
            channelID: channelID,
            deviceStaticPrivate: deviceStatic ?? self.deviceStatic,
            deviceEphemeralPrivate: ephemeral(name),
            reconnectPsk: reconnectPsk ?? self.reconnectPsk
        )
    }

    /// The library core of the paired channel, to compute what an honest phone reads.
    func core() -> CoreReconnectionV3 {
        CoreReconnectionV3(
            coreStaticPrivate: coreStatic,
            channelID: NoiseFixture.channelID,
            devicePublicKey: devicePublic,
            reconnectPsk: reconnectPsk
        )
    }

    /// The core's ephemeral key for the answer to `name`'s message 1.
    func coreEphemeral(_ name: String) -> [UInt8] { LabelDerived.privateKey(id: id, name: "\(name)-core-ephemeral") }

    /// A `reconnect-v3-core` step; a message 1 carries the core's ephemeral key for `name`.
    func receive(_ message: [UInt8], now: Int64 = start, answering name: String? = nil) -> JSONValue {
        var body: [String: JSONValue] = ["message": .hex(message), "now": .int(now)]
        if let name { body["coreEphemeral"] = .hex(coreEphemeral(name)) }
        return ["receive": .object(body)]
    }

    /// An honest reconnection of `name`: its message 1, the core's message 2, the confirmation.
    func exchange(_ name: String, now: Int64 = start) throws -> (one: [UInt8], two: [UInt8], confirmation: [UInt8]) {
        var device = try device(name), core = core()
        guard let two = try core.receive(device.messageOne, now: now, coreEphemeralPrivate: coreEphemeral(name)).reply,
            let confirmation = try device.receive(two, now: now).reply
        else { throw GenerationError("no message 2") }
        return (device.messageOne, two, confirmation)
    }
}
