import TunnelCrypto

/// The phone's side of a version 3 reconnection (spec/13-handshake-v3.md 13.8, V3-RECON-4):
/// message 1 under a fresh ephemeral key, message 2 read on a copy of the state, then the key
/// confirmation that lets the core commit.
public struct DeviceReconnectionV3: Sendable {
    public enum State: Sendable, Equatable {
        /// Message 1 is sent; message 2 is awaited.
        case awaitingReply
        /// Message 2 passed: the new session is the phone's (`session`).
        case connected(handshakeHash: [UInt8])
    }

    private var noise: NoiseHandshakeState
    public private(set) var state: State = .awaitingReply
    /// The new session (V3-CHAN-3), started when message 2 passed; its counters continue after the
    /// key confirmation (V3-SESS-1).
    public private(set) var session: SessionV3?
    /// The message 1 this reconnection sent, for the relay.
    public let messageOne: [UInt8]

    public init(
        corePublicKey: [UInt8],
        channelID: String,
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        reconnectPsk: [UInt8]
    ) throws(TunnelError) {
        noise = NoiseHandshakeState(
            pattern: .kkpsk2,
            role: .initiator,
            prologue: PairingV3.prologue(channelID: channelID),
            staticPrivate: deviceStaticPrivate,
            ephemeralPrivate: deviceEphemeralPrivate,
            remoteStatic: corePublicKey,
            psk: reconnectPsk
        )
        messageOne = [ReconnectionV3Message.messageOne] + (try noise.writeMessage(payload: []))
    }

    /// A message from the core at time `now`, checked in V3-RECON-4's order. Message 2 is
    /// answered with the key confirmation; a refused one leaves the phone waiting for another.
    /// Once connected, a session frame goes to the new session (V3-CHAN-3).
    public mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> ChannelV3Outcome {
        guard let type = message.first else { throw .emptyFrame }
        switch (type, state) {
        case (0x01, _): throw .legacyFrame
        case (ReconnectionV3Message.messageTwo, .awaitingReply): break
        case (SessionFrameV3.type, .connected): return .delivered(try session!.receive(message))
        case (0x02...0x04, _), (0x10...SessionFrameV3.type, _): throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
        try PairingV3Message.checkLength(message, ReconnectionV3Message.messageTwoLength)
        var reading = noise
        _ = try reading.readMessage(Array(message.dropFirst()))
        noise = reading
        var split = noise.split()
        let confirmation = [ReconnectionV3Message.keyConfirmation] + (try split.seal([]))
        session = SessionV3(role: .device, start: .reconnection, transport: split, startedAt: now)
        state = .connected(handshakeHash: noise.handshakeHash)
        return .answered(confirmation)
    }

    /// Sends `message` to the core under the new session (V3-CHAN-3), as its frames in order.
    public mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }
}
