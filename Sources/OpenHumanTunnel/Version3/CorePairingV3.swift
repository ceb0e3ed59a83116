import TunnelCrypto

/// A version 3 channel of the core from its QR code to `paired` or `revoked`
/// (spec/13-handshake-v3.md 13.6 to 13.8: V3-CORE-*, V3-ATTEMPT-*, V3-CONFIRM-*).
///
/// The core answers at most `maximumAttempts` message 1s that pass their tags; the last one
/// answered is the attempt whose reveal it waits for. Nothing is committed before both users
/// have confirmed the code, and every way out but that one burns the QR secret.
public struct CorePairingV3: Sendable {
    public enum State: Sendable, Equatable {
        /// Waiting for a message 1, or for the reveal of the attempt last answered.
        case pending
        /// The code is on both screens; each side's confirmation is awaited until `deadline`.
        case confirming(deadline: Int64, coreConfirmed: Bool, deviceConfirmed: Bool)
        /// Committed: the device's key and the psk of its reconnections (V3-PSK-2).
        case paired(devicePublicKey: [UInt8], reconnectPsk: [UInt8])
        case revoked
    }

    /// A message 1 answered: what the reveal and the confirmations are checked against.
    struct Attempt: Sendable {
        var transport: NoiseTransport
        let handshakeHash: [UInt8]
        let commitment: [UInt8]
        let coreNonce: [UInt8]
        let devicePublicKey: [UInt8]
        /// Set by the reveal, with the reconnection psk the commit stores.
        var code: String?
        var reconnectPsk: [UInt8]?
    }

    /// V3-ATTEMPT-1: three tries at one QR secret, so a party in the middle matches the codes
    /// with probability at most 3 * 10^-6.
    public static let maximumAttempts = 3
    /// V3-CONFIRM-3: both confirmations within the time version 2 gives its one (CONFIRM-3).
    public static let confirmationSeconds = ChannelState.confirmationSeconds

    private let coreStaticPrivate: [UInt8]
    private let prologue: [UInt8]
    private let psk: [UInt8]
    public let expiresAt: Int64
    public private(set) var state: State = .pending
    /// Message 1s answered so far (V3-ATTEMPT-1), as the desktop shows them.
    public private(set) var attempts = 0
    private var rate = HandshakeRate()
    private var seenEphemerals: [[UInt8]] = []
    private var attempt: Attempt?
    /// The session the commit started (V3-CHAN-1): the attempt's transport keys, its counters
    /// after the records (V3-SESS-1).
    public private(set) var session: SessionV3?

    public init(coreStaticPrivate: [UInt8], channelID: String, pairingSecret: [UInt8], expiresAt: Int64) {
        self.coreStaticPrivate = coreStaticPrivate
        prologue = PairingV3.prologue(channelID: channelID)
        psk = PairingV3.psk(pairingSecret: pairingSecret, channelID: channelID)
        self.expiresAt = expiresAt
    }

    /// The code of the revealed attempt, while the users compare it.
    public var code: String? { attempt?.code }

