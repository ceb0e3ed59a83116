import OpenHumanTunnel
import TunnelCrypto

/// The key log line of one version 3 reconnection as each side writes it (KEYLOG-13):
/// `V3_TRANSPORT` named by the `e` of its 0x13, the `Split()` keys of KKpsk2, device to core then
/// core to device, rebuilt by running the library's Noise handshake state again on the side's
/// own keys. No other line: the two handshake payloads are empty, and their tags are the
/// receivers' checks. Never a private key, the psk or a DH output (KEYLOG-11).
package enum ReconnectionV3KeyLogLines {
    /// The device: the line of the reconnection whose `messageTwo` (0x14 included) it accepted.
    package static func device(
        corePublic: [UInt8],
        channelID: String,
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        reconnectPsk: [UInt8],
        acceptedMessageTwo messageTwo: [UInt8]
    ) -> [KeyLogEntry] {
        guard messageTwo.count == ReconnectionV3Message.messageTwoLength else { return [] }
        var noise = NoiseHandshakeState(
            pattern: .kkpsk2,
            role: .initiator,
            prologue: PairingV3.prologue(channelID: channelID),
            staticPrivate: deviceStaticPrivate,
            ephemeralPrivate: deviceEphemeralPrivate,
            remoteStatic: corePublic,
            psk: reconnectPsk
        )
        guard (try? noise.writeMessage(payload: [])) != nil,
            (try? noise.readMessage(Array(messageTwo.dropFirst()))) != nil
        else { return [] }
        let transport = noise.split()
        return [
            line(
                deviceEphemeral: X25519.publicKey(privateKey: deviceEphemeralPrivate),
                deviceToCore: transport.sendingKey,
                coreToDevice: transport.receivingKey
            )
        ]
    }

    /// The core: the line of a `messageOne` (0x13 included) it answered with the message 2 of
    /// `coreEphemeralPrivate`; nothing when message 1 does not read.
    package static func core(
        coreStaticPrivate: [UInt8],
        channelID: String,
        devicePublic: [UInt8],
        reconnectPsk: [UInt8],
        messageOne: [UInt8],
        coreEphemeralPrivate: [UInt8]
    ) -> [KeyLogEntry] {
        guard messageOne.count == ReconnectionV3Message.messageOneLength else { return [] }
        var noise = NoiseHandshakeState(
            pattern: .kkpsk2,
            role: .responder,
            prologue: PairingV3.prologue(channelID: channelID),
            staticPrivate: coreStaticPrivate,
            ephemeralPrivate: coreEphemeralPrivate,
            remoteStatic: devicePublic,
            psk: reconnectPsk
        )
        guard (try? noise.readMessage(Array(messageOne.dropFirst()))) != nil,
            (try? noise.writeMessage(payload: [])) != nil
        else { return [] }
        let transport = noise.split()
        return [
            line(
                deviceEphemeral: Array(messageOne[1..<33]),
                deviceToCore: transport.receivingKey,
                coreToDevice: transport.sendingKey
            )
        ]
    }

    private static func line(deviceEphemeral: [UInt8], deviceToCore: [UInt8], coreToDevice: [UInt8]) -> KeyLogEntry {
        KeyLogEntry(label: .pairingV3Transport, id: deviceEphemeral, secret: deviceToCore + coreToDevice)
    }
}
