/// One channel at the core: its state, its current session and the one pending handshake, driven
/// by handshakes, frames, the user's answer and the passing of time (KEYCONF-*, CONFIRM-*).
///
/// The core commits a handshake only when the first frame under its keys authenticates: the
/// handshake itself proves nothing about its sender (`k_hs` needs only the public `cpk`). Until
/// then it waits in `pending`, and the current session goes on. A first pairing then waits for
/// the user to compare the six digits on both screens; nothing is delivered or sent before.
///
/// A value type with no I/O: time comes in as `now`, keys and nonces as arguments.
public struct CoreChannel: Sendable {
    /// How long after its expiry a pending channel still commits a handshake accepted in time:
    /// the device's 10-second ack timeout and its first request (KEYCONF-3 step 3).
    public static let pendingGraceSeconds: Int64 = 60

    public private(set) var state: ChannelState
    /// The session frames are opened and sealed under, if any.
    public private(set) var session: CoreSession?
    /// The handshake waiting for its first frame, if any (KEYCONF-1).
    public private(set) var pending: PendingHandshake?
    /// The code to show while confirming: that of the committed handshake (SAS-3).
    public private(set) var confirmationCode: String?
    /// The signalling events owed to the relay since the last `takeSignals()` (SIG-CORE-2).
    public private(set) var signals: [CoreSignal] = []
    /// The handshakes a pending channel admitted (KEYCONF-7, HS-4-9); frozen at the commit, so
    /// the confirmation dialog can say how many device keys tried (SAS-3).
    public private(set) var attempts = PendingAttempts()
    /// The counts the desktop shows (SAS-3, ADP-53): those of the pending phase while the
    /// channel is pending or confirming; nil once it is paired or revoked.
    public var shownAttempts: PendingAttempts? {
        switch state {
        case .pending, .confirming: attempts
        case .paired, .revoked: nil
        }
    }
    /// HS-RATE-1's bucket, in every state.
    public private(set) var rate = HandshakeRate()
    /// The `client_ephemeral_pubkey` of the handshake that made the current session (HS-4-9).
    private var sessionClientEphemeral: [UInt8]?
    /// The `sessionReplayMemory` bound of every session of this channel (MEMORY-2).
    public let sessionBound: Int
    private let coreStaticPrivate: [UInt8]

    /// A channel as issued (`pending`) or restored from storage (`paired`, `revoked`): no
    /// session, nothing pending (CHAN-7). A confirming channel is never restored (CONFIRM-6).
    public init(coreStaticPrivate: [UInt8], state: ChannelState, sessionBound: Int = CoreSession.recommendedBound) {
        precondition(coreStaticPrivate.count == 32)
        if case .confirming = state { preconditionFailure("a confirming channel is revoked on restore (CONFIRM-6)") }
        self.coreStaticPrivate = coreStaticPrivate
        self.state = state
        self.sessionBound = sessionBound
    }

    /// Applies the confirmation deadline (CONFIRM-3 case 3): past it, a confirming channel is
    /// revoked before anything else happens at `now`.
    public mutating func advance(to now: Int64) {
        if case .confirming(_, _, let deadline) = state, now > deadline { revoke() }
    }

