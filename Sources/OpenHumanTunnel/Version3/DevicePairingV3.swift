/// The phone's side of a version 3 pairing (spec/13-handshake-v3.md, V3-DEV-*): message 1 with
/// its commitment, message 2 read, the reveal sent, then the code on screen until both users
/// have answered.
///
/// Every random value is an input: the ephemeral key and the nonce of this attempt.
public struct DevicePairingV3: Sendable {
    public enum State: Sendable, Equatable {
        /// Message 1 is sent; message 2 is awaited.
        case awaitingReply
        /// The code is on screen; each side's confirmation is awaited.
        case confirming(code: String, coreConfirmed: Bool, deviceConfirmed: Bool)
        /// Both users confirmed: the core's key and the reconnection psk are kept (V3-PSK-2).
        case paired(reconnectPsk: [UInt8])
        /// A rejection, a mismatch or a refused record: the QR secret is spent.
        case failed
    }

    private var noise: NoiseHandshakeState
    private var transport: NoiseTransport?
    private let deviceNonce: [UInt8]
    private var handshakeHash: [UInt8] = []
    private var reconnectPsk: [UInt8] = []
    public private(set) var state: State = .awaitingReply
    /// The session the commit started (V3-CHAN-3), its counters after the records (V3-SESS-1).
    public private(set) var session: SessionV3?
    /// The message 1 this attempt sent, for the relay.
    public let messageOne: [UInt8]

    /// Builds message 1 at once (V3-COMMIT-1): the device commits to `deviceNonce` before it
    /// has seen anything of the core's.
    public init(
        corePublicKey: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        deviceNonce: [UInt8]
    ) throws(TunnelError) {
        noise = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .initiator,
            prologue: PairingV3.prologue(channelID: channelID),
            staticPrivate: deviceStaticPrivate,
            ephemeralPrivate: deviceEphemeralPrivate,
            remoteStatic: corePublicKey,
            psk: PairingV3.psk(pairingSecret: pairingSecret, channelID: channelID)
        )
        self.deviceNonce = deviceNonce
        messageOne =
            [PairingV3Message.messageOne]
            + (try noise.writeMessage(payload: PairingV3.commitment(deviceNonce: deviceNonce)))
    }

    /// The code, once message 2 has been read.
    public var code: String? {
        if case .confirming(let code, _, _) = state { return code }
        return nil
    }

    /// A message from the core at time `now`. Message 2 gives the reveal to send; a record from
    /// the core is its user's answer; a session frame goes to the session once the pairing is
    /// committed (V3-CHAN-3). A refused message 2 changes nothing (another may still come, as
    /// ACK-5 has it for version 2); a record that is neither answer fails the pairing.
    public mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> ChannelV3Outcome {
        guard let type = message.first else { throw .emptyFrame }
        if type == SessionFrameV3.type, session != nil { return .delivered(try session!.receive(message)) }
        return .answered(try receiveHandshake(message, type: type, now: now))
    }

    /// Sends `message` to the core under the session (V3-CHAN-3), as its frames in order.
    public mutating func send(_ message: [UInt8], now: Int64) throws(TunnelError) -> [[UInt8]] {
        guard session != nil else { throw .noSession }
        return try session!.send(message, now: now)
    }

    private mutating func receiveHandshake(_ message: [UInt8], type: UInt8, now: Int64) throws(TunnelError) -> [UInt8]?
    {
        switch (type, state) {
        case (PairingV3Message.messageTwo, .awaitingReply):
            try PairingV3Message.checkLength(message, PairingV3Message.messageTwoLength)
            var reading = noise
            let coreNonce = try reading.readMessage(Array(message.dropFirst()))
            noise = reading
            handshakeHash = noise.handshakeHash
            var split = noise.split()
            let reveal = [PairingV3Message.record] + (try split.seal(deviceNonce))
            transport = split
            reconnectPsk = PairingV3.reconnectPsk(
                handshakeHash: handshakeHash,
                deviceNonce: deviceNonce,
                coreNonce: coreNonce
            )
            let code = PairingV3.code(handshakeHash: handshakeHash, deviceNonce: deviceNonce, coreNonce: coreNonce)
            state = .confirming(code: code, coreConfirmed: false, deviceConfirmed: false)
            return reveal
        case (PairingV3Message.record, .confirming(let code, false, let deviceConfirmed)):
            try PairingV3Message.checkLength(message, PairingV3Message.recordLength)
            guard var current = transport else { throw .unexpectedType(type) }
            let plaintext = try current.open(Array(message.dropFirst()))
            transport = current
            if plaintext == PairingV3Record.confirmation(by: .core, handshakeHash: handshakeHash, code: code) {
                state = .confirming(code: code, coreConfirmed: true, deviceConfirmed: deviceConfirmed)
                commitIfBothConfirmed(now: now)
            } else if plaintext == PairingV3Record.rejection(by: .core, handshakeHash: handshakeHash) {
                fail()
            } else {
                fail()
                throw .confirmationMismatch
            }
            return nil
        case (0x01, _): throw .legacyFrame
        case (0x02...0x04, _), (PairingV3Message.messageOne...SessionFrameV3.type, _): throw .unexpectedType(type)
        default: throw .unsupportedType(type)
        }
    }

    /// The phone user's *Match* for `code`, the code the screen showed, at time `now`. Returns the
    /// record.
    public mutating func match(code: String, now: Int64) throws(TunnelError) -> [UInt8] {
        guard case .confirming(let shown, let coreConfirmed, false) = state, var current = transport else {
            throw .notConfirming
        }
        guard code == shown else { throw .staleConfirmation }
        let record =
            [PairingV3Message.record]
            + (try current.seal(PairingV3Record.confirmation(by: .device, handshakeHash: handshakeHash, code: shown)))
        transport = current
        state = .confirming(code: shown, coreConfirmed: coreConfirmed, deviceConfirmed: true)
        commitIfBothConfirmed(now: now)
        return record
    }

    /// The phone user's *No*: the pairing fails, and the record that tells the core is returned
    /// once there are keys to send it under (before message 2 there are none, as the desktop's
    /// *No* before the reveal sends nothing). After its own *Match* the phone has answered, and a
    /// *No* is `not_confirming` (the core would refuse a second record).
    public mutating func refuse() throws(TunnelError) -> [UInt8]? {
        switch state {
        case .awaitingReply:
            fail()
            return nil
        case .confirming(_, _, false):
            guard var current = transport else { throw .notConfirming }
            let record =
                [PairingV3Message.record]
                + (try current.seal(PairingV3Record.rejection(by: .device, handshakeHash: handshakeHash)))
            fail()
            return record
        case .confirming(_, _, true), .paired, .failed: throw .notConfirming
        }
    }

    /// The commit: the records' transport keys become the session, whose first epoch starts
    /// `now` (V3-SESS-1).
    private mutating func commitIfBothConfirmed(now: Int64) {
        guard case .confirming(_, true, true) = state, let transport else { return }
        state = .paired(reconnectPsk: reconnectPsk)
        session = SessionV3(role: .device, start: .pairing, transport: transport, startedAt: now)
        self.transport = nil
    }

    private mutating func fail() {
        state = .failed
        transport = nil
        session = nil
        reconnectPsk = []
    }
}
