import AdapterOperations
import OpenHumanTunnel

/// One channel of the core (KEYCONF-*, CONFIRM-*), composed from the library's handshake
/// opener (`CoreHandshake.open`, which the handshake mutants cover) and `ComposedCoreSession`,
/// with the commit and confirmation mutants.
struct ComposedCoreChannel: CoreChannelEndpoint {
    private struct Slot {
        let devicePublicKey: [UInt8]
        let handshakeEphemeral: [UInt8]
        let clientEphemeral: [UInt8]
        let session: ComposedCoreSession
    }

    private let mutant: Mutant?
    private let coreStaticPrivate: [UInt8]
    private let bound: Int
    private(set) var state: ChannelState
    private var session: ComposedCoreSession?
    /// The session a commit replaced, kept only by `old-session-still-opens`.
    private var previousSession: ComposedCoreSession?
    private var slot: Slot?
    private var attemptCount = 0
    private var pendingDeviceKeys: [[UInt8]] = []
    private var signals: [CoreSignal] = []
    private var pendingClientEphemerals: [[UInt8]] = []
    private var sessionClientEphemeral: [UInt8]?
    private var rate = HandshakeRate()

    init(coreStaticPrivate: [UInt8], state: ChannelState, bound: Int, mutant: Mutant?) {
        self.coreStaticPrivate = coreStaticPrivate
        self.state = state
        self.bound = bound
        self.mutant = mutant
    }

    var pendingHandshake: (devicePublicKey: [UInt8], handshakeEphemeral: [UInt8])? {
        slot.map { ($0.devicePublicKey, $0.handshakeEphemeral) }
    }

    var attempts: (handshakes: Int, deviceKeys: Int)? {
        switch state {
        case .pending, .confirming: (attemptCount, pendingDeviceKeys.count)
        case .paired, .revoked: nil
        }
    }

    mutating func tick(now: Int64) {
        guard mutant != .confirmationDeadlineIgnored else { return }
        if case .confirming(_, _, let deadline) = state, now > deadline { revoke() }
    }

    mutating func handshake(
        _ frame: [UInt8],
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreChannelAcceptance {
        tick(now: now)
        if mutant == .pendingSlotKeepsFirst, slot != nil, case .pending = state { throw .unknownDevice }
        let accepted = try CoreHandshake.open(
            frame: frame,
            coreStaticPrivate: coreStaticPrivate,
            channel: handshakeState,
            pendingHandshakeEphemeral: mutant == .pendingHandshakeReplayAccepted ? nil : slot?.handshakeEphemeral,
            refusedClientEphemerals: mutant == .clientEphemeralReuseAccepted ? [] : refusedClientEphemerals,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce,
            beforeKeyAgreement: { () throws(TunnelError) in
                if mutant != .handshakeRateUnlimited { try rate.take(now: now) }
            }
        )
        try admit(accepted)
        let waiting = Slot(
            devicePublicKey: accepted.devicePublicKey,
            handshakeEphemeral: accepted.handshakeEphemeralPublic,
            clientEphemeral: accepted.clientEphemeralPublic,
            session: ComposedCoreSession(keys: accepted.keys, bound: bound, mutant: mutant)
        )
        if mutant == .commitOnHandshake { commit(waiting, now: now) } else { slot = waiting }
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
        tick(now: now)
        try ComposedMessageType(mutant: mutant).check(
            frame,
            accepting: ComposedMessageType.session,
            minimumLength: Limits.sessionFrameOverhead
        )
        switch state {
        case .revoked: throw .channelRevoked
        case .pending(let expiresAt) where mutant != .pendingGraceIgnored && now > expiresAt + 60: throw .pairingExpired
        default: break
        }
        guard session != nil || slot != nil else { throw .noSession }
        if let session, session.remembers(frame) { throw .replayed }
        if let plaintext = session?.authenticate(frame) {
            session!.record(frame)
            return try deliver(plaintext)
        }
        if mutant == .exhaustedSessionBlocksCommit, session?.isExhausted == true { throw .sessionExhausted }
        if let waiting = slot, let plaintext = waiting.session.authenticate(frame) {
            commit(waiting, now: now)
            session!.record(frame)
            return try deliver(plaintext)
        }
        if let plaintext = previousSession?.authenticate(frame) {
            previousSession!.record(frame)
            return try deliver(plaintext)
        }
        if mutant == .exhaustedReportedAsAuthFailed { throw .authFailed }
        throw session?.isExhausted == true ? .sessionExhausted : .authFailed
    }

    /// The state HS-4 sees: for `confirming-recommits` a confirming channel passes as the paired
    /// channel of its device, as CONFIRM-5 said in 2.3.0.
    private var handshakeState: ChannelState {
        if mutant == .confirmingRecommits, case .confirming(let device, let last, _) = state {
            return .paired(devicePublicKey: device, lastHandshakeEphemeral: last)
        }
        return state
    }

    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?, now: Int64) throws(TunnelError) -> [UInt8] {
        tick(now: now)
        if mutant == .sealChecksSessionBeforeRevocation, session == nil { throw .noSession }
        if case .revoked = state { throw .channelRevoked }
        if mutant == .sealUnderPendingHandshake, var waiting = slot?.session {
            return try waiting.seal(plaintext, nonce: nonce)
        }
        guard var session else { throw .noSession }
        if case .confirming = state { throw .pairingUnconfirmed }
        return try session.seal(plaintext, nonce: nonce)
    }

