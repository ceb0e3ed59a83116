import OpenHumanTunnel

/// The conforming reference: every operation is one call into `OpenHumanTunnel`.
public struct LibraryImplementation: TunnelImplementation {
    /// The replay window of its session ciphers: 128 for the reference, larger only to compute
    /// the expectation of a `replayMemory>128` vector.
    public let replayMemory: Int

    public init(replayMemory: Int = ReplayWindow.standardCapacity) {
        self.replayMemory = replayMemory
    }

    public func x25519(scalar: [UInt8], u: [UInt8]) throws(TunnelError) -> [UInt8] {
        try X25519.sharedSecret(privateKey: scalar, publicKey: u)
    }

    public func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(TunnelError) -> [UInt8] {
        try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: length)
    }

    public func sessionKeys(staticDH: [UInt8], ephemeralDH: [UInt8], clientEphemeralPublic: [UInt8],
                     serverEphemeralPublic: [UInt8]) -> SessionKeys {
        SessionKeys.derive(staticDH: staticDH, ephemeralDH: ephemeralDH, clientEphemeralPublic: clientEphemeralPublic,
                           serverEphemeralPublic: serverEphemeralPublic)
    }

    public func session(role: Role, keys: SessionKeys) -> any SessionEndpoint {
        LibrarySession(cipher: SessionCipher(role: role, keys: keys, replayMemory: replayMemory))
    }

    public func deviceStart(corePublicKey: [UInt8], deviceStaticPrivate: [UInt8], handshakeEphemeralPrivate: [UInt8],
                     clientEphemeralPrivate: [UInt8], nonce: [UInt8]) throws(TunnelError) -> [UInt8] {
        try DeviceHandshake.start(corePublicKey: corePublicKey, deviceStaticPrivate: deviceStaticPrivate,
                                  handshakeEphemeralPrivate: handshakeEphemeralPrivate,
                                  clientEphemeralPrivate: clientEphemeralPrivate, nonce: nonce)
    }

    public func deviceFinish(ack: [UInt8], corePublicKey: [UInt8], deviceStaticPrivate: [UInt8],
                      clientEphemeralPrivate: [UInt8]) throws(TunnelError) -> SessionKeys {
        try DeviceHandshake.finish(ack: ack, corePublicKey: corePublicKey, deviceStaticPrivate: deviceStaticPrivate,
                                   clientEphemeralPrivate: clientEphemeralPrivate)
    }

    public func coreAccept(frame: [UInt8], coreStaticPrivate: [UInt8], channel: inout ChannelState, now: Int64,
                    serverEphemeralPrivate: [UInt8], ackNonce: [UInt8]) throws(TunnelError) -> CoreAcceptance {
        let accepted = try CoreHandshake.accept(frame: frame, coreStaticPrivate: coreStaticPrivate, channel: &channel,
                                                now: now, serverEphemeralPrivate: serverEphemeralPrivate,
                                                ackNonce: ackNonce)
        return CoreAcceptance(ack: accepted.ack, keys: accepted.keys, devicePublicKey: accepted.devicePublicKey)
    }

    public func pairingEncode(_ payload: PairingPayload) throws(PairingPayloadError) -> String {
        try PairingPayloadEncoder.encode(payload)
    }

    public func pairingParse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        try PairingPayloadParser.parse(bytes: payload, now: now)
    }
}

/// The library's session cipher; a missing nonce comes from the system CSPRNG (FRAME-SEAL-2).
private struct LibrarySession: SessionEndpoint {
    var cipher: SessionCipher

    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?) throws(TunnelError) -> [UInt8] {
        if let nonce { return try cipher.seal(plaintext, nonce: nonce) }
        var random = SystemRandom()
        return try cipher.seal(plaintext, using: &random)
    }

    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try cipher.open(frame)
    }
}
