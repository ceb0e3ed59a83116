import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// One version 3 pairing between a `pairing-v3-device` and a `pairing-v3-core`, each of which
/// may be an adapter or the reference, with every key and nonce fresh from the runner's CSPRNG.
///
/// Both operations take all their steps in one request, so the exchange replays: each request
/// repeats the steps before it with the same inputs (the core's ephemeral key and nonce are
/// given, not drawn), and a conforming implementation answers them the same way again. The
/// device's code must equal the core's, the core must commit only at the last confirmation, and
/// both must keep the same reconnection psk; then each side's channel delivers the other's first
/// session frame (V3-CHAN-1, V3-CHAN-3).
struct PairingV3Exchange {
    /// Sends a request to one side: the operation's input in, its output out.
    typealias Side = (JSONValue) throws(CheckFailure) -> JSONValue

    let device: Side
    let core: Side
    let now = LiveContext.now

    let channelID: String
    /// Called with every message of the pairing as it is handed on, for the check's trace.
    var record: ([UInt8], Role) -> Void = { _, _ in }
    private let pairingSecret, coreStatic, deviceStatic, deviceEphemeral, deviceNonce, coreEphemeral, coreNonce: [UInt8]

    init(device: @escaping Side, core: @escaping Side, random: inout LiveRandom) {
        self.device = device
        self.core = core
        channelID = Hex.encode(random.bytes(16)).uppercased()
        pairingSecret = random.bytes(PairingV3.pairingSecretLength)
        coreStatic = random.bytes(32)
        deviceStatic = random.bytes(32)
        deviceEphemeral = random.bytes(32)
        deviceNonce = random.bytes(PairingV3.nonceLength)
        coreEphemeral = random.bytes(32)
        coreNonce = random.bytes(PairingV3.nonceLength)
    }

    var corePublic: [UInt8] { X25519.publicKey(privateKey: coreStatic) }

    func deviceInput(_ steps: [JSONValue]) -> JSONValue {
        [
            "corePublicKey": .hex(corePublic), "cid": .string(channelID), "pairingSecret": .hex(pairingSecret),
            "deviceStaticPrivate": .hex(deviceStatic), "deviceEphemeral": .hex(deviceEphemeral),
            "deviceNonce": .hex(deviceNonce), "steps": .array(steps),
        ]
    }

    /// This QR code scanned by another device: `other`'s static key, ephemeral key and nonce.
    func deviceInput(_ steps: [JSONValue], replacingKeysWith other: PairingV3Exchange) -> JSONValue {
        guard case .object(var members) = deviceInput(steps) else { return deviceInput(steps) }
        members["deviceStaticPrivate"] = .hex(other.deviceStatic)
        members["deviceEphemeral"] = .hex(other.deviceEphemeral)
        members["deviceNonce"] = .hex(other.deviceNonce)
        return .object(members)
    }

    func coreInput(_ steps: [JSONValue]) -> JSONValue {
        [
            "coreStaticPrivate": .hex(coreStatic), "cid": .string(channelID), "pairingSecret": .hex(pairingSecret),
            "expiresAt": .int(now + 600), "steps": .array(steps),
        ]
    }

