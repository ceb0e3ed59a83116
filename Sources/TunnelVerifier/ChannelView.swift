import OpenHumanTunnel

/// What the verifier has seen of one channel: the messages each side sent, the handshake waiting
/// for its ack, and the sessions the acks started (VERIFY-3, VERIFY-5).
struct ChannelView {
    var ledgers: [Role: NonceLedger] = [:]
    /// False until the channel's first message; true when that message was a 0x03, so no session
    /// can predate the trace.
    var startedWithHandshake: Bool?
    /// The device's last 0x03 not yet answered.
    var awaitingAck: HandshakeView?
    /// The last handshake answered, so a second ack for it can be told apart.
    var answered: HandshakeView?
    /// Sessions started by the acks of the trace, oldest first.
    var sessions: [SessionView] = []
    /// Sessions of the key log's SESSION_KEYS that no ack of the trace started.
    var earlierSessions: [SessionView] = []
    /// False once a handshake or ack could not be opened for want of a key: a frame that opens
    /// under no known key may then belong to the unknown session.
    var everySessionKnown = true
    /// The octet of the channel's first handshake message, 0x03, 0x10 or 0x13: a channel that
    /// began with a 0x10 or a 0x13 is a version 3 channel (VERIFY-13, VERIFY-15), unless the
    /// pairing payload said otherwise.
    var firstHandshakeOctet: UInt8?
    /// The version 3 pairing of the channel.
    var pairingV3 = PairingV3View()
    /// The version 3 reconnections of the channel.
    var reconnectionV3 = ReconnectionV3View()
    /// The version 3 sessions of the channel (VERIFY-17, VERIFY-18).
    var sessionV3 = SessionV3View()

    var latest: SessionView? { sessions.last }
}

/// A 0x03 as far as the verifier could read it.
struct HandshakeView {
    let step: Int
    let message: [UInt8]
    var devicePublic: [UInt8]?
    var clientEphemeral: [UInt8]?
    var corePublic: [UInt8]?
}

/// One session: its keys when the key log gave them, and its envelope flow (VERIFY-6).
struct SessionView {
    let ackStep: Int
    var keys: SessionKeys?
    /// Whether the device has sent a frame under it: until then the core must not (KEYCONF-5).
    var deviceHasSent = false
    var envelopes = EnvelopeFlow()
}
