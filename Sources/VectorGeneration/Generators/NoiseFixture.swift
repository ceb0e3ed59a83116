import AdapterOperations
import OpenHumanTunnel
import VectorFormat

/// A version 3 pairing and reconnection with every input fixed: the kit's Noise vectors, the
/// derived-value vectors and chapter 13's worked example all start from it.
///
/// Every key and nonce is derived from a label, as everywhere in the suite, so the bytes are the
/// same on every machine and the chapter's values can be regenerated.
struct NoiseFixture {
    static let channelID = QRExample.cid
    let id: String

    init(id: String) {
        self.id = id
    }

    var pairingSecret: [UInt8] { LabelDerived.bytes(PairingV3.pairingSecretLength, id: id, name: "ps") }
    var deviceStatic: [UInt8] { LabelDerived.privateKey(id: id, name: "device-static") }
    var coreStatic: [UInt8] { LabelDerived.privateKey(id: id, name: "core-static") }
    var deviceEphemeral: [UInt8] { LabelDerived.privateKey(id: id, name: "device-ephemeral") }
    var coreEphemeral: [UInt8] { LabelDerived.privateKey(id: id, name: "core-ephemeral") }
    var deviceNonce: [UInt8] { LabelDerived.bytes(PairingV3.nonceLength, id: id, name: "device-nonce") }
    var coreNonce: [UInt8] { LabelDerived.bytes(PairingV3.nonceLength, id: id, name: "core-nonce") }
    var prologue: [UInt8] { PairingV3.prologue(channelID: Self.channelID) }
    var psk: [UInt8] { PairingV3.psk(pairingSecret: pairingSecret, channelID: Self.channelID) }

    /// The first pairing: message 1 carries the commitment, message 2 the core's nonce, and
    /// the first transport message the device's nonce (the reveal).
    var pairing: NoiseHandshakeRun {
        NoiseHandshakeRun(
            pattern: .ikpsk1,
            prologue: prologue,
            psk: psk,
            initiatorStatic: deviceStatic,
            initiatorEphemeral: deviceEphemeral,
            responderStatic: coreStatic,
            responderEphemeral: coreEphemeral,
            payloads: [PairingV3.commitment(deviceNonce: deviceNonce), coreNonce, deviceNonce]
        )
    }

    /// `h` of the pairing, which the code and the reconnection psk are derived from.
    func pairingHash() throws -> [UInt8] { try pairing.execute().handshakeHash }

    /// A reconnection after that pairing, with fresh ephemerals and a message each way after it.
    func reconnection() throws -> NoiseHandshakeRun {
        let reconnectPsk = PairingV3.reconnectPsk(
            handshakeHash: try pairingHash(),
            deviceNonce: deviceNonce,
            coreNonce: coreNonce
        )
        return NoiseHandshakeRun(
            pattern: .kkpsk2,
            prologue: prologue,
            psk: reconnectPsk,
            initiatorStatic: deviceStatic,
            initiatorEphemeral: LabelDerived.privateKey(id: id, name: "device-ephemeral-2"),
            responderStatic: coreStatic,
            responderEphemeral: LabelDerived.privateKey(id: id, name: "core-ephemeral-2"),
            payloads: [[], [], Array("ping".utf8), Array("pong".utf8)]
        )
    }
}

extension NoiseHandshakeRun {
    /// The run as `noise-handshake`'s input (ADP-58).
    var input: JSONValue {
        var members: [String: JSONValue] = [
            "protocol": .string(pattern.protocolName), "prologue": .hex(prologue), "psk": .hex(psk),
            "initiatorStatic": .hex(initiatorStatic), "initiatorEphemeral": .hex(initiatorEphemeral),
            "responderStatic": .hex(responderStatic), "responderEphemeral": .hex(responderEphemeral),
            "payloads": .array(payloads.map { .hex($0) }),
        ]
        if let responderPsk { members["responderPsk"] = .hex(responderPsk) }
        if let responderPrologue { members["responderPrologue"] = .hex(responderPrologue) }
        if let responderKnowsInitiator { members["responderKnowsInitiator"] = .hex(responderKnowsInitiator) }
        if let substitution {
            members["substitute"] = .object([
                "message": .int(Int64(substitution.message)), "offset": .int(Int64(substitution.offset)),
                "bytes": .hex(substitution.bytes),
            ])
        }
        return .object(members)
    }
}
