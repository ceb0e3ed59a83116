import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// pairing-v3-core (ADP-54): one version 3 channel of the core from its QR code through
/// messages, the desktop user's answer and time (spec/13-handshake-v3.md 13.6 to 13.8). Every
/// step reports the state, the attempts counted and the messages the core sends because of it.
extension Operations {
    private enum PairingV3CoreStep {
        case receive(message: [UInt8], now: Int64, coreEphemeralPrivate: [UInt8]?, coreNonce: [UInt8]?)
        case confirm(code: String, now: Int64)
        case reject(now: Int64)
        case tick(now: Int64)
        case send(ChannelV3SendStep)

        static let kinds = ["receive", "confirm", "reject", "tick", "send"]

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let (kind, body) = try RequestInput(value, path: path).onlyStep(of: Self.kinds)
            if kind == "send" {
                self = .send(try ChannelV3SendStep(body, path: path))
                return
            }
            let now = try body.safeNatural("now")
            switch kind {
            case "receive":
                self = .receive(
                    message: try body.bytes("message"),
                    now: now,
                    coreEphemeralPrivate: try body.optionalBytes("coreEphemeral", count: 32),
                    coreNonce: try body.optionalBytes("coreNonce", count: PairingV3.nonceLength)
                )
            case "confirm": self = .confirm(code: try body.string("code"), now: now)
            case "reject": self = .reject(now: now)
            default: self = .tick(now: now)
            }
        }
    }

    func pairingV3Core(_ input: RequestInput) throws -> JSONValue {
        let channelID = try input.channelID()
        var channel = implementation.corePairingV3(
            coreStaticPrivate: try input.key("coreStaticPrivate"),
            channelID: channelID,
            pairingSecret: try input.bytes("pairingSecret", count: PairingV3.pairingSecretLength),
            expiresAt: try input.safeNatural("expiresAt")
        )
        return try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: PairingV3CoreStep.init,
            apply: { step in
                switch step {
                case .receive(let message, let now, let coreEphemeralPrivate, let coreNonce):
                    // ADP-14: an absent ephemeral key or nonce comes from the CSPRNG.
                    var random = SystemRandom()
                    return try channel.receive(
                        message,
                        now: now,
                        coreEphemeralPrivate: coreEphemeralPrivate ?? random.bytes(32),
                        coreNonce: coreNonce ?? random.bytes(PairingV3.nonceLength)
                    ).stepAnswer
                case .confirm(let code, let now):
                    return ["send": [.hex(try channel.confirm(code: code, now: now))]]
                case .reject(let now):
                    return ["send": .array((try channel.reject(now: now)).map { [.hex($0)] } ?? [])]
                case .tick(let now):
                    channel.tick(now: now)
                    return ["send": []]
                case .send(let step): return try channel.send(step.message, now: step.now).sentFrames
                }
            },
            finish: { answer in
                if answer["send"] == nil { answer["send"] = [] }
                answer["attempts"] = .int(Int64(channel.attempts))
                for (name, value) in Self.stateMembers(channel) { answer[name] = value }
            }
        )
    }

    /// `state` and what belongs to it: the code, the two confirmations and the deadline while
    /// confirming; the device key and the reconnection psk once paired.
    private static func stateMembers(_ channel: any CorePairingV3Endpoint) -> [String: JSONValue] {
        switch channel.state {
        case .pending: return ["state": "pending"]
        case .confirming(let deadline, let coreConfirmed, let deviceConfirmed):
            return [
                "state": "confirming", "code": channel.code.map(JSONValue.string) ?? .null, "deadline": .int(deadline),
                "confirmed": ["core": .bool(coreConfirmed), "device": .bool(deviceConfirmed)],
            ]
        case .paired(let devicePublicKey, let reconnectPsk):
            return ["state": "paired", "devicePublicKey": .hex(devicePublicKey), "reconnectPsk": .hex(reconnectPsk)]
        case .revoked: return ["state": "revoked"]
        }
    }
}

/// One version 3 channel of the core, as `pairing-v3-core` drives it.
public protocol CorePairingV3Endpoint {
    var state: CorePairingV3.State { get }
    var attempts: Int { get }
    var code: String? { get }
    mutating func receive(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8],
        coreNonce: [UInt8]
    ) throws(TunnelError) -> ChannelV3Outcome
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]]
    mutating func confirm(code: String, now: Int64) throws(TunnelError) -> [UInt8]
    mutating func reject(now: Int64) throws(TunnelError) -> [UInt8]?
    mutating func tick(now: Int64)
}

extension CorePairingV3: CorePairingV3Endpoint {}
