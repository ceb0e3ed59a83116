import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// core-channel: one channel of the core through handshakes, frames, seals, the user's answer,
/// time, a filled session, restarts and the relay's word (KEYCONF-*, CONFIRM-*, HS-RATE-1,
/// ADP-50, ADP-55, ADP-56). Every step reports the channel state, the pending-handshake slot and
/// the attempts counted (ADP-53) after it, so a vector shows exactly what a handshake did not
/// change, and the signalling events the step owes the relay (ADP-57).
extension Operations {
    private enum CoreChannelStep {
        case handshake(frame: [UInt8], now: Int64, serverEphemeralPrivate: [UInt8], ackNonce: [UInt8])
        case open(frame: [UInt8], now: Int64)
        case seal(plaintext: [UInt8], nonce: [UInt8]?, now: Int64)
        case confirm(now: Int64, handshakeEphemeral: [UInt8])
        case reject(now: Int64)
        case tick(now: Int64)
        case restart(now: Int64)
        /// A relay event for the channel; `tunnel:revoked` is the only one (SIG-CORE-3).
        case signal(now: Int64)

        case fillSession(now: Int64)

        static let kinds = [
            "handshake", "open", "seal", "confirm", "reject", "tick", "restart", "signal", "fillSession",
        ]
        static let signalEvents = ["tunnel:revoked"]

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: Self.kinds)
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
            case "confirm": self = .confirm(now: now, handshakeEphemeral: try body.key("handshakeEphemeral"))
            case "reject": self = .reject(now: now)
            case "restart": self = .restart(now: now)
            case "signal":
                guard Self.signalEvents.contains(try body.string("event")) else {
                    throw BadRequest(reason: "\(path).signal.event: expected \"tunnel:revoked\"")
                }
                self = .signal(now: now)
            case "fillSession": self = .fillSession(now: now)
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
                case .confirm(let now, let handshakeEphemeral):
                    try channel.confirm(now: now, handshakeEphemeral: handshakeEphemeral)
                case .reject(let now): try channel.reject(now: now)
                case .tick(let now): channel.tick(now: now)
                case .restart(let now): channel.restart(now: now)
                case .signal(let now): channel.relayReportedRevoked(now: now)
                case .fillSession(let now): try channel.fillSession(now: now)
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
                // ADP-57: present on every step, so that a vector can require it empty.
                answer["send"] = .array(channel.takeSignals().map { .object(["event": .string($0.event)]) })
                answer["attempts"] =
                    channel.attempts.map {
                        .object(["handshakes": .int(Int64($0.handshakes)), "deviceKeys": .int(Int64($0.deviceKeys))])
                    } ?? .null
            }
        )
    }
}