    /// HS-4 against the state and the slot; on success the handshake takes the slot, whatever
    /// waited there, and nothing else changes (KEYCONF-1, KEYCONF-2, KEYCONF-6). A confirming
    /// channel refuses every handshake (CONFIRM-5).
    public mutating func receiveHandshake(
        _ frame: [UInt8],
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreHandshake.Acceptance {
        advance(to: now)
        let accepted = try CoreHandshake.open(
            frame: frame,
            coreStaticPrivate: coreStaticPrivate,
            channel: state,
            pendingHandshakeEphemeral: pending?.handshakeEphemeralPublic,
            refusedClientEphemerals: refusedClientEphemerals,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce,
            beforeKeyAgreement: { () throws(TunnelError) in try rate.take(now: now) }
        )
        try admit(accepted)
        pending = PendingHandshake(
            devicePublicKey: accepted.devicePublicKey,
            handshakeEphemeralPublic: accepted.handshakeEphemeralPublic,
            clientEphemeralPublic: accepted.clientEphemeralPublic,
            session: CoreSession(keys: accepted.keys, bound: sessionBound),
            sas: accepted.sas
        )
        return accepted
    }

    /// Counts a handshake that passed HS-4 on a pending channel; a sixth handshake or a fourth
    /// distinct device key revokes the channel instead (KEYCONF-7). Other states admit only the
    /// stored key and count nothing.
    private mutating func admit(_ accepted: CoreHandshake.Acceptance) throws(TunnelError) {
        guard case .pending = state else { return }
        guard attempts.admits(accepted.devicePublicKey) else {
            revoke()
            throw .tooManyAttempts
        }
        attempts.record(devicePublicKey: accepted.devicePublicKey, clientEphemeral: accepted.clientEphemeralPublic)
    }

    /// The client ephemeral keys HS-4-9 refuses (R3-16): every one a pending channel admitted
    /// (at most 5, KEYCONF-7); otherwise those of the slot and of the current session.
    private var refusedClientEphemerals: [[UInt8]] {
        if case .pending = state { return attempts.clientEphemerals }
        return [pending?.clientEphemeralPublic, sessionClientEphemeral].compactMap { $0 }
    }

    /// Opens a device frame with the checks of KEYCONF-3, in order. Returns the plaintext when
    /// the channel is paired; a confirming channel records the frame and reports
    /// `pairing_unconfirmed` instead (CONFIRM-2). Every other error changes nothing.
    public mutating func open(_ frame: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] {
        advance(to: now)
        try SessionFrame.checkShape(frame)
        switch state {
        case .revoked: throw .channelRevoked
        case .pending(let expiresAt) where now > expiresAt.saturatingAdd(Self.pendingGraceSeconds):
            throw .pairingExpired
        default: break
        }
        guard session != nil || pending != nil else { throw .noSession }
        if let session, session.remembers(frame) { throw .replayed }
        if let plaintext = session?.authenticate(frame) {
            session!.record(frame)
            return try deliver(plaintext)
        }
        if let waiting = pending, let plaintext = waiting.session.authenticate(frame) {
            commit(waiting, now: now)
            session!.record(frame)
            return try deliver(plaintext)
        }
        throw session?.isExhausted == true ? .sessionExhausted : .authFailed
    }

    /// Seals a frame to the device under the current session only, never the pending one
    /// (KEYCONF-5), and nothing before the user confirmed (CONFIRM-2).
    public mutating func seal(_ plaintext: [UInt8], nonce: [UInt8], now: Int64) throws(TunnelError) -> [UInt8] {
        advance(to: now)
        if case .revoked = state { throw .channelRevoked }
        guard let session else { throw .noSession }
        if case .confirming = state { throw .pairingUnconfirmed }
        return try session.seal(plaintext, nonce: nonce)
    }

    /// The user confirmed that both screens show the code of the handshake `handshakeEphemeral`
    /// names (CONFIRM-3 case 1). A confirmation of another handshake than the committed one is
    /// `stale_confirmation` and changes nothing: the user compared a code that does not count
    /// (CONFIRM-4, review R3-4).
    public mutating func confirm(now: Int64, handshakeEphemeral: [UInt8]) throws(TunnelError) {
        advance(to: now)
        guard case .confirming(let device, let last, _) = try confirmingState() else { return }
        guard handshakeEphemeral == last else { throw .staleConfirmation }
        state = .paired(devicePublicKey: device, lastHandshakeEphemeral: last)
    }

    /// The user said the codes differ, or cancelled (CONFIRM-3 case 2): whoever paired saw the
    /// QR code, so the channel and its key are burnt. It names no handshake: rejecting whichever
    /// code was shown is always safe.
    public mutating func reject(now: Int64) throws(TunnelError) {
        advance(to: now)
        _ = try confirmingState()
        revoke()
    }

    /// The core stopped and started again: what its storage gives back (CHAN-7). No window
    /// survives, because the monotonic clock it was measured on starts again (CLOCK-3): a
    /// pending or confirming channel is revoked (CONFIRM-6), a paired one loses its session and
    /// slot.
    public mutating func restart(now: Int64) {
        advance(to: now)
        switch state {
        case .pending, .confirming: revoke()
        case .paired:
            session = nil
            sessionClientEphemeral = nil
            pending = nil
            confirmationCode = nil
        case .revoked: break
        }
    }

    /// The relay reports the channel revoked (`tunnel:revoked`). The relay is not trusted to end
    /// pairings, so nothing changes but what time does (SIG-CORE-3); telling the user is the
    /// application's part.
    public mutating func relayReportedRevoked(now: Int64) {
        advance(to: now)
    }

    /// The signalling events owed since the last call, which empties the list (SIG-CORE-2).
    public mutating func takeSignals() -> [CoreSignal] {
        defer { signals = [] }
        return signals
    }

    /// Makes the current session exhausted as if it had accepted its bound of frames (MEMORY-2,
    /// the adapter protocol's `fillSession`, ADP-55); `no_session` when there is none.
    public mutating func fillSession(now: Int64) throws(TunnelError) {
        advance(to: now)
        guard session != nil else { throw .noSession }
        session?.exhaust()
    }

    /// Revocation ends everything at once (CHAN-4). Every revocation is the core's own decision
    /// (the relay's report changes nothing, SIG-CORE-3), so each one owes the relay
    /// `tunnel:revoke` (SIG-CORE-2): this is the one place the state becomes `revoked`.
    public mutating func revoke() {
        if state != .revoked { signals.append(.revoke) }
        state = .revoked
        session = nil
        sessionClientEphemeral = nil
        pending = nil
        confirmationCode = nil
    }

    private func confirmingState() throws(TunnelError) -> ChannelState {
        switch state {
        case .revoked: throw .channelRevoked
        case .confirming: return state
        case .pending, .paired: throw .notConfirming
        }
    }

    /// KEYCONF-4, as one step: the waiting handshake's session replaces the current one, the
    /// slot empties, and the state moves on.
    private mutating func commit(_ waiting: PendingHandshake, now: Int64) {
        state = state.committing(
            devicePublicKey: waiting.devicePublicKey,
            handshakeEphemeral: waiting.handshakeEphemeralPublic,
            now: now
        )
        session = waiting.session
        sessionClientEphemeral = waiting.clientEphemeralPublic
        pending = nil
        // The device shows the code of the handshake it just completed, so the desktop must too.
        if case .confirming = state { confirmationCode = waiting.sas }
    }

    private func deliver(_ plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        if case .confirming = state { throw .pairingUnconfirmed }
        return plaintext
    }
}
