import OpenHumanTunnel

/// The reference implementation behind the adapter operations of spec/11-adapter-protocol.md.
///
/// `vectorgen` computes every vector's `expected` by running the vector's own `input` through
/// this interpreter, so the JSON a runner sends and the answer it checks cannot drift apart.
/// Inputs are read strictly: a shape error is `bad_request`, never a protocol error code.
public enum ReferenceOperations {
    /// The adapter operations this interpreter answers. It also answers the runner-driven
    /// pseudo-operation `accumulated`, which no adapter implements.
    public static let operations = [
        "x25519", "hkdf-sha256", "hchacha20", "xchacha20poly1305-seal", "xchacha20poly1305-open",
        "session-keys", "frame-seal", "frame-open", "session",
        "handshake-device-start", "handshake-device-finish", "handshake-core", "qr-encode", "qr-parse",
    ]

    /// Runs `operation` on `input`. `replayMemory` is the window size of the session ciphers: 128
    /// for the reference, larger to compute the expectation of a `replayMemory>128` vector.
    public static func perform(_ operation: String, input: JSONValue,
                               replayMemory: Int = ReplayWindow.standardCapacity) -> OperationOutcome {
        do {
            let reader = try InputReader(input)
            switch operation {
            case "x25519": return try x25519(reader)
            case "hkdf-sha256": return try hkdf(reader)
            case "hchacha20": return try hChaCha20(reader)
            case "xchacha20poly1305-seal": return try aeadSeal(reader)
            case "xchacha20poly1305-open": return try aeadOpen(reader)
            case "session-keys": return try sessionKeys(reader)
            case "frame-seal": return try frameSeal(reader)
            case "frame-open": return try frameOpen(reader, replayMemory: replayMemory)
            case "session": return try session(reader, replayMemory: replayMemory)
            case "handshake-device-start": return try deviceStart(reader)
            case "handshake-device-finish": return try deviceFinish(reader)
            case "handshake-core": return try core(reader)
            case "qr-encode": return try qrEncode(reader)
            case "qr-parse": return try qrParse(reader)
            case "accumulated": return try accumulated(reader)
            default: return .error(OperationOutcome.unsupported)
            }
        } catch {
            return .error(OperationOutcome.badRequest)
        }
    }

    /// Runs `body`, mapping a protocol error to its code.
    private static func attempt(_ body: () throws(TunnelError) -> JSONValue) -> OperationOutcome {
        do {
            return .output(try body())
        } catch {
            return .error(error.code)
        }
    }

    private static func x25519(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let scalar = try r.hex("scalar", length: 32), u = try r.hex("u", length: 32)
        return attempt { () throws(TunnelError) in
            ["shared": .hex(try X25519.sharedSecret(privateKey: scalar, publicKey: u))]
        }
    }

