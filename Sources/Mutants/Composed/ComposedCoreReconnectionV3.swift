import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// A paired version 3 channel of the core receiving reconnections (`reconnect-v3-core`, ADP-128;
/// V3-RECON-1 to V3-RECON-3), composed from the composed Noise (`ComposedNoiseHandshakeState`,
/// `ComposedNoiseTransport`), `ReconnectionV3Message`'s octets and sizes and `HandshakeRate`, with
/// the mutants of the order of the checks, the replay memory and the commit.
struct ComposedCoreReconnectionV3: CoreReconnectionV3Endpoint {
    private struct Session {
        let handshakeHash: [UInt8]
        let deviceEphemeral: [UInt8]
        var transport: ComposedNoiseTransport
    }

    private let mutant: Mutant?
    private let coreStaticPrivate: [UInt8]
    private let devicePublicKey: [UInt8]
    private let prologue: [UInt8]
    private let reconnectPsk: [UInt8]
    private var rate = HandshakeRate()
    private var current: Session?
    private var pending: Session?
    /// The current session's frames (V3-CHAN-1), nil before the first commit.
    private var session: ComposedChannelSession?
    /// The session a commit replaced, which only `v3-channel-previous-session-kept` keeps.
    private var previous: ComposedChannelSession?

    init(
        coreStaticPrivate: [UInt8],
        channelID: String,
        devicePublicKey: [UInt8],
        reconnectPsk: [UInt8],
        mutant: Mutant?
    ) {
        self.mutant = mutant
        self.coreStaticPrivate = coreStaticPrivate
        self.devicePublicKey = devicePublicKey
        prologue = ComposedPairingV3(mutant: mutant).prologue(channelID: channelID)
        self.reconnectPsk = reconnectPsk
    }

    var committedHash: [UInt8]? { current?.handshakeHash }
    var pendingHash: [UInt8]? { pending?.handshakeHash }

    /// V3-RECON-2's order: the octet, then the checks of message 1 or of the confirmation.
    mutating func receive(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8]
    ) throws(TunnelError)
        -> ChannelV3Outcome
    {
        guard let type = message.first else { throw .emptyFrame }
        switch type {
        case 0x01: throw .legacyFrame
        case 0x03: throw mutant == .v3ReconnectVersionTwoHandshakeUnexpected ? .unexpectedType(type) : .versionMismatch
        case ReconnectionV3Message.messageOne:
            return .answered(try acceptMessageOne(message, now: now, coreEphemeralPrivate: coreEphemeralPrivate))
        case ReconnectionV3Message.keyConfirmation:
            try acceptConfirmation(message, now: now)
            return .answered(nil)
        case SessionFrameV3.type where mutant != .v3ChannelFramesUnsupported:
            return .delivered(try receiveFrame(message, now: now))
        case 0x02, 0x04, ReconnectionV3Message.messageTwo: throw .unexpectedType(type)
        case PairingV3Message.messageOne, PairingV3Message.messageTwo, PairingV3Message.record:
            throw mutant == .v3ReconnectPairingOctetsUnsupported ? .unsupportedType(type) : .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
    }

    private mutating func acceptMessageOne(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        if mutant == .v3ReconnectRateBeforeSize { try rate.take(now: now) }
        try Self.checkLength(message, ReconnectionV3Message.messageOneLength)
        if mutant != .v3ReconnectRateBeforeSize, mutant != .v3ReconnectRateUnlimited { try rate.take(now: now) }
        let ephemeral = Array(message[1..<33])
        if mutant != .v3ReconnectCurrentReplayForgotten, ephemeral == current?.deviceEphemeral {
            throw .handshakeReplayed
        }
        if mutant != .v3ReconnectPendingReplayAnswered, ephemeral == pending?.deviceEphemeral {
            throw .handshakeReplayed
        }
        var noise = ComposedNoiseHandshakeState(
            pattern: .kkpsk2,
            role: .responder,
            prologue: prologue,
            staticPrivate: coreStaticPrivate,
            ephemeralPrivate: coreEphemeralPrivate,
            remoteStatic: devicePublicKey,
            psk: reconnectPsk,
            mutant: mutant
        )
        _ = try noise.readMessage(Array(message.dropFirst()))
        let reply = try noise.writeMessage(payload: [])
        let answered = Session(
            handshakeHash: noise.handshakeHash,
            deviceEphemeral: ephemeral,
            transport: ComposedNoiseTransport(
                noise.split(),
                role: .responder,
                handshakeHash: noise.handshakeHash,
                mutant: mutant
            )
        )
        if mutant == .v3ReconnectCommittedAtMessageOne {
            current = answered
        } else if mutant != .v3ReconnectPendingNotReplaced || pending == nil {
            pending = answered
        }
        return [ReconnectionV3Message.messageTwo] + reply
    }

    /// V3-CHAN-1: the current session's frame; a pending reconnection opens none (V3-RECON-3).
    private mutating func receiveFrame(_ frame: [UInt8], now: Int64) throws(TunnelError) -> [UInt8]? {
        if mutant == .v3ChannelFramesToPendingReconnection, var early = pendingSession(now: now) {
            return try early.receive(frame)
        }
        guard session != nil else {
            throw mutant == .v3ChannelNoSessionUnexpected ? .unexpectedType(frame[0]) : .noSession
        }
        do throws(TunnelError) {
            return try session!.receive(frame)
        } catch {
            guard mutant == .v3ChannelPreviousSessionKept, previous != nil else { throw error }
            return try previous!.receive(frame)
        }
    }

    /// V3-CHAN-2: the current session only, whatever reconnection is pending.
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        if mutant == .v3ChannelSealsUnderPendingReconnection, var early = pendingSession(now: now) {
            return try early.send(message, now: now)
        }
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }

    /// The session the pending reconnection would start, which only the mutants that use its keys
    /// before the confirmation build.
    private func pendingSession(now: Int64) -> ComposedChannelSession? {
        pending.map {
            ComposedChannelSession(role: .core, start: .reconnection, transport: $0.transport, now: now, mutant: mutant)
        }
    }

    private mutating func acceptConfirmation(_ message: [UInt8], now: Int64) throws(TunnelError) {
        guard var answered = pending else {
            // The mutant opens before it looks for a reconnection: with none, nothing opens.
            throw mutant == .v3ReconnectConfirmationWithoutPendingOpened ? .authFailed : .unexpectedType(message[0])
        }
        if mutant != .v3ReconnectConfirmationSizeUnchecked {
            try Self.checkLength(message, ReconnectionV3Message.keyConfirmationLength)
        }
        do throws(TunnelError) {
            _ = try answered.transport.open(Array(message.dropFirst()))
        } catch {
            if mutant == .v3ReconnectRefusedConfirmationClearsPending { pending = nil }
            throw error
        }
        current = answered
        previous = session
        session = ComposedChannelSession(
            role: .core,
            start: .reconnection,
            transport: answered.transport,
            now: now,
            mutant: mutant
        )
        pending = nil
    }

    private static func checkLength(_ message: [UInt8], _ length: Int) throws(TunnelError) {
        guard message.count >= length else { throw .frameTooShort }
        guard message.count == length else { throw .frameTooLarge }
    }
}
