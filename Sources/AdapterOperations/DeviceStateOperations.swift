import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// One pairing of the device, driven step by step through its states (DEV-STATE-1 to
/// DEV-STATE-4, ADP-111): the operation `device-state`.
public protocol DevicePairingEndpoint {
    var phase: DevicePairing.Phase { get }
    mutating func start(
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8],
        now: Int64
    ) throws(TunnelError) -> [UInt8]
    mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> DevicePairing.Receipt
    mutating func expire(now: Int64)
}

extension DevicePairing: DevicePairingEndpoint {}

extension Operations {
    func deviceState(_ input: RequestInput) throws -> JSONValue {
        var pairing = implementation.devicePairing(
            corePublicKey: try input.key("corePublicKey"),
            deviceStaticPrivate: try input.key("deviceStaticPrivate"),
            ackTimeout: try input.safeNatural("ackTimeout")
        )
        return try StepRunner.run(
            input,
            catching: TunnelError.self,
            parse: DeviceStateStep.init,
            apply: { step in
                switch step.action {
                case .start(let handshakeEphemeral, let clientEphemeral, let nonce):
                    let frame = try pairing.start(
                        handshakeEphemeralPrivate: handshakeEphemeral,
                        clientEphemeralPrivate: clientEphemeral,
                        nonce: nonce,
                        now: step.now
                    )
                    return ["frame": .hex(frame)]
                case .receive(let message):
                    switch try pairing.receive(message, now: step.now) {
                    case .established(let keys): return ["c2s": .hex(keys.c2s), "s2c": .hex(keys.s2c)]
                    case .opened(let plaintext): return ["plaintext": .hex(plaintext)]
                    }
                case .tick:
                    pairing.expire(now: step.now)
                    return [:]
                }
            },
            finish: { answer in answer["state"] = .string(pairing.phase.rawValue) }
        )
    }
}

/// A `device-state` step, read completely before any step runs.
private struct DeviceStateStep {
    enum Action {
        case start(handshakeEphemeralPrivate: [UInt8], clientEphemeralPrivate: [UInt8], nonce: [UInt8])
        case receive([UInt8])
        case tick
    }
    let action: Action
    let now: Int64

    init(_ value: JSONValue, path: String) throws(BadRequest) {
        let step = try RequestInput(value, path: path)
        now = try step.safeNatural("now")
        switch (step.has("start"), step.has("receive"), step.has("tick")) {
        case (true, false, false):
            let start = try step.object("start")
            action = .start(
                handshakeEphemeralPrivate: try start.key("handshakeEphemeralPrivate"),
                clientEphemeralPrivate: try start.key("clientEphemeralPrivate"),
                nonce: try start.bytes("nonce", count: XChaCha20Poly1305.nonceLength)
            )
        case (false, true, false): action = .receive(try step.bytes("receive"))
        case (false, false, true): action = .tick
        default: throw BadRequest(reason: "\(path): expected exactly one of \"start\", \"receive\" and \"tick\"")
        }
    }
}
