import AdapterOperations
import OpenHumanTunnel

/// The device's pairing and its states (DEV-STATE-1 to DEV-STATE-4), composed from the
/// implementation's handshake and session, with the three mutants that do what the deployed app
/// does: an ack error that sticks, an ack deadline that erases nothing, and a handshake that
/// leaves the session running.
struct ComposedDevicePairing: DevicePairingEndpoint {
    private enum State {
        case idle
        case awaitingAck(clientEphemeralPrivate: [UInt8], deadline: Int64)
        case established(any SessionEndpoint)
    }

    let implementation: ComposedImplementation
    let corePublicKey: [UInt8]
    let deviceStaticPrivate: [UInt8]
    let ackTimeout: Int64
    private var state = State.idle
    /// The first refused ack's error, kept by `ack-error-latched` and answered ever after.
    private var latched: TunnelError?

    init(
        implementation: ComposedImplementation,
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        ackTimeout: Int64
    ) {
        self.implementation = implementation
        self.corePublicKey = corePublicKey
        self.deviceStaticPrivate = deviceStaticPrivate
        self.ackTimeout = ackTimeout
    }

    private var mutant: Mutant? { implementation.mutant }

    var phase: DevicePairing.Phase {
        switch state {
        case .idle: .idle
        case .awaitingAck: .awaitingAck
        case .established: .established
        }
    }

    mutating func expire(now: Int64) {
        guard mutant != .lateAckInstallsSession else { return }
        if case .awaitingAck(_, let deadline) = state, now > deadline { state = .idle }
    }

    mutating func start(
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8],
        now: Int64
    ) throws(TunnelError) -> [UInt8] {
        let keepsSession = mutant == .handshakeKeepsSession && phase == .established
        if !keepsSession { state = .idle }
        let message = try implementation.deviceStart(
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            handshakeEphemeralPrivate: handshakeEphemeralPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate,
            nonce: nonce
        )
        if !keepsSession {
            state = .awaitingAck(clientEphemeralPrivate: clientEphemeralPrivate, deadline: now + ackTimeout)
        }
        return message
    }

    mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> DevicePairing.Receipt {
        expire(now: now)
        switch state {
        case .idle:
            // The type octet alone: in idle no length bound applies.
            try ComposedMessageType(mutant: mutant).check(
                Array(message.prefix(1)),
                accepting: ComposedMessageType.handshake,
                minimumLength: 1
            )
            throw .unexpectedType(ComposedMessageType.handshake)
        case .awaitingAck(let clientEphemeral, _):
            let keys: SessionKeys
            do {
                keys = try implementation.deviceFinish(
                    ack: message,
                    corePublicKey: corePublicKey,
                    deviceStaticPrivate: deviceStaticPrivate,
                    clientEphemeralPrivate: clientEphemeral
                )
            } catch {
                if mutant == .ackErrorLatched, latched == nil { latched = error }
                throw error
            }
            state = .established(implementation.session(role: .device, keys: keys))
            if let latched { throw latched }
            return .established(keys)
        case .established(var session):
            if let latched { throw latched }
            let plaintext = try session.open(message)
            state = .established(session)
            return .opened(plaintext)
        }
    }
}
