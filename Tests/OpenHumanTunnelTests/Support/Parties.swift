import OpenHumanTunnel
import TunnelCrypto

/// The HKDF info tags, written out here rather than taken from `KeySchedule`, so the builders
/// below are an independent second implementation of KDF-3 and KDF-4.
enum InfoTag {
    static let handshake = utf8("openhuman-tunnel/v3/handshake")
    static let handshakeAck = utf8("openhuman-tunnel/v3/handshake-ack")
}

/// The device side of one handshake attempt, with every private input fixed.
///
/// Besides driving `DeviceHandshake`, it can seal any plaintext as a 0x03 with the right `k_hs`:
/// the way to put malformed JSON or a low-order key behind a valid tag, so that the check under
/// test (after authentication) is the first one that can fire.
struct DeviceParty {
    var corePublic: [UInt8]
    var staticPrivate: [UInt8]
    var handshakeEphemeralPrivate: [UInt8]
    var clientEphemeralPrivate: [UInt8]
    var nonce: [UInt8]

    var staticPublic: [UInt8] { X25519.publicKey(privateKey: staticPrivate) }
    var handshakeEphemeralPublic: [UInt8] { X25519.publicKey(privateKey: handshakeEphemeralPrivate) }
    var clientEphemeralPublic: [UInt8] { X25519.publicKey(privateKey: clientEphemeralPrivate) }
    var staticPublicText: String { Base64URL.encode(staticPublic) }
    var clientEphemeralPublicText: String { Base64URL.encode(clientEphemeralPublic) }

    /// A device with its own static key, ephemeral keys and nonce derived from `label`.
    static func named(_ label: String, corePublic: [UInt8]) -> DeviceParty {
        DeviceParty(
            corePublic: corePublic,
            staticPrivate: testPrivateKey("\(label) static"),
            handshakeEphemeralPrivate: testPrivateKey("\(label) hs_eph"),
            clientEphemeralPrivate: testPrivateKey("\(label) client_eph"),
            nonce: Array(testPrivateKey("\(label) nonce").prefix(24))
        )
    }

    /// The same device, starting a new handshake: fresh hs_eph and client_eph (HS-3).
    func nextHandshake(_ label: String) -> DeviceParty {
        var next = self
        next.handshakeEphemeralPrivate = testPrivateKey("\(label) hs_eph")
        next.clientEphemeralPrivate = testPrivateKey("\(label) client_eph")
        next.nonce = Array(testPrivateKey("\(label) nonce").prefix(24))
        return next
    }

    func start() throws(TunnelError) -> [UInt8] {
        try DeviceHandshake.start(
            corePublicKey: corePublic,
            deviceStaticPrivate: staticPrivate,
            handshakeEphemeralPrivate: handshakeEphemeralPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate,
            nonce: nonce
        )
    }

    func finish(_ ack: [UInt8]) throws(TunnelError) -> SessionKeys {
        try DeviceHandshake.finish(
            ack: ack,
            corePublicKey: corePublic,
            deviceStaticPrivate: staticPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate
        )
    }

    /// HS-2's exact plaintext for this device.
    var canonicalPlaintext: [UInt8] {
        utf8(#"{"device_pubkey":"\#(staticPublicText)","client_ephemeral_pubkey":"\#(clientEphemeralPublicText)"}"#)
    }

    /// `template` with `<D>` and `<C>` replaced by this device's key texts (the spec's notation).
    func plaintext(_ template: String) -> [UInt8] {
        utf8(template.replacing("<D>", with: staticPublicText).replacing("<C>", with: clientEphemeralPublicText))
    }

    /// Seals `plaintext` as a 0x03 to `corePublic` under this attempt's hs_eph and nonce (HS-1).
    func sealHandshake(_ plaintext: [UInt8]) throws -> [UInt8] {
        let handshakeDH = try X25519.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublic)
        let key = try HKDF.sha256(
            ikm: handshakeDH,
            salt: handshakeEphemeralPublic + corePublic,
            info: InfoTag.handshake,
            length: 32
        )
        let header = [0x03] + handshakeEphemeralPublic
        return header + nonce + XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: header)
    }
}

/// The core side: a static key (one per channel) and the fixed inputs of its next acceptance.
struct CoreParty {
    var staticPrivate: [UInt8]
    var serverEphemeralPrivate: [UInt8]
    var ackNonce: [UInt8]

