import OpenHumanTunnel
import VectorFormat

/// noise-handshake (ADP-58) and pairing-v3-values (ADP-59): the Noise profile of version 3 and
/// the values derived around it (spec/13-handshake-v3.md).
extension Operations {
    func noiseHandshake(_ input: RequestInput) throws -> JSONValue {
        let run = try Self.noiseRun(input)
        let result = try implementation.noiseHandshake(run)
        return .object([
            "messages": .array(result.messages.map { .hex($0) }),
            "handshakeHash": .hex(result.handshakeHash),
            "transportKeys": .object([
                "initiatorToResponder": .hex(result.initiatorToResponder),
                "responderToInitiator": .hex(result.responderToInitiator),
            ]),
        ])
    }

    func pairingV3Values(_ input: RequestInput) throws -> JSONValue {
        let channelID = try input.channelID()
        let values = implementation.pairingV3Values(
            channelID: channelID,
            pairingSecret: try input.bytes("pairingSecret", count: PairingV3.pairingSecretLength),
            handshakeHash: try input.bytes("handshakeHash", count: 32),
            deviceNonce: try input.bytes("deviceNonce", count: PairingV3.nonceLength),
            coreNonce: try input.bytes("coreNonce", count: PairingV3.nonceLength)
        )
        return .object([
            "prologue": .hex(values.prologue), "psk": .hex(values.psk), "commitment": .hex(values.commitment),
            "code": .string(values.code), "reconnectPsk": .hex(values.reconnectPsk),
        ])
    }

    static func noiseRun(_ input: RequestInput) throws(BadRequest) -> NoiseHandshakeRun {
        guard let pattern = NoisePattern(rawValue: try input.string("protocol")) else {
            throw BadRequest(reason: "input.protocol: expected one of \(NoisePattern.allCases.map(\.rawValue))")
        }
        let payloads = try input.array("payloads").map { element throws(BadRequest) in
            guard case .string(let text) = element.value, let bytes = HexText.decode(text) else {
                throw BadRequest(reason: "\(element.path): expected lowercase hex")
            }
            return bytes
        }
        guard payloads.count >= 2 else { throw BadRequest(reason: "input.payloads: expected at least 2 payloads") }
        var run = NoiseHandshakeRun(
            pattern: pattern,
            prologue: try input.bytes("prologue"),
            psk: try input.key("psk"),
            initiatorStatic: try input.key("initiatorStatic"),
            initiatorEphemeral: try input.key("initiatorEphemeral"),
            responderStatic: try input.key("responderStatic"),
            responderEphemeral: try input.key("responderEphemeral"),
            payloads: payloads
        )
        // A message over Noise's limit is not one the protocol can express: a shape error.
        guard payloads.indices.allSatisfy({ run.messageLength($0) <= NoisePattern.maximumMessageLength }) else {
            throw BadRequest(reason: "input.payloads: a message would exceed 65,535 bytes")
        }
        run.responderPsk = try input.optionalBytes("responderPsk", count: 32)
        run.responderPrologue = input.isAbsent("responderPrologue") ? nil : try input.bytes("responderPrologue")
        run.responderKnowsInitiator = try input.optionalBytes("responderKnowsInitiator", count: 32)
        if run.responderKnowsInitiator != nil, !pattern.preMessages.initiator {
            throw BadRequest(
                reason: "input.responderKnowsInitiator: only a KK handshake has the initiator's key as a pre-message"
            )
        }
        if !input.isAbsent("substitute") {
            let substitute = try input.object("substitute")
            let message = Int(try substitute.safeNatural("message")), offset = Int(try substitute.safeNatural("offset"))
            let bytes = try substitute.bytes("bytes")
            guard message < payloads.count, offset <= run.messageLength(message),
                bytes.count <= run.messageLength(message) - offset
            else { throw BadRequest(reason: "input.substitute: the bytes must fit inside one of the messages") }
            run.substitution = .init(message: message, offset: offset, bytes: bytes)
        }
        return run
    }
}
