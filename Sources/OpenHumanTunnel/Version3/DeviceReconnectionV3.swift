import TunnelCrypto

/// The phone's side of a version 3 reconnection (spec/13-handshake-v3.md 13.8, V3-RECON-4):
/// message 1 under a fresh ephemeral key, message 2 read on a copy of the state, then the key
/// confirmation that lets the core commit.
public struct DeviceReconnectionV3: Sendable {
    public enum State: Sendable, Equatable {
        /// Message 1 is sent; message 2 is awaited.
        case awaitingReply
        /// Message 2 passed: the new session is the phone's, its keys in `transport`.
        case connected(handshakeHash: [UInt8])
    }

    private var noise: NoiseHandshakeState
    public private(set) var state: State = .awaitingReply
    /// The new session's keys, once message 2 has passed.
    public private(set) var transport: NoiseTransport?
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

    /// A message from the core, checked in V3-RECON-4's order. Returns the key confirmation to
    /// send when message 2 passes; a refused message 2 leaves the phone waiting for another.
    public mutating func receive(_ message: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard let type = message.first else { throw .emptyFrame }
        switch (type, state) {
        case (0x01, _): throw .legacyFrame
        case (ReconnectionV3Message.messageTwo, .awaitingReply): break
        case (0x02...0x04, _), (0x10...0x15, _): throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
        try PairingV3Message.checkLength(message, ReconnectionV3Message.messageTwoLength)
        var reading = noise
        _ = try reading.readMessage(Array(message.dropFirst()))
        noise = reading
        var split = noise.split()
        let confirmation = [ReconnectionV3Message.keyConfirmation] + (try split.seal([]))
        transport = split
        state = .connected(handshakeHash: noise.handshakeHash)
        return confirmation
    }
}