    var staticPublic: [UInt8] { X25519.publicKey(privateKey: staticPrivate) }
    var serverEphemeralPublic: [UInt8] { X25519.publicKey(privateKey: serverEphemeralPrivate) }

    static func named(_ label: String) -> CoreParty {
        CoreParty(
            staticPrivate: testPrivateKey("\(label) static"),
            serverEphemeralPrivate: testPrivateKey("\(label) server_eph"),
            ackNonce: Array(testPrivateKey("\(label) ack nonce").prefix(24))
        )
    }

    /// The same core, with a fresh server ephemeral key for its next handshake (ACK-3).
    func nextSession(_ label: String) -> CoreParty {
        var next = self
        next.serverEphemeralPrivate = testPrivateKey("\(label) server_eph")
        next.ackNonce = Array(testPrivateKey("\(label) ack nonce").prefix(24))
        return next
    }

    func accept(
        _ frame: [UInt8],
        channel: inout ChannelState,
        now: Int64 = 1_000
    ) throws(TunnelError)
        -> CoreHandshake.Acceptance
    {
        try CoreHandshake.accept(
            frame: frame,
            coreStaticPrivate: staticPrivate,
            channel: &channel,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce
        )
    }

    /// ACK-2's exact plaintext for this core's server ephemeral key.
    var canonicalAckPlaintext: [UInt8] {
        utf8(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"\#(Base64URL.encode(serverEphemeralPublic))"}"#)
    }

    /// `template` with `<S>` replaced by this core's server ephemeral key text.
    func ackPlaintext(_ template: String) -> [UInt8] {
        utf8(template.replacing("<S>", with: Base64URL.encode(serverEphemeralPublic)))
    }

    /// Seals `plaintext` as a 0x04 for `device`, with `k_ack` from this core's static key (ACK-1).
    /// A core with the wrong static key builds exactly what an impostor would.
    func sealAck(_ plaintext: [UInt8], for device: DeviceParty) throws -> [UInt8] {
        let staticDH = try X25519.sharedSecret(privateKey: staticPrivate, publicKey: device.staticPublic)
        let key = try HKDF.sha256(
            ikm: staticDH,
            salt: device.clientEphemeralPublic,
            info: InfoTag.handshakeAck,
            length: 32
        )
        return [0x04] + ackNonce
            + XChaCha20Poly1305.seal(
                key: key,
                nonce: ackNonce,
                plaintext: plaintext,
                aad: [0x04] + device.clientEphemeralPublic
            )
    }
}

/// A core and a device that both know each other's static keys: the usual pairing.
struct Pairing {
    var core: CoreParty
    var device: DeviceParty

    static func named(_ label: String) -> Pairing {
        let core = CoreParty.named("\(label) core")
        return Pairing(core: core, device: DeviceParty.named("\(label) device", corePublic: core.staticPublic))
    }

    /// A pending channel that has not expired at the default `now`.
    static let openPending = ChannelState.pending(expiresAt: 2_000)

    /// Runs the whole handshake and returns both session ciphers.
    func handshake(channel: inout ChannelState) throws -> (device: SessionCipher, core: SessionCipher) {
        let accepted = try core.accept(device.start(), channel: &channel)
        let deviceKeys = try device.finish(accepted.ack)
        return (SessionCipher(role: .device, keys: deviceKeys), SessionCipher(role: .core, keys: accepted.keys))
    }
}

/// The keys of the first fixed-input tuple of spec 3.3, derived anew on every call.
func fixedSessionKeys() -> SessionKeys {
    SessionKeys.derive(
        staticDH: repeated(0x11, 32),
        ephemeralDH: repeated(0x22, 32),
        clientEphemeralPublic: repeated(0x33, 32),
        serverEphemeralPublic: repeated(0x44, 32)
    )
}

/// Two ciphers of one session. Each gets its own `SessionKeys` value: a cipher wipes its key
/// storage when released, and that storage is shared with the value it was made from (the bug
/// shown by SessionKeyLifetimeTests), so sharing one value would let one cipher's release
/// break the other.
func sessionPair() -> (device: SessionCipher, core: SessionCipher) {
    (SessionCipher(role: .device, keys: fixedSessionKeys()), SessionCipher(role: .core, keys: fixedSessionKeys()))
}
