import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// handshake-device-start, handshake-device-finish and handshake-core.
extension Operations {
    func deviceStart(_ input: RequestInput) throws -> JSONValue {
        let frame = try implementation.deviceStart(
            corePublicKey: input.key("corePublicKey"),
            deviceStaticPrivate: input.key("deviceStaticPrivate"),
            handshakeEphemeralPrivate: input.key("handshakeEphemeralPrivate"),
            clientEphemeralPrivate: input.key("clientEphemeralPrivate"),
            nonce: input.bytes("nonce", count: XChaCha20Poly1305.nonceLength)
        )
        return .object(["frame": .hex(frame)])
    }

    func deviceFinish(_ input: RequestInput) throws -> JSONValue {
        let keys = try implementation.deviceFinish(
            ack: input.bytes("frame"),
            corePublicKey: input.key("corePublicKey"),
            deviceStaticPrivate: input.key("deviceStaticPrivate"),
            clientEphemeralPrivate: input.key("clientEphemeralPrivate")
        )
        return .object(["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)])
    }

    /// Offers each step's message to one device that has sent its handshake (ACK-4 to ACK-6).
    func deviceReceive(_ input: RequestInput) throws -> JSONValue {
        let corePublicKey = try input.key("corePublicKey"), deviceStaticPrivate = try input.key("deviceStaticPrivate")
        let clientEphemeralPrivate = try input.key("clientEphemeralPrivate")
        let messages = try input.array("steps").map { element throws(BadRequest) in
            try RequestInput(element.value, path: element.path).bytes("frame")
        }
        let receipts = implementation.deviceReceive(
            messages,
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate
        )
        return .object([
            "steps": .array(
                receipts.map { receipt in
                    switch receipt {
                    case .accepted(let keys): .object(["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)])
                    case .opened(let plaintext): .object(["plaintext": .hex(plaintext)])
                    case .rejected(let error): .object(["error": .string(error.code)])
                    }
                }
            )
        ])
    }

    /// A handshake offered to the core, read completely before any step runs.
    private struct CoreStep {
        let frame: [UInt8]
        let now: Int64
        let serverEphemeralPrivate: [UInt8]
        let ackNonce: [UInt8]

        init(_ value: JSONValue, path: String, maximumInteger: Int64) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            frame = try step.bytes("frame")
            now = try step.safeNatural("now", maximum: maximumInteger)
            serverEphemeralPrivate = try step.key("serverEphemeralPrivate")
            ackNonce = try step.bytes("ackNonce", count: XChaCha20Poly1305.nonceLength)
        }
    }

    /// Runs each handshake against one channel; a failed step reports the unchanged state
    /// (CHAN-6) and the next step runs.
    func handshakeCore(_ input: RequestInput) throws -> JSONValue {
        let coreStaticPrivate = try input.key("coreStaticPrivate")
        let maximum = implementation.largestInputInteger
        var channel = try ChannelJSON.read(input.object("channel"), maximumInteger: maximum)
        return try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: { value, path throws(BadRequest) in try CoreStep(value, path: path, maximumInteger: maximum) },
            apply: { step in
                let accepted = try implementation.coreAccept(
                    frame: step.frame,
                    coreStaticPrivate: coreStaticPrivate,
                    channel: &channel,
                    now: step.now,
                    serverEphemeralPrivate: step.serverEphemeralPrivate,
                    ackNonce: step.ackNonce
                )
                return [
                    "ack": .hex(accepted.ack), "c2s": .hex(accepted.keys.c2s), "s2c": .hex(accepted.keys.s2c),
                    "devicePublicKey": .hex(accepted.devicePublicKey),
                ]
            },
            finish: { answer in answer["channel"] = ChannelJSON.write(channel) }
        )
    }
}

/// The adapter form of `ChannelState`:
/// `{"state":"pending","expiresAt":int}`, `{"state":"paired","devicePublicKey":hex,
/// "lastHandshakeEphemeral":hex|null}`, `{"state":"revoked"}`, and in outputs only
/// `{"state":"confirming","devicePublicKey":hex,"lastHandshakeEphemeral":hex,"deadline":int}`: a
/// confirming channel is never restored (CONFIRM-6), so reading one is `bad_request`.
public enum ChannelJSON {
    static func read(
        _ input: RequestInput,
        maximumInteger: Int64 = RequestInput.largestSafeInteger
    ) throws(BadRequest) -> ChannelState {
        switch try input.string("state") {
        case "pending":
            return .pending(expiresAt: try input.safeNatural("expiresAt", maximum: maximumInteger))
        case "paired":
            return .paired(
                devicePublicKey: try input.key("devicePublicKey"),
                lastHandshakeEphemeral: try input.optionalBytes("lastHandshakeEphemeral", count: 32)
            )
        case "revoked":
            return .revoked
        default:
            throw BadRequest(reason: "channel.state: expected \"pending\", \"paired\" or \"revoked\"")
        }
    }

    public static func write(_ channel: ChannelState) -> JSONValue {
        switch channel {
        case .pending(let expiresAt):
            .object(["state": .string("pending"), "expiresAt": .int(expiresAt)])
        case .paired(let device, let last):
            .object([
                "state": .string("paired"), "devicePublicKey": .hex(device),
                "lastHandshakeEphemeral": last.map(JSONValue.hex) ?? .null,
            ])
        case .confirming(let device, let last, let deadline):
            .object([
                "state": .string("confirming"), "devicePublicKey": .hex(device),
                "lastHandshakeEphemeral": .hex(last), "deadline": .int(deadline),
            ])
        case .revoked:
            .object(["state": .string("revoked")])
        }
    }
}
