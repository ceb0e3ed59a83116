import TunnelCrypto

/// The inputs of the worked example (spec chapter 10): RFC 7748 section 6.1's Alice as the core,
/// its Bob as the device, and fixed ephemeral keys and nonces.
enum WorkedExample {
    static let coreStaticPrivate = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    static let deviceStaticPrivate = hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
    static let handshakeEphemeralPrivate = repeated(0x03, 32)
    static let clientEphemeralPrivate = repeated(0x04, 32)
    static let serverEphemeralPrivate = repeated(0x05, 32)
    static let handshakeNonce = repeated(0x10, 24)
    static let ackNonce = repeated(0x20, 24)
    static let requestNonce = repeated(0x30, 24)
    static let responseNonce = repeated(0x40, 24)
    static let requestPlaintext = utf8(
        #"{"requestId":"00000000-0000-4000-8000-000000000001","kind":"request","seq":0,"payload":{"method":"openhuman.ping","params":{}}}"#
    )
    static let responsePlaintext = utf8(
        #"{"requestId":"00000000-0000-4000-8000-000000000001","kind":"response","seq":0,"payload":{"ok":true}}"#
    )

    /// The device of the example, ready to start its handshake to the example core.
    static var device: DeviceParty {
        DeviceParty(
            corePublic: X25519.publicKey(privateKey: coreStaticPrivate),
            staticPrivate: deviceStaticPrivate,
            handshakeEphemeralPrivate: handshakeEphemeralPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate,
            nonce: handshakeNonce
        )
    }

    static var core: CoreParty {
        CoreParty(staticPrivate: coreStaticPrivate, serverEphemeralPrivate: serverEphemeralPrivate, ackNonce: ackNonce)
    }
}
