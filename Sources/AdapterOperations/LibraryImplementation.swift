import OpenHumanTunnel
import TunnelCrypto

/// The conforming reference: every operation is one call into `OpenHumanTunnel`.
public struct LibraryImplementation: TunnelImplementation {
    /// The replay window of its session ciphers: 128 for the reference, larger only to compute
    /// the expectation of a `replayMemory>128` vector.
    public let replayMemory: Int
    /// The bound of the core's sessions (`sessionReplayMemory`, MEMORY-2): 65,536 for the
    /// reference adapter, so the bound's vectors run in every test run (the 2^20 family is
    /// flagged Slow); 1,048,576 only to compute that family's expectation.
    public let sessionReplayMemory: Int

    public init(replayMemory: Int = ReplayWindow.standardCapacity, sessionReplayMemory: Int = 65_536) {
        self.replayMemory = replayMemory
        self.sessionReplayMemory = sessionReplayMemory
    }

    public func x25519(scalar: [UInt8], u: [UInt8]) throws(TunnelError) -> [UInt8] {
        try TunnelError.crypto { () throws(CryptoError) in try X25519.sharedSecret(privateKey: scalar, publicKey: u) }
    }

    public func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(TunnelError) -> [UInt8] {
        try TunnelError.crypto { () throws(CryptoError) in
            try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: length)
        }
    }

    public func sessionKeys(
        staticDH: [UInt8],
        ephemeralDH: [UInt8],
        clientEphemeralPublic: [UInt8],
        serverEphemeralPublic: [UInt8]
    ) -> SessionKeys {
        SessionKeys.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
    }

    public func session(role: Role, keys: SessionKeys) -> any SessionEndpoint {
        LibrarySession(cipher: SessionCipher(role: role, keys: keys, replayMemory: replayMemory))
    }

    public func devicePairing(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        ackTimeout: Int64
    )
        -> any DevicePairingEndpoint
    {
        DevicePairing(
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            ackTimeout: ackTimeout,
            replayMemory: replayMemory
        )
    }

    public func deviceStart(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        try DeviceHandshake.start(
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            handshakeEphemeralPrivate: handshakeEphemeralPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate,
            nonce: nonce
        )
    }

    public func deviceFinish(
        ack: [UInt8],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> SessionKeys {
        try DeviceHandshake.finish(
            ack: ack,
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate
        )
    }

    public func coreAccept(
        frame: [UInt8],
        coreStaticPrivate: [UInt8],
        channel: inout ChannelState,
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreAcceptance {
        let accepted = try CoreHandshake.accept(
            frame: frame,
            coreStaticPrivate: coreStaticPrivate,
            channel: &channel,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce
        )
        return CoreAcceptance(ack: accepted.ack, keys: accepted.keys, devicePublicKey: accepted.devicePublicKey)
    }

    public func pairingEncode(_ payload: PairingPayload) throws(PairingPayloadError) -> String {
        try PairingPayloadEncoder.encode(payload)
    }

    public func pairingParse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        try PairingPayloadParser.parse(bytes: payload, now: now)
    }

    public func pairingEncodeV3(_ payload: PairingPayloadV3) throws(PairingPayloadError) -> String {
        try PairingPayloadV3Encoder.encode(payload)
    }

    public func pairingParseV3(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> ScannedPairingPayload {
        try PairingPayloadV3Parser.parse(bytes: payload, now: now)
    }

    public func sas(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> String {
        ShortAuthenticationString.derive(staticDH: staticDH, ephemeralDH: ephemeralDH, handshake: handshake, ack: ack)
    }

    public func coreKeyFingerprint(corePublicKey: [UInt8]) -> String {
        CoreKeyFingerprint.text(corePublicKey: corePublicKey)
    }

    public func pairingWindow(issuedAt: Int64, relayExpiresAtMilliseconds: Int64) -> Int64 {
        PairingWindow.expiresAt(issuedAt: issuedAt, relayExpiresAtMilliseconds: relayExpiresAtMilliseconds)
    }

    public func channelKeys(_ keys: [[UInt8]], candidate: [UInt8]?) throws(TunnelError) -> [Int] {
        if let candidate { try CoreKeyRegistry.checkNew(candidate, existing: keys) }
        return CoreKeyRegistry.sharingKeys(keys)
    }

    public func coreSession(keys: SessionKeys) -> any SessionEndpoint {
        LibraryCoreSession(session: CoreSession(keys: keys, bound: sessionReplayMemory))
    }

    public func coreChannel(coreStaticPrivate: [UInt8], state: ChannelState) -> any CoreChannelEndpoint {
        LibraryCoreChannel(
            channel: CoreChannel(
                coreStaticPrivate: coreStaticPrivate,
                state: state,
                sessionBound: sessionReplayMemory
            )
        )
    }
}

/// The library's core session; a missing nonce comes from the system CSPRNG.
private struct LibraryCoreSession: SessionEndpoint {
    var session: CoreSession

    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?) throws(TunnelError) -> [UInt8] {
        if let nonce { return try session.seal(plaintext, nonce: nonce) }
        var random = SystemRandom()
        return try session.seal(plaintext, using: &random)
    }

    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8] {
        try session.open(frame)
    }
}

/// The library's core channel; a missing seal nonce comes from the system CSPRNG.
private struct LibraryCoreChannel: CoreChannelEndpoint {
    var channel: CoreChannel

    var state: ChannelState { channel.state }

    var pendingHandshake: (devicePublicKey: [UInt8], handshakeEphemeral: [UInt8])? {
        channel.pending.map { ($0.devicePublicKey, $0.handshakeEphemeralPublic) }
    }

    var attempts: (handshakes: Int, deviceKeys: Int)? {
        channel.shownAttempts.map { ($0.handshakes, $0.deviceKeys.count) }
    }

    mutating func handshake(
        _ frame: [UInt8],
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreChannelAcceptance {
        let accepted = try channel.receiveHandshake(
            frame,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce
        )
        return CoreChannelAcceptance(
            acceptance: CoreAcceptance(
                ack: accepted.ack,
                keys: accepted.keys,
                devicePublicKey: accepted.devicePublicKey
            ),
            sas: accepted.sas
        )
    }

    mutating func open(_ frame: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] {
        try channel.open(frame, now: now)
    }

    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?, now: Int64) throws(TunnelError) -> [UInt8] {
        var random = SystemRandom()
        return try channel.seal(plaintext, nonce: nonce ?? random.bytes(XChaCha20Poly1305.nonceLength), now: now)
    }

    mutating func confirm(now: Int64, handshakeEphemeral: [UInt8]) throws(TunnelError) {
        try channel.confirm(now: now, handshakeEphemeral: handshakeEphemeral)
    }
    mutating func reject(now: Int64) throws(TunnelError) { try channel.reject(now: now) }
    mutating func tick(now: Int64) { channel.advance(to: now) }
    mutating func restart(now: Int64) { channel.restart(now: now) }
    mutating func relayReportedRevoked(now: Int64) { channel.relayReportedRevoked(now: now) }
    mutating func takeSignals() -> [CoreSignal] { channel.takeSignals() }
    mutating func fillSession(now: Int64) throws(TunnelError) { try channel.fillSession(now: now) }
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
