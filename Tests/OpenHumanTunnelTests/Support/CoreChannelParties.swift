import OpenHumanTunnel
import Testing
import TunnelCrypto

/// A device's completed handshake with a `CoreChannel`: what it sent, what the core answered,
/// the keys the device derived and the code it shows.
struct DeviceExchange {
    let device: DeviceParty
    let handshake: [UInt8]
    let ack: [UInt8]
    let keys: SessionKeys
    let coreCode: String

    /// The code the device computes from its own side of the exchange (SAS-1).
    var deviceCode: String {
        get throws {
            let staticDH = try X25519.sharedSecret(privateKey: device.staticPrivate, publicKey: device.corePublic)
            let serverEphemeral = try ackServerEphemeral()
            let ephemeralDH = try X25519.sharedSecret(
                privateKey: device.clientEphemeralPrivate,
                publicKey: serverEphemeral
            )
            return ShortAuthenticationString.derive(
                staticDH: staticDH,
                ephemeralDH: ephemeralDH,
                handshake: handshake,
                ack: ack
            )
        }
    }

    /// A session frame the device seals under this exchange's keys.
    func frame(_ text: String, nonceLabel: String) throws -> [UInt8] {
        try SessionCipher(role: .device, keys: keys).seal(
            utf8(text),
            nonce: Array(testPrivateKey(nonceLabel).prefix(24))
        )
    }

    /// The server ephemeral key inside the ack, read the way the device reads it.
    private func ackServerEphemeral() throws -> [UInt8] {
        let staticDH = try X25519.sharedSecret(privateKey: device.staticPrivate, publicKey: device.corePublic)
        let key = try HKDF.sha256(
            ikm: staticDH,
            salt: device.clientEphemeralPublic,
            info: InfoTag.handshakeAck,
            length: 32
        )
        let plaintext = try XChaCha20Poly1305.open(
            key: key,
            nonce: Array(ack[1..<25]),
            ciphertext: Array(ack[25...]),
            aad: [0x04] + device.clientEphemeralPublic
        )
        let text = String(decoding: plaintext, as: UTF8.self)
        let value = text.split(separator: "\"").dropLast().last.map(String.init) ?? ""
        return try Base64URL.decode(value)
    }
}

extension CoreChannel {
    /// Runs `device`'s handshake on this channel with `core`'s ephemeral key and ack nonce, and
    /// finishes it on the device side.
    mutating func handshake(from device: DeviceParty, core: CoreParty, now: Int64) throws -> DeviceExchange {
        let handshake = try device.start()
        let accepted = try receiveHandshake(
            handshake,
            now: now,
            serverEphemeralPrivate: core.serverEphemeralPrivate,
            ackNonce: core.ackNonce
        )
        return DeviceExchange(
            device: device,
            handshake: handshake,
            ack: accepted.ack,
            keys: try device.finish(accepted.ack),
            coreCode: accepted.sas
        )
    }
}

extension Pairing {
    /// A channel issued as `pending` whose first frame, under this pairing's handshake at 1,000,
    /// committed it: `confirming`, the frame held (CONFIRM-2), waiting for the user's answer.
    func confirmingChannel(pending: ChannelState) throws -> (channel: CoreChannel, exchange: DeviceExchange) {
        var channel = CoreChannel(coreStaticPrivate: core.staticPrivate, state: pending)
        let exchange = try channel.handshake(from: device, core: core, now: 1_000)
        #expect(throws: TunnelError.pairingUnconfirmed) {
            try channel.open(exchange.frame("ping", nonceLabel: "c1"), now: 1_001)
        }
        return (channel, exchange)
    }
}
