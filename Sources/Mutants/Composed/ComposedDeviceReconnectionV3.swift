import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// The phone's side of a version 3 reconnection (`reconnect-v3-device`, ADP-129; V3-RECON-4),
/// composed from the composed Noise, with the mutants of the phone's checks and of its
/// confirmation.
struct ComposedDeviceReconnectionV3: DeviceReconnectionV3Endpoint {
    private let mutant: Mutant?
    private var noise: ComposedNoiseHandshakeState
    /// The state after message 1, which the mutant that reads a second message 2 reads it on.
    private let afterMessageOne: ComposedNoiseHandshakeState
    private(set) var state: DeviceReconnectionV3.State = .awaitingReply
    private var session: ComposedChannelSession?
    let messageOne: [UInt8]

    init(
        corePublicKey: [UInt8],
        channelID: String,
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        reconnectPsk: [UInt8],
        mutant: Mutant?
    ) throws(TunnelError) {
        self.mutant = mutant
        noise = ComposedNoiseHandshakeState(
            pattern: .kkpsk2,
            role: .initiator,
            prologue: ComposedPairingV3(mutant: mutant).prologue(channelID: channelID),
            staticPrivate: deviceStaticPrivate,
            ephemeralPrivate: deviceEphemeralPrivate,
            remoteStatic: corePublicKey,
            psk: reconnectPsk,
            mutant: mutant
        )
        messageOne = [ReconnectionV3Message.messageOne] + (try noise.writeMessage(payload: []))
        afterMessageOne = noise
    }

    /// V3-RECON-4's order: the octet and whether message 2 is due, the size, the Noise read; a
    /// frame goes to the new session once connected (V3-CHAN-3).
    mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> ChannelV3Outcome {
        guard let type = message.first else { throw .emptyFrame }
        let awaiting = state == .awaitingReply || mutant == .v3ReconnectDeviceReadsSecondMessageTwo
        switch (type, awaiting) {
        case (0x01, _): throw .legacyFrame
        case (ReconnectionV3Message.messageTwo, true): break
        case (SessionFrameV3.type, _) where mutant == .v3ChannelFramesUnsupported: throw .unsupportedType(type)
        case (SessionFrameV3.type, _) where session != nil: return .delivered(try session!.receive(message))
        case (0x02...0x04, _), (0x10...SessionFrameV3.type, _): throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
        if mutant != .v3ReconnectDeviceSizeUnchecked {
            guard message.count >= ReconnectionV3Message.messageTwoLength else { throw .frameTooShort }
            guard message.count == ReconnectionV3Message.messageTwoLength else { throw .frameTooLarge }
        }
        if mutant == .v3ReconnectDeviceReadsSecondMessageTwo, state != .awaitingReply {
            // A second message 2 is read as if it were the first, and replaces the session.
            noise = afterMessageOne
        }
        if mutant == .v3ReconnectDeviceReadsOnLiveState {
            _ = try noise.readMessage(Array(message.dropFirst()))
        } else {
            var reading = noise
            _ = try reading.readMessage(Array(message.dropFirst()))
            noise = reading
        }
        var transport = ComposedNoiseTransport(
            noise.split(),
            role: .initiator,
            handshakeHash: noise.handshakeHash,
            mutant: mutant
        )
        state = .connected(handshakeHash: noise.handshakeHash)
        session = ComposedChannelSession(
            role: .device,
            start: .reconnection,
            transport: transport,
            now: now,
            mutant: mutant
        )
        let confirmation = try transport.seal([])
        return .answered(
            mutant == .v3ReconnectDeviceConfirmationWithPayload
                ? [ReconnectionV3Message.keyConfirmation] + (try transport.seal([0]))
                : [ReconnectionV3Message.keyConfirmation] + confirmation
        )
    }

    /// V3-CHAN-3: only under the session the last message 2 started.
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }
}