    mutating func confirm(now: Int64, handshakeEphemeral: [UInt8]) throws(TunnelError) {
        tick(now: now)
        guard case .confirming(let device, let last, _) = try confirmingState() else { return }
        if mutant != .confirmUnbound, handshakeEphemeral != last { throw .staleConfirmation }
        state = .paired(devicePublicKey: device, lastHandshakeEphemeral: last)
    }

    mutating func fillSession(now: Int64) throws(TunnelError) {
        tick(now: now)
        guard session != nil else { throw .noSession }
        session!.exhaust()
    }

    mutating func reject(now: Int64) throws(TunnelError) {
        tick(now: now)
        guard case .confirming(_, _, let deadline) = try confirmingState() else { return }
        if mutant == .rejectionReturnsToPending {
            state = .pending(expiresAt: deadline)
            session = nil
            slot = nil
            return
        }
        revoke()
    }

    /// KEYCONF-7: at most 5 handshakes and 3 distinct device keys into a pending slot.
    private mutating func admit(_ accepted: CoreHandshake.Acceptance) throws(TunnelError) {
        guard case .pending = state else { return }
        let newKey = !pendingDeviceKeys.contains(accepted.devicePublicKey)
        let tooManyKeys =
            mutant != .pendingDeviceKeysUnbounded && newKey && pendingDeviceKeys.count >= PendingAttempts.deviceKeyLimit
        let tooManyHandshakes = mutant != .pendingHandshakesUnbounded && attemptCount >= PendingAttempts.handshakeLimit
        guard !tooManyKeys, !tooManyHandshakes else {
            revoke()
            throw .tooManyAttempts
        }
        attemptCount += 1
        if newKey { pendingDeviceKeys.append(accepted.devicePublicKey) }
        pendingClientEphemerals.append(accepted.clientEphemeralPublic)
    }

    /// HS-4-9's client ephemeral keys (R3-16).
    private var refusedClientEphemerals: [[UInt8]] {
        if case .pending = state { return pendingClientEphemerals }
        return [slot?.clientEphemeral, sessionClientEphemeral].compactMap { $0 }
    }

    mutating func restart(now: Int64) {
        tick(now: now)
        switch state {
        case .pending where mutant == .pendingSurvivesRestart: break
        case .confirming(let device, let last, _) where mutant == .confirmingSurvivesRestart:
            state = .paired(devicePublicKey: device, lastHandshakeEphemeral: last)
        case .pending, .confirming: revoke()
        case .paired, .revoked: break
        }
        session = nil
        sessionClientEphemeral = nil
        slot = nil
    }

    mutating func relayReportedRevoked(now: Int64) {
        tick(now: now)
        if mutant == .revokedSignalObeyed {
            state = .revoked
            session = nil
            slot = nil
        }
    }

    mutating func takeSignals() -> [CoreSignal] {
        defer { signals = [] }
        return signals
    }

    private mutating func revoke() {
        if state != .revoked, mutant != .revokeNotSent { signals.append(.revoke) }
        state = .revoked
        session = nil
        sessionClientEphemeral = nil
        previousSession = nil
        slot = nil
    }

    private func confirmingState() throws(TunnelError) -> ChannelState {
        switch state {
        case .revoked: throw .channelRevoked
        case .confirming: return state
        case .pending, .paired: throw .notConfirming
        }
    }

    private mutating func commit(_ waiting: Slot, now: Int64) {
        switch state {
        case .pending:
            state = .confirming(
                devicePublicKey: waiting.devicePublicKey,
                lastHandshakeEphemeral: waiting.handshakeEphemeral,
                deadline: now + 120
            )
        case .confirming(_, _, let deadline):  // only `confirming-recommits` gets here
            state = .confirming(
                devicePublicKey: waiting.devicePublicKey,
                lastHandshakeEphemeral: waiting.handshakeEphemeral,
                deadline: deadline
            )
        case .paired, .revoked:
            state = .paired(
                devicePublicKey: waiting.devicePublicKey,
                lastHandshakeEphemeral: waiting.handshakeEphemeral
            )
        }
        var fresh = waiting.session
        if mutant == .memoryKeptAcrossCommit, let session { fresh.adoptMemory(of: session) }
        previousSession = mutant == .oldSessionStillOpens ? session : nil
        session = fresh
        sessionClientEphemeral = waiting.clientEphemeral
        slot = nil
    }

    private func deliver(_ plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        if mutant != .confirmingDelivers, case .confirming = state { throw .pairingUnconfirmed }
        return plaintext
    }
}
