import OpenHumanTunnel
import TunnelCrypto

/// One whole Noise handshake of version 3 with both parties in one process, then transport
/// messages (`noise-handshake`, ADP-58): the form of the public Noise test vectors, so the kit's
/// vectors can be replayed by any Noise library.
///
/// The responder's view can differ from the initiator's (another psk, prologue or pre-known
/// initiator key) and one message can be altered on the wire: those are the refusals the
/// vectors prove (V3-NOISE-2, V3-NOISE-3).
public struct NoiseHandshakeRun: Sendable {
    public struct Substitution: Sendable {
        public let message: Int
        public let offset: Int
        public let bytes: [UInt8]

        public init(message: Int, offset: Int, bytes: [UInt8]) {
            self.message = message
            self.offset = offset
            self.bytes = bytes
        }

        /// `message` with `bytes` written at `offset`; nil when they do not fit inside it.
        func apply(to message: [UInt8]) -> [UInt8]? {
            guard offset <= message.count, bytes.count <= message.count - offset else { return nil }
            var altered = message
            altered.replaceSubrange(offset..<offset + bytes.count, with: bytes)
            return altered
        }
    }

    public var pattern: NoisePattern
    public var prologue: [UInt8]
    public var psk: [UInt8]
    public var initiatorStatic: [UInt8]
    public var initiatorEphemeral: [UInt8]
    public var responderStatic: [UInt8]
    public var responderEphemeral: [UInt8]
    /// Message 1's, message 2's, then the transport messages', alternating from the initiator.
    public var payloads: [[UInt8]]
    public var responderPsk: [UInt8]?
    public var responderPrologue: [UInt8]?
    /// KK only: the initiator key the responder holds, instead of the initiator's real one.
    public var responderKnowsInitiator: [UInt8]?
    public var substitution: Substitution?

    public init(
        pattern: NoisePattern,
        prologue: [UInt8],
        psk: [UInt8],
        initiatorStatic: [UInt8],
        initiatorEphemeral: [UInt8],
        responderStatic: [UInt8],
        responderEphemeral: [UInt8],
        payloads: [[UInt8]]
    ) {
        self.pattern = pattern
        self.prologue = prologue
        self.psk = psk
        self.initiatorStatic = initiatorStatic
        self.initiatorEphemeral = initiatorEphemeral
        self.responderStatic = responderStatic
        self.responderEphemeral = responderEphemeral
        self.payloads = payloads
    }

    /// The initiator's and the responder's handshake states at their start.
    public func initialStates() -> (initiator: NoiseHandshakeState, responder: NoiseHandshakeState) {
        let responderPublic = X25519.publicKey(privateKey: responderStatic)
        let initiatorPublic = responderKnowsInitiator ?? X25519.publicKey(privateKey: initiatorStatic)
        let initiator = NoiseHandshakeState(
            pattern: pattern,
            role: .initiator,
            prologue: prologue,
            staticPrivate: initiatorStatic,
            ephemeralPrivate: initiatorEphemeral,
            remoteStatic: responderPublic,
            psk: psk
        )
        let responder = NoiseHandshakeState(
            pattern: pattern,
            role: .responder,
            prologue: responderPrologue ?? prologue,
            staticPrivate: responderStatic,
            ephemeralPrivate: responderEphemeral,
            remoteStatic: pattern.preMessages.initiator ? initiatorPublic : nil,
            psk: responderPsk ?? psk
        )
        return (initiator, responder)
    }
}

/// What a successful run gives: every message on the wire, `h`, and the two transport keys.
public struct NoiseHandshakeResult: Equatable, Sendable {
    public let messages: [[UInt8]]
    public let handshakeHash: [UInt8]
    public let initiatorToResponder: [UInt8]
    public let responderToInitiator: [UInt8]

    public init(
        messages: [[UInt8]],
        handshakeHash: [UInt8],
        initiatorToResponder: [UInt8],
        responderToInitiator: [UInt8]
    ) {
        self.messages = messages
        self.handshakeHash = handshakeHash
        self.initiatorToResponder = initiatorToResponder
        self.responderToInitiator = responderToInitiator
    }
}

extension NoiseHandshakeRun {
    /// The length of message `index` on the wire, which a substitution must fit inside.
    public func messageLength(_ index: Int) -> Int {
        let payloadLength = payloads[index].count
        return index < pattern.messages.count
            ? pattern.messageLength(index, payloadLength: payloadLength)
            : payloadLength + ChaCha20Poly1305.tagLength
    }

    /// Runs the handshake with the library's states: each message is written by its sender,
    /// altered if the run says so, and read by its receiver, whose refusal is the run's error.
    public func execute() throws(TunnelError) -> NoiseHandshakeResult {
        var (initiator, responder) = initialStates()
        var messages: [[UInt8]] = []
        func deliver(_ message: [UInt8]) -> [UInt8] {
            defer { messages.append(message) }
            guard let substitution, substitution.message == messages.count else { return message }
            return substitution.apply(to: message) ?? message
        }
        _ = try responder.readMessage(deliver(try initiator.writeMessage(payload: payloads[0])))
        _ = try initiator.readMessage(deliver(try responder.writeMessage(payload: payloads[1])))
        let handshakeHash = initiator.handshakeHash
        var initiatorTransport = initiator.split(), responderTransport = responder.split()
        for payload in payloads.dropFirst(2) {
            if messages.count % 2 == 0 {
                _ = try responderTransport.open(deliver(try initiatorTransport.seal(payload)))
            } else {
                _ = try initiatorTransport.open(deliver(try responderTransport.seal(payload)))
            }
        }
        return NoiseHandshakeResult(
            messages: messages,
            handshakeHash: handshakeHash,
            initiatorToResponder: initiatorTransport.sendingKey,
            responderToInitiator: initiatorTransport.receivingKey
        )
    }
}
