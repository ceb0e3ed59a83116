import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The key log lines of one answered request: the secrets of each exchange the operation took
/// part in (KEYLOG-2, KEYLOG-8 to KEYLOG-10), rebuilt from the request's input and the
/// operation's output, and never a private key (KEYLOG-11).
///
/// The adapter, not the library, knows what an operation used: the library never writes files
/// and never hands out more than its callers need. So the lines are rebuilt here, through the
/// library's key schedule, from what the operation was given and what it answered, in the order
/// of the exchange (ADP-95): `K_HS` for a handshake sealed; `K_ACK` and `SESSION_KEYS` for an ack
/// the device accepted; `K_HS`, `K_ACK`, `SESSION_KEYS` and `SAS_OKM` for a handshake the core
/// accepted (a rejected one logs nothing); `SESSION_KEYS` of `session-keys` and `SAS_OKM` of
/// `sas`; the version 3 lines of `pairing-v3-device` and `pairing-v3-core` (`PairingV3Keys`,
/// KEYLOG-13) and of `reconnect-v3-device` and `reconnect-v3-core` (`ReconnectionV3Keys`). The
/// session keys are the operation's own answer, so a mutant's wrong keys show in the log. `x25519`
/// takes a scalar of no role; the session operations take direction keys that no ephemeral public
/// key names.
enum OperationKeys {
    /// The lines for `operation` run on `input` and answered `output` (a protocol rejection
    /// completes no exchange and logs nothing).
    static func lines(operation: String, input: JSONValue, output: JSONValue) -> [KeyLogEntry] {
        let key = { (name: String) in decode32(input[name]) }
        switch operation {
        case "session-keys":
            guard let client = key("clientEphemeralPublic"), let server = key("serverEphemeralPublic"),
                let keys = sessionKeys(output)
            else { return [] }
            return [.session(clientEphemeralPublic: client, serverEphemeralPublic: server, keys: keys)]
        case "sas":
            guard let staticDH = key("staticDh"), let ephemeralDH = key("ephemeralDh"),
                let handshake = bytes(input["handshake"]), let ack = bytes(input["ack"])
            else { return [] }
            return [.pairingCodeKey(staticDH: staticDH, ephemeralDH: ephemeralDH, handshake: handshake, ack: ack)]
        case "handshake-device-start":
            guard let corePublic = key("corePublicKey"), let handshake = key("handshakeEphemeralPrivate") else {
                return []
            }
            return handshakeKey(handshakeEphemeralPrivate: handshake, corePublic: corePublic).map { [$0] } ?? []
        case "handshake-device-finish", "handshake-device":
            guard let deviceStatic = key("deviceStaticPrivate"), let clientEphemeral = key("clientEphemeralPrivate"),
                let corePublic = key("corePublicKey")
            else { return [] }
            let accepted: [(ack: JSONValue?, keys: JSONValue)] =
                operation == "handshake-device-finish"
                ? [(input["frame"], output)]
                : zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []).map { ($0["frame"], $1) }
            return accepted.flatMap { ack, result in
                deviceAck(
                    ack,
                    result: result,
                    corePublic: corePublic,
                    deviceStatic: deviceStatic,
                    clientEphemeral: clientEphemeral
                )
            }
        case "pairing-v3-device":
            return PairingV3Keys.device(input: input, output: output)
        case "pairing-v3-core":
            return PairingV3Keys.core(input: input, output: output)
        case "reconnect-v3-device":
            return ReconnectionV3Keys.device(input: input, output: output)
        case "reconnect-v3-core":
            return ReconnectionV3Keys.core(input: input, output: output)
        case "device-state":
            return deviceStateLines(input: input, output: output, corePublic: key("corePublicKey"))
        case "handshake-core", "core-channel":
            guard let coreStatic = key("coreStaticPrivate") else { return [] }
            return zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []).flatMap { step, result in
                coreAcceptance(
                    operation == "core-channel" ? step["handshake"] : step,
                    result: result,
                    coreStatic: coreStatic
                )
            }
        default:
            return []
        }
    }

    /// `device-state`: `K_HS` for each `start` that sealed a handshake, and `K_ACK` and
    /// `SESSION_KEYS` for each ack accepted, named by the client ephemeral key of the handshake
    /// that was awaiting it (the latest `start`).
    private static func deviceStateLines(input: JSONValue, output: JSONValue, corePublic: [UInt8]?) -> [KeyLogEntry] {
        guard let deviceStatic = decode32(input["deviceStaticPrivate"]), let corePublic else { return [] }
        var lines: [KeyLogEntry] = []
        var clientEphemeral: [UInt8]?
        for (step, result) in zip(input["steps"]?.arrayValue ?? [], output["steps"]?.arrayValue ?? []) {
            if let start = step["start"], result["frame"] != nil,
                let handshake = decode32(start["handshakeEphemeralPrivate"]),
                let client = decode32(start["clientEphemeralPrivate"])
            {
                lines += handshakeKey(handshakeEphemeralPrivate: handshake, corePublic: corePublic).map { [$0] } ?? []
                clientEphemeral = client
            }
            guard let client = clientEphemeral else { continue }
            lines += deviceAck(
                step["receive"],
                result: result,
                corePublic: corePublic,
                deviceStatic: deviceStatic,
                clientEphemeral: client
            )
        }
        return lines
    }

    /// `K_HS` of the handshake a device sealed (KEYLOG-8).
    private static func handshakeKey(handshakeEphemeralPrivate: [UInt8], corePublic: [UInt8]) -> KeyLogEntry? {
        guard let dh = try? X25519.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublic) else {
            return nil
        }
        return .handshakeKey(
            handshakeDH: dh,
            handshakeEphemeralPublic: X25519.publicKey(privateKey: handshakeEphemeralPrivate),
            corePublic: corePublic
        )
    }

    /// `K_ACK` and `SESSION_KEYS` of an ack the device accepted (its result carries the keys).
    private static func deviceAck(
        _ ack: JSONValue?,
        result: JSONValue,
        corePublic: [UInt8],
        deviceStatic: [UInt8],
        clientEphemeral: [UInt8]
    ) -> [KeyLogEntry] {
        guard let keys = sessionKeys(result), let ack = bytes(ack),
            let server = HandshakeReading.serverEphemeralPublic(
                ack: ack,
                corePublicKey: corePublic,
                deviceStaticPrivate: deviceStatic,
                clientEphemeralPrivate: clientEphemeral
            ),
            let staticDH = try? X25519.sharedSecret(privateKey: deviceStatic, publicKey: corePublic)
        else { return [] }
        let client = X25519.publicKey(privateKey: clientEphemeral)
        return [
            .ackKey(staticDH: staticDH, clientEphemeralPublic: client),
            .session(clientEphemeralPublic: client, serverEphemeralPublic: server, keys: keys),
        ]
    }

    /// `K_HS`, `K_ACK`, `SESSION_KEYS` and `SAS_OKM` of a handshake the core accepted: a step
    /// whose result carries the session keys and the ack.
    private static func coreAcceptance(
        _ handshake: JSONValue?,
        result: JSONValue,
        coreStatic: [UInt8]
    )
        -> [KeyLogEntry]
    {
        guard let handshake, let keys = sessionKeys(result), let ack = bytes(result["ack"]),
            let device = decode32(result["devicePublicKey"]),
            let frame = bytes(handshake["frame"]), frame.count >= HandshakeMessage.handshakeMinimumLength,
            let server = decode32(handshake["serverEphemeralPrivate"]),
            let client = HandshakeReading.clientEphemeralPublic(handshake: frame, coreStaticPrivate: coreStatic)
        else { return [] }
        let handshakeEphemeral = Array(frame[HandshakeMessage.ephemeralKeyRange])
        guard let handshakeDH = try? X25519.sharedSecret(privateKey: coreStatic, publicKey: handshakeEphemeral),
            let staticDH = try? X25519.sharedSecret(privateKey: coreStatic, publicKey: device),
            let ephemeralDH = try? X25519.sharedSecret(privateKey: server, publicKey: client)
        else { return [] }
        return [
            .handshakeKey(
                handshakeDH: handshakeDH,
                handshakeEphemeralPublic: handshakeEphemeral,
                corePublic: X25519.publicKey(privateKey: coreStatic)
            ),
            .ackKey(staticDH: staticDH, clientEphemeralPublic: client),
            .session(
                clientEphemeralPublic: client,
                serverEphemeralPublic: X25519.publicKey(privateKey: server),
                keys: keys
            ),
            .pairingCodeKey(staticDH: staticDH, ephemeralDH: ephemeralDH, handshake: frame, ack: ack),
        ]
    }

    private static func bytes(_ value: JSONValue?) -> [UInt8]? { value?.stringValue.flatMap(Hex.decode) }

    private static func decode32(_ value: JSONValue?) -> [UInt8]? { bytes(value).flatMap { $0.count == 32 ? $0 : nil } }

    /// `c2s` and `s2c` of a result that carries them (an accepted handshake or ack).
    private static func sessionKeys(_ result: JSONValue) -> SessionKeys? {
        guard let c2s = decode32(result["c2s"]), let s2c = decode32(result["s2c"]) else { return nil }
        return SessionKeys(c2s: c2s, s2c: s2c)
    }
}
