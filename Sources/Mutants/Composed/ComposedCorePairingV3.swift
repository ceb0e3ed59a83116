import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// A version 3 channel of the core from its QR code to `paired` or `revoked` (`pairing-v3-core`,
/// ADP-54; V3-MSG-1, V3-BIND-1, V3-CORE-1, V3-RATE-1, V3-ATTEMPT-1, V3-COMMIT-2, V3-CONFIRM-*),
/// composed from the composed Noise (`ComposedNoiseHandshakeState`, `ComposedNoiseTransport`),
/// the composed values (`ComposedPairingV3`), `PairingV3Record`, `PairingV3Message`'s octets
/// and sizes and `HandshakeRate`, with the mutants of the order of the checks, the attempts and
/// the confirmations.
struct ComposedCorePairingV3: CorePairingV3Endpoint {
    /// A message 1 answered: what its reveal and the confirmations are checked against.
    private struct Attempt {
        var transport: ComposedNoiseTransport
        let handshakeHash: [UInt8]
        let commitment: [UInt8]
        let coreNonce: [UInt8]
        let devicePublicKey: [UInt8]
        /// When its message 1 was answered, which `v3-deadline-from-message-1` counts from.
        let answeredAt: Int64
        /// Set by the reveal, with the reconnection psk the commit stores.
        var code: String?
        var reconnectPsk: [UInt8]?
    }

    private let mutant: Mutant?
    private let values: ComposedPairingV3
    private let coreStaticPrivate: [UInt8]
    private let prologue: [UInt8]
    private let psk: [UInt8]
    private let expiresAt: Int64
    private(set) var state: CorePairingV3.State = .pending
    private(set) var attempts = 0
    private var rate = HandshakeRate()
    private var seenEphemerals: [[UInt8]] = []
    private var attempt: Attempt?
    private var session: ComposedChannelSession?

    init(coreStaticPrivate: [UInt8], channelID: String, pairingSecret: [UInt8], expiresAt: Int64, mutant: Mutant?) {
        self.mutant = mutant
        values = ComposedPairingV3(mutant: mutant)
        self.coreStaticPrivate = coreStaticPrivate
        prologue = values.prologue(channelID: channelID)
        psk = values.psk(pairingSecret: pairingSecret, channelID: channelID)
        self.expiresAt = expiresAt
    }

    var code: String? { attempt?.code }

