import KitModels
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// A version 3 reconnection of the channel `RecordedPairingV3` paired (VERIFY-15, VERIFY-16):
/// the device's 0x13, the core's 0x14 and the device's 0x15, built by the library's
/// `DeviceReconnectionV3` and `CoreReconnectionV3` from the pairing's static keys, its
/// reconnection psk (V3-PSK-2) and ephemeral keys named by `name`, and both sides' key log lines.
public struct RecordedReconnectionV3: Sendable {
    public let messageOne: [UInt8]
    public let messageTwo: [UInt8]
    public let confirmation: [UInt8]
    /// Both sides' `V3_TRANSPORT` lines (KEYLOG-13), which agree.
    public let keyLogEntries: [KeyLogEntry]

    public var keyLog: String { keyLogEntries.map(\.line).joined() }

    /// The three messages as records from `time` on, 10 ms apart.
    public func records(from time: Int64) -> [TraceRecord] {
        [(messageOne, Role.device), (messageTwo, .core), (confirmation, .device)].enumerated().map { index, pair in
            RecordedPairingV3.record(pair.0, from: pair.1, time: time + 10 * Int64(index))
        }
    }

    public init(pairing: RecordedPairingV3, name: String) throws {
        let id = pairing.id
        let coreStatic = LabelDerived.privateKey(id: id, name: "core-static")
        let deviceStatic = LabelDerived.privateKey(id: id, name: "device-static")
        let psk = PairingV3.reconnectPsk(
            handshakeHash: pairing.handshakeHash,
            deviceNonce: LabelDerived.bytes(32, id: id, name: "device-nonce"),
            coreNonce: LabelDerived.bytes(32, id: id, name: "device-device-nonce-core-nonce")
        )
        let deviceEphemeral = LabelDerived.privateKey(id: id, name: "\(name)-reconnect-ephemeral")
        let coreEphemeral = LabelDerived.privateKey(id: id, name: "\(name)-reconnect-core-ephemeral")
        let channel = RecordedPairingV3.channel
        var device = try DeviceReconnectionV3(
            corePublicKey: X25519.publicKey(privateKey: coreStatic),
            channelID: channel,
            deviceStaticPrivate: deviceStatic,
            deviceEphemeralPrivate: deviceEphemeral,
            reconnectPsk: psk
        )
        var core = CoreReconnectionV3(
            coreStaticPrivate: coreStatic,
            channelID: channel,
            devicePublicKey: X25519.publicKey(privateKey: deviceStatic),
            reconnectPsk: psk
        )
        messageOne = device.messageOne
        guard
            let reply = try core.receive(
                messageOne,
                now: RecordedPairingV3.startTime,
                coreEphemeralPrivate: coreEphemeral
            ).reply,
            let confirmation = try device.receive(reply, now: RecordedPairingV3.startTime).reply
        else { throw GenerationError("the core did not answer the reconnection message 1") }
        messageTwo = reply
        self.confirmation = confirmation
        keyLogEntries =
            ReconnectionV3KeyLogLines.device(
                corePublic: X25519.publicKey(privateKey: coreStatic),
                channelID: channel,
                deviceStaticPrivate: deviceStatic,
                deviceEphemeralPrivate: deviceEphemeral,
                reconnectPsk: psk,
                acceptedMessageTwo: messageTwo
            )
            + ReconnectionV3KeyLogLines.core(
                coreStaticPrivate: coreStatic,
                channelID: channel,
                devicePublic: X25519.publicKey(privateKey: deviceStatic),
                reconnectPsk: psk,
                messageOne: messageOne,
                coreEphemeralPrivate: coreEphemeral
            )
    }
}