    private static func hkdf(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let ikm = try r.hex("ikm"), salt = try r.hex("salt"), info = try r.hex("info"), length = try r.int("length")
        guard length >= 0, length <= Int64(Int32.max) else { throw InputReader.BadRequest(reason: "length out of range") }
        return attempt { () throws(TunnelError) in
            ["okm": .hex(try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: Int(length)))]
        }
    }

    private static func hChaCha20(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let key = try r.hex("key", length: 32), nonce = try r.hex("nonce", length: 16)
        return .output(["subkey": .hex(XChaCha20Poly1305.hChaCha20(key: key, nonce16: nonce))])
    }

    private static func aeadSeal(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let key = try r.hex("key", length: 32), nonce = try r.hex("nonce", length: 24)
        let aad = try r.hex("aad"), plaintext = try r.hex("plaintext")
        return .output(["ciphertext": .hex(XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: aad))])
    }

    private static func aeadOpen(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let key = try r.hex("key", length: 32), nonce = try r.hex("nonce", length: 24)
        let aad = try r.hex("aad"), ciphertext = try r.hex("ciphertext")
        return attempt { () throws(TunnelError) in
            ["plaintext": .hex(try XChaCha20Poly1305.open(key: key, nonce: nonce, ciphertext: ciphertext, aad: aad))]
        }
    }

    private static func sessionKeys(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let keys = SessionKeys.derive(
            staticDH: try r.hex("staticDh", length: 32), ephemeralDH: try r.hex("ephemeralDh", length: 32),
            clientEphemeralPublic: try r.hex("clientEphemeralPublic", length: 32),
            serverEphemeralPublic: try r.hex("serverEphemeralPublic", length: 32))
        return .output(["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)])
    }

    /// Vectors always pin the nonce; without one there is nothing reproducible to answer.
    private static func frameSeal(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let cipher = SessionCipher(role: try r.role(), keys: try r.sessionKeys())
        let nonce = try r.hex("nonce", length: 24), plaintext = try r.hex("plaintext")
        return attempt { () throws(TunnelError) in ["frame": .hex(try cipher.seal(plaintext, nonce: nonce))] }
    }

    private static func frameOpen(_ r: InputReader, replayMemory: Int) throws(InputReader.BadRequest) -> OperationOutcome {
        var cipher = SessionCipher(role: try r.role(), keys: try r.sessionKeys(), replayMemory: replayMemory)
        let frame = try r.hex("frame")
        return attempt { () throws(TunnelError) in ["plaintext": .hex(try cipher.open(frame))] }
    }

    /// One cipher for all steps; a failing step answers `{"error": code}` and the next step runs.
    private static func session(_ r: InputReader, replayMemory: Int) throws(InputReader.BadRequest) -> OperationOutcome {
        var cipher = SessionCipher(role: try r.role(), keys: try r.sessionKeys(), replayMemory: replayMemory)
        var results: [JSONValue] = []
        for step in try r.array("steps") {
            let stepReader = try InputReader(step)
            if stepReader.has("seal") {
                let seal = try InputReader(try stepReader.value("seal"))
                let plaintext = try seal.hex("plaintext"), nonce = try seal.hex("nonce", length: 24)
                results.append(attempt { () throws(TunnelError) in ["frame": .hex(try cipher.seal(plaintext, nonce: nonce))] }.expected)
            } else if stepReader.has("open") {
                let frame = try InputReader(try stepReader.value("open")).hex("frame")
                results.append(attempt { () throws(TunnelError) in ["plaintext": .hex(try cipher.open(frame))] }.expected)
            } else {
                throw InputReader.BadRequest(reason: "a step is neither seal nor open")
            }
        }
        return .output(["steps": .array(results)])
    }

    private static func deviceStart(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let core = try r.hex("corePublicKey", length: 32), device = try r.hex("deviceStaticPrivate", length: 32)
        let hsEph = try r.hex("handshakeEphemeralPrivate", length: 32)
        let clientEph = try r.hex("clientEphemeralPrivate", length: 32), nonce = try r.hex("nonce", length: 24)
        return attempt { () throws(TunnelError) in
            ["frame": .hex(try DeviceHandshake.start(
                corePublicKey: core, deviceStaticPrivate: device, handshakeEphemeralPrivate: hsEph,
                clientEphemeralPrivate: clientEph, nonce: nonce))]
        }
    }

    private static func deviceFinish(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let core = try r.hex("corePublicKey", length: 32), device = try r.hex("deviceStaticPrivate", length: 32)
        let clientEph = try r.hex("clientEphemeralPrivate", length: 32), frame = try r.hex("frame")
        return attempt { () throws(TunnelError) in
            let keys = try DeviceHandshake.finish(ack: frame, corePublicKey: core, deviceStaticPrivate: device,
                                                  clientEphemeralPrivate: clientEph)
            return ["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)]
        }
    }

    /// One channel for all steps; every step answers the channel state after it.
    private static func core(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let corePrivate = try r.hex("coreStaticPrivate", length: 32)
        var channel = try ChannelJSON.decode(try r.value("channel"))
        var results: [JSONValue] = []
        for step in try r.array("steps") {
            let s = try InputReader(step)
            let frame = try s.hex("frame"), now = try s.int("now")
            let serverEph = try s.hex("serverEphemeralPrivate", length: 32), ackNonce = try s.hex("ackNonce", length: 24)
            do {
                let accepted = try CoreHandshake.accept(
                    frame: frame, coreStaticPrivate: corePrivate, channel: &channel, now: now,
                    serverEphemeralPrivate: serverEph, ackNonce: ackNonce)
                results.append(["ack": .hex(accepted.ack), "c2s": .hex(accepted.keys.c2s), "s2c": .hex(accepted.keys.s2c),
                                "devicePublicKey": .hex(accepted.devicePublicKey), "channel": ChannelJSON.encode(channel)])
            } catch {
                results.append(["error": .string(error.code), "channel": ChannelJSON.encode(channel)])
            }
        }
        return .output(["steps": .array(results)])
    }

    /// `{seed, cases}` -> `{sha256}`: the accumulated test run on the reference itself.
    private static func accumulated(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let seed = try r.string("seed"), count = try r.int("cases")
        guard count >= 0, count <= Int64(Int32.max) else { throw InputReader.BadRequest(reason: "cases out of range") }
        do {
            return .output(["sha256": .string(try AccumulatedTest.referenceHash(seed: seed, count: Int(count)))])
        } catch {
            return .error(error.code)
        }
    }

    /// The largest integer every JSON reader holds exactly: 2^53 - 1 (chapter 8.8).
    private static let largestExactInteger: Int64 = 9_007_199_254_740_991

    private static func qrEncode(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let exp = try r.int("exp")
        guard exp >= 0, exp <= largestExactInteger else { throw InputReader.BadRequest(reason: "exp out of range") }
        let rpc: String? = r.has("rpc") ? try r.string("rpc") : nil
        let payload = PairingPayload(channelID: try r.string("cid"), pairingToken: try r.string("pt"),
                                     corePublicKey: try r.hex("cpk"), rpcURL: rpc, expiresAt: UInt64(exp))
        do {
            return .output(["payload": .string(try PairingPayloadEncoder.encode(payload))])
        } catch {
            return .error(error.code)
        }
    }

    private static func qrParse(_ r: InputReader) throws(InputReader.BadRequest) -> OperationOutcome {
        let text = try r.string("payload"), now = try r.int("now")
        guard now >= 0, now <= largestExactInteger else { throw InputReader.BadRequest(reason: "now out of range") }
        do {
            let payload = try PairingPayloadParser.parse(text, now: UInt64(now))
            return .output(["cid": .string(payload.channelID), "pt": .string(payload.pairingToken),
                            "cpk": .hex(payload.corePublicKey), "rpc": payload.rpcURL.map(JSONValue.string) ?? .null,
                            "exp": .int(Int64(payload.expiresAt))])
        } catch {
            return .error(error.code)
        }
    }
}
