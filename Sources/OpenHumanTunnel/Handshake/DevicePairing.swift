/// One pairing as the device keeps it: its keys from the scan and one state of section 5.9
/// (DEV-STATE-1 to DEV-STATE-4).
///
/// The state alone decides what a message can do. Every handshake ends the session before it
/// (DEV-STATE-2), a refused ack leaves the handshake waiting with its deadline (DEV-STATE-3), and
/// a deadline that passed erases `client_eph` (DEV-STATE-3), so nothing that arrives after it,
/// however genuine, can install a session.
///
/// Leaving a state drops what it held (`client_eph`, the session's keys and window), so a value
/// of this type never holds the keys of a state it left.
///
/// Time is an input, in seconds: the caller passes `now` to every call, and the deadline passes at
/// the first call with `now` later than it (the rule of RPC-5).
public struct DevicePairing: Sendable {
    /// DEV-STATE-1's states, as the adapter reports them.
    public enum Phase: String, Sendable {
        case idle
        case awaitingAck = "awaiting-ack"
        case established
    }

    /// What a received message did.
    public enum Receipt: Equatable, Sendable {
        /// An ack passed ACK-4: the new session's keys.
        case established(SessionKeys)
        /// A session frame opened.
        case opened([UInt8])
    }

    private enum State: Sendable {
        case idle
        case awaitingAck(clientEphemeralPrivate: [UInt8], deadline: Int64)
        case established(SessionCipher)
    }

    private let corePublicKey: [UInt8]
    private let deviceStaticPrivate: [UInt8]
    /// Seconds from sending a handshake to its deadline; DEV-STATE-3 recommends 10.
    public let ackTimeout: Int64
    private let replayMemory: Int
    private var state = State.idle

    public init(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        ackTimeout: Int64 = 10,
        replayMemory: Int = ReplayWindow.standardCapacity
    ) {
        self.corePublicKey = corePublicKey
        self.deviceStaticPrivate = deviceStaticPrivate
        self.ackTimeout = ackTimeout
        self.replayMemory = replayMemory
    }

    public var phase: Phase {
        switch state {
        case .idle: .idle
        case .awaitingAck: .awaitingAck
        case .established: .established
        }
    }

    /// DEV-STATE-3: a handshake whose deadline passed is forgotten, its `client_eph` erased.
    public mutating func expire(now: Int64) {
        if case .awaitingAck(_, let deadline) = state, now > deadline { state = .idle }
    }

    /// DEV-STATE-2: sends a new handshake, from any state. The session and any earlier
    /// handshake end first, so neither survives a handshake that fails HS-3.
    public mutating func start(
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8],
        now: Int64
    ) throws(TunnelError) -> [UInt8] {
        state = .idle
        let message = try DeviceHandshake.start(
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            handshakeEphemeralPrivate: handshakeEphemeralPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate,
            nonce: nonce
        )
        state = .awaitingAck(clientEphemeralPrivate: clientEphemeralPrivate, deadline: now.saturatingAdd(ackTimeout))
        return message
    }

    /// DEV-STATE-4: answers a message by the state and its type octet. A refusal changes nothing.
    public mutating func receive(_ message: [UInt8], now: Int64) throws(TunnelError) -> Receipt {
        expire(now: now)
        switch state {
        case .idle:
            // Nothing is accepted in idle: 0x03 stands for "accepted by no one" (the device never
            // takes a handshake), so every registered type is unexpected_type.
            try MessageType.check(message, accepting: .handshake)
            throw .unexpectedType(MessageType.handshake.rawValue)
        case .awaitingAck(let clientEphemeral, _):
            let keys = try DeviceHandshake.finish(
                ack: message,
                corePublicKey: corePublicKey,
                deviceStaticPrivate: deviceStaticPrivate,
                clientEphemeralPrivate: clientEphemeral
            )
            state = .established(SessionCipher(role: .device, keys: keys, replayMemory: replayMemory))
            return .established(keys)
        case .established(var cipher):
            let plaintext = try cipher.open(message)
            state = .established(cipher)
            return .opened(plaintext)
        }
    }
}