    /// The whole pairing; returns the code both sides showed.
    func pair() throws(CheckFailure) -> String {
        let messageOne = try LiveContext.hexMember(
            "messageOne",
            of: try device(deviceInput([])),
            operation: "pairing-v3-device"
        )
        var coreSteps: [JSONValue] = [
            [
                "receive": [
                    "message": .hex(messageOne), "now": .int(now), "coreEphemeral": .hex(coreEphemeral),
                    "coreNonce": .hex(coreNonce),
                ]
            ]
        ]
        record(messageOne, .device)
        let messageTwo = try sent(by: core(coreInput(coreSteps)), step: 0, side: "pairing-v3-core", "message 2")
        record(messageTwo, .core)
        var deviceSteps: [JSONValue] = [["receive": ["message": .hex(messageTwo)]]]
        let revealed = try device(deviceInput(deviceSteps))
        let reveal = try sent(by: revealed, step: 0, side: "pairing-v3-device", "the reveal")
        record(reveal, .device)
        guard let code = Self.step(revealed, 0)?["code"]?.stringValue else {
            throw CheckFailure("pairing-v3-device shows no code after message 2", actual: revealed)
        }
        coreSteps += [
            ["receive": ["message": .hex(reveal), "now": .int(now + 1)]],
            ["confirm": ["code": .string(code), "now": .int(now + 2)]],
        ]
        let confirmed = try core(coreInput(coreSteps))
        guard Self.step(confirmed, 1)?["code"]?.stringValue == code else {
            throw CheckFailure("the core's code differs from the device's \(code)", actual: confirmed)
        }
        guard Self.step(confirmed, 2)?["state"]?.stringValue == "confirming" else {
            throw CheckFailure("the core's state after the desktop's Yes alone is not confirming", actual: confirmed)
        }
        let yes = try sent(by: confirmed, step: 2, side: "pairing-v3-core", "the Yes record")
        record(yes, .core)
        deviceSteps += [
            ["match": ["code": .string(code), "now": .int(now + 3)]],
            ["receive": ["message": .hex(yes), "now": .int(now + 3)]],
        ]
        let matched = try device(deviceInput(deviceSteps))
        let match = try sent(by: matched, step: 1, side: "pairing-v3-device", "the Match record")
        record(match, .device)
        guard Self.step(matched, 2)?["state"]?.stringValue == "paired",
            let devicePsk = Self.step(matched, 2)?["reconnectPsk"]
        else { throw CheckFailure("the device is not paired after its Match and the core's Yes", actual: matched) }
        coreSteps.append(["receive": ["message": .hex(match), "now": .int(now + 3)]])
        let paired = try core(coreInput(coreSteps))
        guard let last = Self.step(paired, 3), last["state"]?.stringValue == "paired",
            last["devicePublicKey"] == .hex(X25519.publicKey(privateKey: deviceStatic)),
            last["reconnectPsk"] == devicePsk
        else {
            throw CheckFailure(
                "the core is not paired with the device's key and the device's reconnection psk after both confirmations",
                actual: paired
            )
        }
        try exchangeFrames(coreSteps: coreSteps, deviceSteps: deviceSteps)
        return code
    }

    /// The device's first frame, delivered by the core's channel, and the core's answer,
    /// delivered by the device's (V3-CHAN-1, V3-CHAN-3).
    private func exchangeFrames(coreSteps: [JSONValue], deviceSteps: [JSONValue]) throws(CheckFailure) {
        let deviceSteps = deviceSteps + [ChannelV3Frames.send(ChannelV3Frames.request, now: now + 4)]
        let sending = try device(deviceInput(deviceSteps))
        let request = try sent(by: sending, step: 3, side: "pairing-v3-device", "a session frame")
        record(request, .device)
        let coreSteps =
            coreSteps + [
                ChannelV3Frames.receive(request, now: now + 4),
                ChannelV3Frames.send(ChannelV3Frames.response, now: now + 4),
            ]
        let answered = try core(coreInput(coreSteps))
        guard ChannelV3Frames.delivered(answered, step: 4, ChannelV3Frames.request) else {
            throw CheckFailure("the core's channel did not deliver the device's first session frame", actual: answered)
        }
        let response = try sent(by: answered, step: 5, side: "pairing-v3-core", "a session frame")
        record(response, .core)
        let read = try device(deviceInput(deviceSteps + [ChannelV3Frames.receive(response, now: now + 5)]))
        guard ChannelV3Frames.delivered(read, step: 4, ChannelV3Frames.response) else {
            throw CheckFailure("the device's channel did not deliver the core's first session frame", actual: read)
        }
    }

    /// The result of step `index` of a step operation's output.
    static func step(_ output: JSONValue, _ index: Int) -> JSONValue? {
        guard case .array(let steps)? = output["steps"], steps.indices.contains(index) else { return nil }
        return steps[index]
    }

    /// The one message step `index` sent, refusing an error or an empty `send`.
    private func sent(
        by output: JSONValue,
        step index: Int,
        side: String,
        _ what: String
    ) throws(CheckFailure) -> [UInt8] {
        guard let result = Self.step(output, index), result["error"] == nil, case .array(let send)? = result["send"],
            send.count == 1, let bytes = send[0].stringValue.flatMap(Hex.decode)
        else { throw CheckFailure("\(side) step \(index) did not send \(what)", actual: output) }
        return bytes
    }
}