    /// A message from the device, checked in V3-CORE-1's order: message 2 answers an accepted
    /// message 1, a record is answered by nothing, and a session frame goes to the session the
    /// commit started (V3-CHAN-1).
    public mutating func receive(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8],
        coreNonce: [UInt8]
    ) throws(TunnelError) -> ChannelV3Outcome {
        expire(now: now)
        guard let type = message.first else { throw .emptyFrame }
        switch type {
        case 0x01: throw .legacyFrame
        case 0x03: throw .versionMismatch
        case PairingV3Message.messageOne, PairingV3Message.record, SessionFrameV3.type: break
        case 0x02, 0x04, PairingV3Message.messageTwo,
            ReconnectionV3Message.messageOne...ReconnectionV3Message.keyConfirmation:
            throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
        switch state {
        case .revoked: throw .channelRevoked
        case .paired:
            guard type == SessionFrameV3.type, session != nil else { throw .unexpectedType(type) }
            return .delivered(try session!.receive(message))
        case .pending where now >= expiresAt:
            revoke()
            throw .pairingExpired
        case .pending, .confirming: break
        }
        switch type {
        case PairingV3Message.messageOne:
            return .answered(
                try acceptMessageOne(
                    message,
                    now: now,
                    coreEphemeralPrivate: coreEphemeralPrivate,
                    coreNonce: coreNonce
                )
            )
        case PairingV3Message.record:
            try acceptRecord(message, now: now)
            return .answered(nil)
        default: throw .unexpectedType(type)  // a session frame before the commit: no session yet
        }
    }

    /// Sends `message` to the device under the session (V3-CHAN-2), as its frames in order.
    public mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        expire(now: now)
        switch state {
        case .revoked: throw .channelRevoked
        case .confirming: throw .pairingUnconfirmed
        case .pending: throw .noSession
        case .paired: break
        }
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }

    /// The desktop user's *Yes* for `code`, the code the dialog showed (V3-CONFIRM-2). Returns
    /// the core's confirmation record for the device.
    public mutating func confirm(code: String, now: Int64) throws(TunnelError) -> [UInt8] {
        expire(now: now)
        guard case .confirming(let deadline, false, let deviceConfirmed) = state, var current = attempt,
            let shown = current.code
        else { throw state == .revoked ? .channelRevoked : .notConfirming }
        guard code == shown else { throw .staleConfirmation }
        let record = try seal(
            PairingV3Record.confirmation(by: .core, handshakeHash: current.handshakeHash, code: shown),
            in: &current
        )
        attempt = current
        state = .confirming(deadline: deadline, coreConfirmed: true, deviceConfirmed: deviceConfirmed)
        commitIfBothConfirmed(now: now)
        return record
    }

    /// The desktop user's *No*, or the dialog closed: the channel is revoked. Returns the core's
    /// rejection record when there is a revealed attempt whose device should learn it.
    public mutating func reject(now: Int64) throws(TunnelError) -> [UInt8]? {
        expire(now: now)
        switch state {
        case .pending, .confirming(_, false, _): break
        case .revoked: throw .channelRevoked
        // The Yes was sent, and the core has one record (V3-MSG-1): only the deadline ends it now.
        case .paired, .confirming(_, true, _): throw .notConfirming
        }
        var record: [UInt8]?
        if var current = attempt, current.code != nil {
            record = try seal(PairingV3Record.rejection(by: .core, handshakeHash: current.handshakeHash), in: &current)
        }
        revoke()
        return record
    }

    /// The clock moves: an expired QR secret or an unanswered confirmation revokes the channel.
    public mutating func tick(now: Int64) {
        expire(now: now)
        if state == .pending, now >= expiresAt { revoke() }
    }

    // MARK: - The checks

    private mutating func acceptMessageOne(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8],
        coreNonce: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        guard state == .pending else { throw .pairingUnconfirmed }
        try PairingV3Message.checkLength(message, PairingV3Message.messageOneLength)
        try rate.take(now: now)
        let ephemeral = Array(message[1..<33])
        guard !seenEphemerals.contains(ephemeral) else { throw .handshakeReplayed }
        var noise = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .responder,
            prologue: prologue,
            staticPrivate: coreStaticPrivate,
            ephemeralPrivate: coreEphemeralPrivate,
            remoteStatic: nil,
            psk: psk
        )
        let commitment = try noise.readMessage(Array(message.dropFirst()))
        guard attempts < Self.maximumAttempts else {
            revoke()
            throw .tooManyAttempts
        }
        attempts += 1
        seenEphemerals.append(ephemeral)
        let reply = try noise.writeMessage(payload: coreNonce)
        attempt = Attempt(
            transport: noise.split(),
            handshakeHash: noise.handshakeHash,
            commitment: commitment,
            coreNonce: coreNonce,
            devicePublicKey: noise.remoteStatic ?? []
        )
        return [PairingV3Message.messageTwo] + reply
    }

    private mutating func acceptRecord(_ message: [UInt8], now: Int64) throws(TunnelError) {
        guard var current = attempt else { throw .unexpectedType(PairingV3Message.record) }
        if case .confirming(_, _, true) = state { throw .unexpectedType(PairingV3Message.record) }
        try PairingV3Message.checkLength(message, PairingV3Message.recordLength)
        let plaintext = try current.transport.open(Array(message.dropFirst()))
        attempt = current
        guard let code = current.code else {
            try acceptReveal(plaintext, of: current, now: now)
            return
        }
        if plaintext == PairingV3Record.confirmation(by: .device, handshakeHash: current.handshakeHash, code: code) {
            guard case .confirming(let deadline, let coreConfirmed, _) = state else { return }
            state = .confirming(deadline: deadline, coreConfirmed: coreConfirmed, deviceConfirmed: true)
            commitIfBothConfirmed(now: now)
        } else if plaintext == PairingV3Record.rejection(by: .device, handshakeHash: current.handshakeHash) {
            revoke()
        } else {
            revoke()
            throw .confirmationMismatch
        }
    }

    /// V3-COMMIT-2: the reveal must open the commitment of message 1, or the device lied.
    private mutating func acceptReveal(_ deviceNonce: [UInt8], of current: Attempt, now: Int64) throws(TunnelError) {
        guard SecretMemory.equal(PairingV3.commitment(deviceNonce: deviceNonce), current.commitment) else {
            revoke()
            throw .commitmentMismatch
        }
        attempt?.code = PairingV3.code(
            handshakeHash: current.handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: current.coreNonce
        )
        attempt?.reconnectPsk = PairingV3.reconnectPsk(
            handshakeHash: current.handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: current.coreNonce
        )
        state = .confirming(deadline: now + Self.confirmationSeconds, coreConfirmed: false, deviceConfirmed: false)
    }

    private mutating func seal(_ plaintext: [UInt8], in current: inout Attempt) throws(TunnelError) -> [UInt8] {
        [PairingV3Message.record] + (try current.transport.seal(plaintext))
    }

    /// The commit: the device's key and the psk are kept, and the attempt's transport keys become
    /// the session, whose first epoch starts `now` (V3-SESS-1, V3-CHAN-1).
    private mutating func commitIfBothConfirmed(now: Int64) {
        guard case .confirming(_, true, true) = state, let current = attempt, let reconnectPsk = current.reconnectPsk
        else { return }
        state = .paired(devicePublicKey: current.devicePublicKey, reconnectPsk: reconnectPsk)
        session = SessionV3(role: .core, start: .pairing, transport: current.transport, startedAt: now)
        attempt = nil
    }

    /// V3-CONFIRM-3's deadline, applied before every step. The QR secret's expiry is applied by
    /// the message that arrives too late (`pairing_expired`) and by the clock (`tick`).
    private mutating func expire(now: Int64) {
        if case .confirming(let deadline, _, _) = state, now >= deadline { revoke() }
    }

    /// Every way out but both confirmations: the attempt's keys and the secret's psk are gone.
    private mutating func revoke() {
        state = .revoked
        attempt = nil
        session = nil
    }
}
