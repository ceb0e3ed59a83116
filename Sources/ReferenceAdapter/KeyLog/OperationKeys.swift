import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The key log lines of one answered request: every private key the operation was given, and the
/// session keys it derived, read from the request's input and the operation's output.
///
/// The adapter, not the library, knows what an operation used: the library never writes files
/// and never hands out more than its callers need. So the lines are rebuilt here from what the
/// operation was given and what it answered. Which operations (ADP-95, KEYLOG-2):
/// `session-keys`, the three device handshake operations, `device-state`, `handshake-core` and `core-channel`. A server ephemeral key is logged only with the handshake it answered: a step
/// the core rejects never uses it. `x25519` takes a scalar of no role; the session operations
/// take direction keys that no ephemeral public key names.
enum OperationKeys {
    /// The lines for `operation` run on `input`; `output` is nil when the operation failed with
    /// a protocol error (the keys it was given were still used).
    static func lines(operation: String, input: JSONValue, output: JSONValue?) -> [KeyLogEntry] {
        let key = { (name: String) in input[name]?.stringValue.flatMap(Hex.decode).flatMap { $0.count == 32 ? $0 : nil }
        }
        switch operation {
        case "session-keys":
            guard let output, let client = key("clientEphemeralPublic"), let server = key("serverEphemeralPublic"),
                let keys = sessionKeys(output)
            else { return [] }
            return [.session(clientEphemeralPublic: client, serverEphemeralPublic: server, keys: keys)]
        case "handshake-device-start":
            return [
                (KeyLogLabel.deviceStatic, "deviceStaticPrivate"), (.handshakeEphemeral, "handshakeEphemeralPrivate"),
                (.clientEphemeral, "clientEphemeralPrivate"),
            ].compactMap { label, name in
                key(name).map { KeyLogEntry.privateKey(label, $0) }
            }
        case "handshake-device-finish", "handshake-device":
            guard let deviceStatic = key("deviceStaticPrivate"), let clientEphemeral = key("clientEphemeralPrivate"),
                let corePublic = key("corePublicKey")
            else { return [] }
            var lines: [KeyLogEntry] = [
                .privateKey(.deviceStatic, deviceStatic), .privateKey(.clientEphemeral, clientEphemeral),
            ]
            let accepted: [(ack: JSONValue?, keys: JSONValue)] =
                operation == "handshake-device-finish"
                ? output.map { [(input["frame"], $0)] } ?? []
                : zip(input["steps"]?.arrayValue ?? [], output?["steps"]?.arrayValue ?? []).map { ($0["frame"], $1) }
            for (ack, result) in accepted {
                guard let keys = sessionKeys(result), let ack = ack?.stringValue.flatMap(Hex.decode),
                    let server = HandshakeReading.serverEphemeralPublic(
                        ack: ack,
                        corePublicKey: corePublic,
                        deviceStaticPrivate: deviceStatic,
                        clientEphemeralPrivate: clientEphemeral
                    )
                else { continue }
                lines.append(
                    .session(
                        clientEphemeralPublic: X25519.publicKey(privateKey: clientEphemeral),
                        serverEphemeralPublic: server,
                        keys: keys
                    )
                )
            }
            return lines
        case "device-state":
            return deviceStateLines(input: input, output: output, corePublic: key("corePublicKey"))
        case "handshake-core", "core-channel":
            guard let coreStatic = key("coreStaticPrivate") else { return [] }
            var lines: [KeyLogEntry] = [.privateKey(.coreStatic, coreStatic)]
            let steps = zip(input["steps"]?.arrayValue ?? [], output?["steps"]?.arrayValue ?? [])
            for (step, result) in steps {
                let handshake = operation == "core-channel" ? step["handshake"] : step
                guard let handshake, let keys = sessionKeys(result),
                    let frame = handshake["frame"]?.stringValue.flatMap(Hex.decode),
                    let server = handshake["serverEphemeralPrivate"]?.stringValue.flatMap(Hex.decode),
                    server.count == 32,
                    let client = HandshakeReading.clientEphemeralPublic(handshake: frame, coreStaticPrivate: coreStatic)
                else { continue }
                lines.append(.privateKey(.serverEphemeral, server))
                lines.append(
                    .session(
                        clientEphemeralPublic: client,
                        serverEphemeralPublic: X25519.publicKey(privateKey: server),
                        keys: keys
                    )
                )
            }
            return lines
        default:
            return []
        }
    }

    /// `device-state`: the device static key, each `start`'s two ephemeral keys, and
    /// `SESSION_KEYS` for each ack accepted, named by the client ephemeral key of the handshake
    /// that was awaiting it (the latest `start`).
    private static func deviceStateLines(input: JSONValue, output: JSONValue?, corePublic: [UInt8]?) -> [KeyLogEntry] {
        let decode = { (value: JSONValue?) in
            value?.stringValue.flatMap(Hex.decode).flatMap { $0.count == 32 ? $0 : nil }
        }
        guard let deviceStatic = decode(input["deviceStaticPrivate"]), let corePublic else { return [] }
        var lines: [KeyLogEntry] = [.privateKey(.deviceStatic, deviceStatic)]
        var clientEphemeral: [UInt8]?
        for (step, result) in zip(input["steps"]?.arrayValue ?? [], output?["steps"]?.arrayValue ?? []) {
            if let start = step["start"], let handshake = decode(start["handshakeEphemeralPrivate"]),
                let client = decode(start["clientEphemeralPrivate"])
            {
                lines += [.privateKey(.handshakeEphemeral, handshake), .privateKey(.clientEphemeral, client)]
                clientEphemeral = client
            }
            guard let keys = sessionKeys(result), let client = clientEphemeral,
                let ack = step["receive"]?.stringValue.flatMap(Hex.decode),
                let server = HandshakeReading.serverEphemeralPublic(
                    ack: ack,
                    corePublicKey: corePublic,
                    deviceStaticPrivate: deviceStatic,
                    clientEphemeralPrivate: client
                )
            else { continue }
            lines.append(
                .session(
                    clientEphemeralPublic: X25519.publicKey(privateKey: client),
                    serverEphemeralPublic: server,
                    keys: keys
                )
            )
        }
        return lines
    }

    /// `c2s` and `s2c` of a result that carries them (an accepted handshake or ack).
    private static func sessionKeys(_ result: JSONValue) -> SessionKeys? {
        guard let c2s = result["c2s"]?.stringValue.flatMap(Hex.decode), c2s.count == 32,
            let s2c = result["s2c"]?.stringValue.flatMap(Hex.decode), s2c.count == 32
        else { return nil }
        return SessionKeys(c2s: c2s, s2c: s2c)
    }
}
