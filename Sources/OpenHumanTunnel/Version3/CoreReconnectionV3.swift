import TunnelCrypto

/// A paired version 3 channel of the core, receiving reconnections (spec/13-handshake-v3.md
/// 13.8: V3-RECON-2, V3-RECON-3).
///
/// An accepted message 1 is answered at once but only becomes the session when the device's key
/// confirmation opens under its keys: a replayed message 1 gets an answer nobody can use, and the
/// session it would replace goes on.
public struct CoreReconnectionV3: Sendable {
    /// One answered reconnection: its transcript hash, what the device sent as `e`, its keys.
    public struct Session: Sendable {
        public let handshakeHash: [UInt8]
        let deviceEphemeral: [UInt8]
        /// The answered reconnection's transport keys, until its commit hands them to `session`
        /// (V3-SESS-1): then nil, so no copy of epoch 0's keys outlives the session's own
        /// rotation (V3-REKEY-2).
        var transport: NoiseTransport?
    }

    private let coreStaticPrivate: [UInt8]
    private let devicePublicKey: [UInt8]
    private let prologue: [UInt8]
    private let reconnectPsk: [UInt8]
    private var rate = HandshakeRate()
    /// The session the last accepted confirmation committed; nil until the first reconnection.
    public private(set) var current: Session?
    /// The reconnection answered last, until its confirmation arrives.
    public private(set) var pending: Session?
    /// The current session's frames (V3-CHAN-1): built from `current` at its commit, and nil
    /// before the first one, as after a restart that kept only the device's key and the psk.
    public private(set) var session: SessionV3?

    /// A channel the pairing committed: the device's key and the reconnection psk (V3-PSK-2).
    public init(coreStaticPrivate: [UInt8], channelID: String, devicePublicKey: [UInt8], reconnectPsk: [UInt8]) {
        self.coreStaticPrivate = coreStaticPrivate
        self.devicePublicKey = devicePublicKey
        prologue = PairingV3.prologue(channelID: channelID)
        self.reconnectPsk = reconnectPsk
    }

    /// A message from the device, checked in V3-RECON-2's order: message 2 answers an accepted
    /// message 1, nothing an accepted confirmation, and a session frame goes to the current
    /// session, never to the pending reconnection (V3-CHAN-1, V3-RECON-3).
    public mutating func receive(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> ChannelV3Outcome {
        guard let type = message.first else { throw .emptyFrame }
        switch type {
        case 0x01: throw .legacyFrame
        case 0x03: throw .versionMismatch
        case ReconnectionV3Message.messageOne:
            return .answered(try acceptMessageOne(message, now: now, coreEphemeralPrivate: coreEphemeralPrivate))
        case ReconnectionV3Message.keyConfirmation:
            try acceptConfirmation(message, now: now)
            return .answered(nil)
        case SessionFrameV3.type:
            guard session != nil else { throw .noSession }
            return .delivered(try session!.receive(message))
        case 0x02, 0x04, PairingV3Message.messageOne, PairingV3Message.messageTwo, PairingV3Message.record,
            ReconnectionV3Message.messageTwo:
            throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
    }

    private mutating func acceptMessageOne(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        try PairingV3Message.checkLength(message, ReconnectionV3Message.messageOneLength)
        try rate.take(now: now)
        let ephemeral = Array(message[1..<33])
        guard ephemeral != current?.deviceEphemeral, ephemeral != pending?.deviceEphemeral else {
            throw .handshakeReplayed
        }
        var noise = NoiseHandshakeState(
            pattern: .kkpsk2,
            role: .responder,
            prologue: prologue,
            staticPrivate: coreStaticPrivate,
            ephemeralPrivate: coreEphemeralPrivate,
            remoteStatic: devicePublicKey,
            psk: reconnectPsk
        )
        _ = try noise.readMessage(Array(message.dropFirst()))
        let reply = try noise.writeMessage(payload: [])
        pending = Session(handshakeHash: noise.handshakeHash, deviceEphemeral: ephemeral, transport: noise.split())
        return [ReconnectionV3Message.messageTwo] + reply
    }

    /// Sends `message` to the device under the current session (V3-CHAN-2), as its frames in
    /// order; a pending reconnection's keys send nothing (V3-RECON-3).
    public mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }

    /// Commits the pending reconnection when the device's first transport message opens under
    /// its keys: its keys become the session, whose first epoch starts `now`, and the previous
    /// session's keys go with the values they lived in.
    private mutating func acceptConfirmation(_ message: [UInt8], now: Int64) throws(TunnelError) {
        guard var answered = pending, var transport = answered.transport else {
            throw .unexpectedType(ReconnectionV3Message.keyConfirmation)
        }
        try PairingV3Message.checkLength(message, ReconnectionV3Message.keyConfirmationLength)
        _ = try transport.open(Array(message.dropFirst()))
        session = SessionV3(role: .core, start: .reconnection, transport: transport, startedAt: now)
        answered.transport = nil
        current = answered
        pending = nil
    }
}
