import AdapterOperations
import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// One version 3 reconnection between a `reconnect-v3-device` and a `reconnect-v3-core`, each
/// an adapter or the reference, with the channel's keys, its reconnection psk and both ephemeral
/// keys fresh from the runner's CSPRNG.
///
/// As `PairingV3Exchange` does, each request repeats the steps before it with the same inputs.
/// The core must answer message 1 and keep it pending, commit exactly the device's session on the
/// key confirmation, and refuse the same message 1 sent again afterwards; then each side's
/// channel delivers the other's first session frame (V3-CHAN-1, V3-CHAN-3).
struct ReconnectionV3Exchange {
    typealias Side = PairingV3Exchange.Side

    let device: Side
    let core: Side
    let now = LiveContext.now
    /// Called with each message as it is handed on, and the replay as a probe of V3-RECON-2 with
    /// the core's answer (TRACE-6), so the check's trace can be saved and verified (VERIFY-15).
    var record: ([UInt8], Role, TraceProbe?) -> Void = { _, _, _ in }

    let channelID: String
    private let coreStatic, deviceStatic, reconnectPsk, deviceEphemeral, coreEphemeral: [UInt8]

    init(device: @escaping Side, core: @escaping Side, random: inout LiveRandom) {
        self.device = device
        self.core = core
        channelID = Hex.encode(random.bytes(16)).uppercased()
        coreStatic = random.bytes(32)
        deviceStatic = random.bytes(32)
        reconnectPsk = random.bytes(32)
        deviceEphemeral = random.bytes(32)
        coreEphemeral = random.bytes(32)
    }

    var corePublic: [UInt8] { X25519.publicKey(privateKey: coreStatic) }

    private func deviceInput(_ steps: [JSONValue]) -> JSONValue {
        [
            "corePublicKey": .hex(corePublic), "cid": .string(channelID), "deviceStaticPrivate": .hex(deviceStatic),
            "deviceEphemeral": .hex(deviceEphemeral), "reconnectPsk": .hex(reconnectPsk), "steps": .array(steps),
        ]
    }

    private func coreInput(_ steps: [JSONValue]) -> JSONValue {
        [
            "coreStaticPrivate": .hex(coreStatic), "cid": .string(channelID),
            "devicePublicKey": .hex(X25519.publicKey(privateKey: deviceStatic)), "reconnectPsk": .hex(reconnectPsk),
            "steps": .array(steps),
        ]
    }

    /// The whole reconnection and the replay after it; returns the committed session's `h`.
    func reconnect() throws(CheckFailure) -> JSONValue {
        let messageOne = try LiveContext.hexMember(
            "messageOne",
            of: try device(deviceInput([])),
            operation: "reconnect-v3-device"
        )
        var coreSteps: [JSONValue] = [
            ["receive": ["message": .hex(messageOne), "now": .int(now), "coreEphemeral": .hex(coreEphemeral)]]
        ]
        let answered = try core(coreInput(coreSteps))
        guard let first = PairingV3Exchange.step(answered, 0), first["session"] == .null, first["pending"] != .null,
            let messageTwo = Self.onlySent(first)
        else {
            throw CheckFailure(
                "reconnect-v3-core did not answer message 1 with message 2 and keep it pending",
                actual: answered
            )
        }
        record(messageOne, .device, nil)
        record(messageTwo, .core, nil)
        var deviceSteps: [JSONValue] = [
            ["receive": ["message": .hex(messageTwo), "now": .int(now)]],
            ChannelV3Frames.send(ChannelV3Frames.request, now: now),
        ]
        let connected = try device(deviceInput(deviceSteps))
        guard let step = PairingV3Exchange.step(connected, 0), step["state"] == "connected",
            let session = step["session"], let confirmation = Self.onlySent(step)
        else { throw CheckFailure("reconnect-v3-device is not connected after message 2", actual: connected) }
        guard let sent = PairingV3Exchange.step(connected, 1), let request = Self.onlySent(sent) else {
            throw CheckFailure("reconnect-v3-device did not send one frame under its new session", actual: connected)
        }
        record(confirmation, .device, nil)
        coreSteps += [
            ["receive": ["message": .hex(confirmation), "now": .int(now)]],
            ["receive": ["message": .hex(messageOne), "now": .int(now + 12), "coreEphemeral": .hex(coreEphemeral)]],
            ChannelV3Frames.receive(request, now: now + 12),
            ChannelV3Frames.send(ChannelV3Frames.response, now: now + 12),
        ]
        let committed = try core(coreInput(coreSteps))
        let replayAnswer = PairingV3Exchange.step(committed, 2).map { $0["error"] == nil ? "accepted" : "refused" }
        record(
            messageOne,
            .device,
            TraceProbe(breaks: "V3-RECON-2", answer: replayAnswer.flatMap(TraceProbe.Answer.init(rawValue:)))
        )
        guard first["pending"] == session, let confirmed = PairingV3Exchange.step(committed, 1),
            confirmed["session"] == session, confirmed["pending"] == .null
        else {
            throw CheckFailure(
                "the core did not commit the device's session (h \(session)) on the key confirmation",
                actual: committed
            )
        }
        guard let replayed = PairingV3Exchange.step(committed, 2), replayed["error"] == "handshake_replayed",
            replayed["session"] == session
        else {
            throw CheckFailure(
                "the same message 1 again is not handshake_replayed with the session kept",
                actual: committed
            )
        }
        try exchangeFrames(request: request, committed: committed, deviceSteps: &deviceSteps)
        return session
    }

    /// The device's frame, delivered by the core's channel, and the core's answer, delivered by
    /// the device's (V3-CHAN-1, V3-CHAN-3).
    private func exchangeFrames(
        request: [UInt8],
        committed: JSONValue,
        deviceSteps: inout [JSONValue]
    ) throws(CheckFailure) {
        record(request, .device, nil)
        guard ChannelV3Frames.delivered(committed, step: 3, ChannelV3Frames.request) else {
            throw CheckFailure("the core's channel did not deliver the device's first session frame", actual: committed)
        }
        guard let answered = PairingV3Exchange.step(committed, 4), let response = Self.onlySent(answered) else {
            throw CheckFailure("the core did not send one frame under the committed session", actual: committed)
        }
        record(response, .core, nil)
        deviceSteps.append(ChannelV3Frames.receive(response, now: now + 12))
        let read = try device(deviceInput(deviceSteps))
        guard ChannelV3Frames.delivered(read, step: 2, ChannelV3Frames.response) else {
            throw CheckFailure("the device's channel did not deliver the core's first session frame", actual: read)
        }
    }

    private static func onlySent(_ step: JSONValue) -> [UInt8]? {
        guard step["error"] == nil, case .array(let send)? = step["send"], send.count == 1 else { return nil }
        return send[0].stringValue.flatMap(Hex.decode)
    }
}
