import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// core-channel: one channel of the core through handshakes, frames, seals, the user's answer
/// and time (KEYCONF-*, CONFIRM-*, HS-RATE-1, ADP-50). Every step reports the channel state, the
/// pending-handshake slot and the attempts counted (ADP-53) after it, so a vector shows exactly
/// what a handshake did not change.
extension Operations {
    private enum CoreChannelStep {
        case handshake(frame: [UInt8], now: Int64, serverEphemeralPrivate: [UInt8], ackNonce: [UInt8])
        case open(frame: [UInt8], now: Int64)
        case seal(plaintext: [UInt8], nonce: [UInt8]?, now: Int64)
        case confirm(now: Int64)
        case reject(now: Int64)
        case tick(now: Int64)

        static let kinds = ["handshake", "open", "seal", "confirm", "reject", "tick"]

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            let present = Self.kinds.filter(step.has)
            guard present.count == 1, let kind = present.first else {
                throw BadRequest(reason: "\(path): expected exactly one of \(Self.kinds.joined(separator: ", "))")
            }
            let body = try step.object(kind)
            let now = try body.safeNatural("now")
            switch kind {
            case "handshake":
                self = .handshake(
                    frame: try body.bytes("frame"),
                    now: now,
                    serverEphemeralPrivate: try body.key("serverEphemeralPrivate"),
                    ackNonce: try body.bytes("ackNonce", count: XChaCha20Poly1305.nonceLength)
                )
            case "open": self = .open(frame: try body.bytes("frame"), now: now)
            case "seal":
                self = .seal(
                    plaintext: try body.bytes("plaintext"),
                    nonce: try body.optionalBytes("nonce", count: XChaCha20Poly1305.nonceLength),
                    now: now
                )
            case "confirm": self = .confirm(now: now)
            case "reject": self = .reject(now: now)
            default: self = .tick(now: now)
            }
        }
    }

    func coreChannel(_ input: RequestInput) throws -> JSONValue {
        let coreStaticPrivate = try input.key("coreStaticPrivate")
        var channel = implementation.coreChannel(
            coreStaticPrivate: coreStaticPrivate,
            state: try ChannelJSON.read(input.object("channel"))
        )
        return try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: CoreChannelStep.init,
            apply: { step in
                switch step {
                case .handshake(let frame, let now, let serverEphemeralPrivate, let ackNonce):
                    let accepted = try channel.handshake(
                        frame,
                        now: now,
                        serverEphemeralPrivate: serverEphemeralPrivate,
                        ackNonce: ackNonce
                    )
                    return [
                        "ack": .hex(accepted.acceptance.ack), "sas": .string(accepted.sas),
                        "c2s": .hex(accepted.acceptance.keys.c2s), "s2c": .hex(accepted.acceptance.keys.s2c),
                        "devicePublicKey": .hex(accepted.acceptance.devicePublicKey),
                    ]
                case .open(let frame, let now): return ["plaintext": .hex(try channel.open(frame, now: now))]
                case .seal(let plaintext, let nonce, let now):
                    return ["frame": .hex(try channel.seal(plaintext, nonce: nonce, now: now))]
                case .confirm(let now): try channel.confirm(now: now)
                case .reject(let now): try channel.reject(now: now)
                case .tick(let now): channel.tick(now: now)
                }
                return [:]
            },
            finish: { answer in
                answer["channel"] = ChannelJSON.write(channel.state)
                answer["pending"] =
                    channel.pendingHandshake.map {
                        .object([
                            "devicePublicKey": .hex($0.devicePublicKey),
                            "handshakeEphemeral": .hex($0.handshakeEphemeral),
                        ])
                    } ?? .null
                answer["attempts"] =
                    channel.attempts.map {
                        .object(["handshakes": .int(Int64($0.handshakes)), "deviceKeys": .int(Int64($0.deviceKeys))])
                    } ?? .null
            }
        )
    }
}