    /// V3-CORE-1's order: the octet, the channel, then the checks of message 1 or of a record,
    /// or the session's of a frame (V3-CHAN-1).
    mutating func receive(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8],
        coreNonce: [UInt8]
    ) throws(TunnelError) -> ChannelV3Outcome {
        expireConfirmation(now: now)
        guard let type = message.first else { throw .emptyFrame }
        switch type {
        case 0x01: throw .legacyFrame
        case 0x03: throw mutant == .v3VersionTwoHandshakeUnsupported ? .unsupportedType(type) : .versionMismatch
        case PairingV3Message.messageOne, PairingV3Message.record: break
        case SessionFrameV3.type where mutant != .v3ChannelFramesUnsupported: break
        case 0x02, 0x04, PairingV3Message.messageTwo, 0x13...0x15: throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
        switch state {
        case .revoked: throw .channelRevoked
        case .paired:
            guard type == SessionFrameV3.type, session != nil else { throw .unexpectedType(type) }
            return .delivered(try session!.receive(message))
        case .pending where now >= expiresAt:
            if mutant != .v3ExpiryDoesNotRevoke { revoke() }
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
        default: throw .unexpectedType(type)
        }
    }

    /// V3-CHAN-2: revoked, confirming, no session, in that order, then the session's checks.
    mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        expireConfirmation(now: now)
        switch state {
        case .revoked: throw .channelRevoked
        case .confirming: throw .pairingUnconfirmed
        case .pending: throw .noSession
        case .paired: break
        }
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }

    /// The desktop's *Yes* for the code its dialog showed (V3-CONFIRM-2); the core's record.
    mutating func confirm(code: String, now: Int64) throws(TunnelError) -> [UInt8] {
        expireConfirmation(now: now)
        guard case .confirming(let deadline, false, let deviceConfirmed) = state, var current = attempt,
            let shown = current.code
        else { throw state == .revoked ? .channelRevoked : .notConfirming }
        guard code == shown || mutant == .v3StaleConfirmationAccepted else { throw .staleConfirmation }
        let speaker: Role = mutant == .v3CoreConfirmsAsDevice ? .device : .core
        let record = try seal(
            PairingV3Record.confirmation(by: speaker, handshakeHash: current.handshakeHash, code: shown),
            in: &current
        )
        attempt = current
        state = .confirming(deadline: deadline, coreConfirmed: true, deviceConfirmed: deviceConfirmed)
        commitIfConfirmed(now: now)
        return record
    }

    /// The desktop's *No*: revoked, with the core's rejection record once a code is shown.
    mutating func reject(now: Int64) throws(TunnelError) -> [UInt8]? {
        expireConfirmation(now: now)
        switch state {
        case .pending, .confirming(_, false, _): break
        case .revoked: throw .channelRevoked
        // After its Yes the desktop has answered (V3-CONFIRM-2).
        case .paired, .confirming(_, true, _): throw .notConfirming
        }
        var record: [UInt8]?
        if var current = attempt, current.code != nil, mutant != .v3DesktopRejectionNotSent {
            record = try seal(PairingV3Record.rejection(by: .core, handshakeHash: current.handshakeHash), in: &current)
        }
        revoke()
        return record
    }

    mutating func tick(now: Int64) {
        expireConfirmation(now: now)
        if state == .pending, now >= expiresAt, mutant != .v3ExpiryDoesNotRevoke { revoke() }
    }

    // MARK: - Message 1

    /// V3-CORE-1 step 3: confirming, the size, the rate, the replay, the Noise read, the limit.
    private mutating func acceptMessageOne(
        _ message: [UInt8],
        now: Int64,
        coreEphemeralPrivate: [UInt8],
        coreNonce: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        guard state == .pending || mutant == .v3MessageOneAcceptedWhileConfirming else { throw .pairingUnconfirmed }
        try Self.checkLength(message, PairingV3Message.messageOneLength)
        if mutant != .v3RateUnlimited, mutant != .v3RateTakenAfterNoiseRead { try rate.take(now: now) }
        let ephemeral = Array(message[1..<33])
        if mutant != .v3ReplayedMessageOneAnswered, seenEphemerals.contains(ephemeral) { throw .handshakeReplayed }
        var noise = ComposedNoiseHandshakeState(
            pattern: .ikpsk1,
            role: .responder,
            prologue: prologue,
            staticPrivate: coreStaticPrivate,
            ephemeralPrivate: coreEphemeralPrivate,
            remoteStatic: nil,
            psk: psk,
            mutant: mutant
        )
        let commitment: [UInt8]
        do throws(TunnelError) {
            commitment = try noise.readMessage(Array(message.dropFirst()))
        } catch {
            if mutant == .v3FailedMessageOneCounted { attempts += 1 }
            throw error
        }
        if mutant == .v3RateTakenAfterNoiseRead { try rate.take(now: now) }
        try countAttempt()
        seenEphemerals.append(ephemeral)
        let reply = try noise.writeMessage(payload: coreNonce)
        let answered = Attempt(
            transport: ComposedNoiseTransport(
                noise.split(),
                role: .responder,
                handshakeHash: noise.handshakeHash,
                mutant: mutant
            ),
            handshakeHash: noise.handshakeHash,
            commitment: commitment,
            coreNonce: coreNonce,
            devicePublicKey: noise.remoteStatic ?? [],
            answeredAt: now
        )
        if mutant != .v3LaterAttemptDoesNotReplace || attempt == nil { attempt = answered }
        if mutant == .v3MessageOneAcceptedWhileConfirming { state = .pending }
        return [PairingV3Message.messageTwo] + reply
    }

    /// V3-ATTEMPT-1: the 4th message 1 that passes its tags revokes.
    private mutating func countAttempt() throws(TunnelError) {
        let limit = CorePairingV3.maximumAttempts + (mutant == .v3AttemptLimitOffByOne ? 1 : 0)
        if mutant != .v3AttemptsUnlimited, attempts >= limit {
            revoke()
            throw .tooManyAttempts
        }
        attempts += 1
    }

    // MARK: - Records

    /// V3-CORE-1 step 4: an attempt, the size, the Noise open, then the content.
    private mutating func acceptRecord(_ message: [UInt8], now: Int64) throws(TunnelError) {
        guard attempt != nil else { throw .unexpectedType(PairingV3Message.record) }
        if mutant != .v3RecordAfterMatchOpened, case .confirming(_, _, true) = state {
            throw .unexpectedType(PairingV3Message.record)
        }
        if mutant != .v3RecordSizeUnchecked { try Self.checkLength(message, PairingV3Message.recordLength) }
        // Opened in place: a failed open leaves the attempt's counter as the cipher state leaves it.
        guard let plaintext = try attempt?.transport.open(Array(message.dropFirst())), let current = attempt
        else { return }
        guard let code = current.code else {
            try acceptReveal(plaintext, of: current, now: now)
            return
        }
        let rejection = PairingV3Record.rejection(by: .device, handshakeHash: current.handshakeHash)
        let confirmation = PairingV3Record.confirmation(by: .device, handshakeHash: current.handshakeHash, code: code)
        if plaintext == confirmation || (mutant == .v3AnyRecordTakenAsMatch && plaintext != rejection) {
            guard case .confirming(let deadline, let coreConfirmed, _) = state else { return }
            state = .confirming(deadline: deadline, coreConfirmed: coreConfirmed, deviceConfirmed: true)
            commitIfConfirmed(now: now)
        } else if plaintext == rejection {
            if mutant != .v3DeviceRejectionIgnored { revoke() }
        } else {
            revoke()
            throw .confirmationMismatch
        }
    }

    /// V3-COMMIT-2: the reveal must open message 1's commitment; one that does shows the code.
    private mutating func acceptReveal(_ deviceNonce: [UInt8], of current: Attempt, now: Int64) throws(TunnelError) {
        let opens = SecretMemory.equal(values.commitment(deviceNonce: deviceNonce), current.commitment)
        guard opens || mutant == .v3RevealNotChecked else {
            if mutant != .v3CommitmentMismatchNotRevoked { revoke() }
            throw .commitmentMismatch
        }
        attempt?.code = values.code(
            handshakeHash: current.handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: current.coreNonce
        )
        attempt?.reconnectPsk = values.reconnectPsk(
            handshakeHash: current.handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: current.coreNonce
        )
        let start = mutant == .v3DeadlineFromMessageOne ? current.answeredAt : now
        state = .confirming(
            deadline: start + CorePairingV3.confirmationSeconds,
            coreConfirmed: false,
            deviceConfirmed: false
        )
    }

    private func seal(_ plaintext: [UInt8], in current: inout Attempt) throws(TunnelError) -> [UInt8] {
        [PairingV3Message.record] + (try current.transport.seal(plaintext))
    }

    /// V3-CONFIRM-2: the commit needs both the desktop's *Yes* and the phone's *Match*; the
    /// attempt's keys become the session (V3-CHAN-1).
    private mutating func commitIfConfirmed(now: Int64) {
        guard case .confirming(_, let coreConfirmed, let deviceConfirmed) = state, let current = attempt,
            let reconnectPsk = current.reconnectPsk
        else { return }
        let confirmed =
            switch mutant {
            case .v3CommitOnDesktopYes: coreConfirmed
            case .v3CommitOnPhoneMatch: deviceConfirmed
            default: coreConfirmed && deviceConfirmed
            }
        guard confirmed else { return }
        state = .paired(devicePublicKey: current.devicePublicKey, reconnectPsk: reconnectPsk)
        session = ComposedChannelSession(
            role: .core,
            start: .pairing,
            transport: current.transport,
            now: now,
            mutant: mutant
        )
        attempt = nil
    }

    /// V3-CONFIRM-3: 120 s after the reveal, before any step at or after that time.
    private mutating func expireConfirmation(now: Int64) {
        guard mutant != .v3ConfirmationDeadlineIgnored, case .confirming(let deadline, _, _) = state else { return }
        let passed = mutant == .v3ConfirmationDeadlineOffByOne ? now > deadline : now >= deadline
        if passed { revoke() }
    }

    private mutating func revoke() {
        state = .revoked
        attempt = nil
        session = nil
    }

    /// V3-MSG-1's exact sizes, before any DH.
    private static func checkLength(_ message: [UInt8], _ length: Int) throws(TunnelError) {
        guard message.count >= length else { throw .frameTooShort }
        guard message.count == length else { throw .frameTooLarge }
    }
}
