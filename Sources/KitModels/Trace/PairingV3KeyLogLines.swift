import OpenHumanTunnel
import TunnelCrypto

/// The key log lines of one version 3 pairing attempt as each side writes them (KEYLOG-13),
/// computed by running the library's Noise handshake state again on the side's own keys with
/// `keepsKeyLogSecrets` set: the lines are the library's intermediate values, never a private
/// key, the QR secret, the psk or a DH output (KEYLOG-11). The reference adapter writes them;
/// the verifier's vectors and tests build their key logs with them.
package enum PairingV3KeyLogLines {
    /// The device: message 1's two lines for the message 1 it sent, message 2's and
    /// `V3_TRANSPORT` when it accepted `messageTwo` (0x11 included).
    package static func device(
        corePublic: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        deviceNonce: [UInt8],
        acceptedMessageTwo messageTwo: [UInt8]?
    ) -> [KeyLogEntry] {
        var noise = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .initiator,
            prologue: PairingV3.prologue(channelID: channelID),
            staticPrivate: deviceStaticPrivate,
            ephemeralPrivate: deviceEphemeralPrivate,
            remoteStatic: corePublic,
            psk: PairingV3.psk(pairingSecret: pairingSecret, channelID: channelID)
        )
        noise.keepsKeyLogSecrets = true
        guard (try? noise.writeMessage(payload: PairingV3.commitment(deviceNonce: deviceNonce))) != nil else {
            return []
        }
        let ephemeral = X25519.publicKey(privateKey: deviceEphemeralPrivate)
        // Read on a copy: a message 2 refused at its tag has already run its DH tokens, and the
        // device logs message 2's lines only for one it accepts.
        var reading = noise
        guard let messageTwo, (try? reading.readMessage(Array(messageTwo.dropFirst()))) != nil else {
            return KeyLogEntry.pairingV3(deviceEphemeralPublic: ephemeral, secrets: noise.keyLogSecrets, transport: nil)
        }
        let transport = reading.split()
        return KeyLogEntry.pairingV3(
            deviceEphemeralPublic: ephemeral,
            secrets: reading.keyLogSecrets,
            transport: (transport.sendingKey, transport.receivingKey)
        )
    }

    /// The core: all four lines for a message 1 (0x10 included) it answered with `messageTwo`.
    /// Without `coreEphemeralPrivate`, or when it is not the key of `messageTwo`, message 2's
    /// keys cannot be rebuilt and only message 1's lines are given.
    package static func core(
        coreStaticPrivate: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        messageOne: [UInt8],
        messageTwo: [UInt8],
        coreEphemeralPrivate: [UInt8]?
    ) -> [KeyLogEntry] {
        guard messageOne.count == PairingV3Message.messageOneLength,
            messageTwo.count == PairingV3Message.messageTwoLength
        else { return [] }
        var noise = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .responder,
            prologue: PairingV3.prologue(channelID: channelID),
            staticPrivate: coreStaticPrivate,
            // Reading message 1 uses no ephemeral key of the core's.
            ephemeralPrivate: coreEphemeralPrivate ?? coreStaticPrivate,
            remoteStatic: nil,
            psk: PairingV3.psk(pairingSecret: pairingSecret, channelID: channelID)
        )
        noise.keepsKeyLogSecrets = true
        let ephemeral = Array(messageOne[1..<33])
        guard (try? noise.readMessage(Array(messageOne.dropFirst()))) != nil else { return [] }
        // The key after `se` and Split()'s keys do not depend on the payload: any 32 bytes
        // rebuild them, so a step that let the adapter draw `N_C` still logs them.
        var writing = noise
        guard let coreEphemeralPrivate, Array(messageTwo[1..<33]) == X25519.publicKey(privateKey: coreEphemeralPrivate),
            (try? writing.writeMessage(payload: [UInt8](repeating: 0, count: PairingV3.nonceLength))) != nil
        else {
            return KeyLogEntry.pairingV3(deviceEphemeralPublic: ephemeral, secrets: noise.keyLogSecrets, transport: nil)
        }
        let transport = writing.split()
        return KeyLogEntry.pairingV3(
            deviceEphemeralPublic: ephemeral,
            secrets: writing.keyLogSecrets,
            transport: (transport.receivingKey, transport.sendingKey)
        )
    }
}
