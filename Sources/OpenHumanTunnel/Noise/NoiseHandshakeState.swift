import TunnelCrypto

/// Noise's HandshakeState (section 5.3) for the two patterns of version 3, one party's side.
///
/// The ephemeral private key is an input, like every other random value of the library
/// (determinism: the vectors fix it; the endpoints draw it from `RandomSource`).
public struct NoiseHandshakeState: Sendable {
    public enum Role: Sendable { case initiator, responder }

    public let pattern: NoisePattern
    public let role: Role
    private var symmetric: NoiseSymmetricState
    private let staticPrivate: [UInt8]
    private let ephemeralPrivate: [UInt8]
    private let psk: [UInt8]
    /// The peer's static key: a pre-message, or learned from message 1 in IK.
    public private(set) var remoteStatic: [UInt8]?
    private var remoteEphemeral: [UInt8]?
    /// How many handshake messages have been written or read.
    public private(set) var messageIndex = 0
    /// Set by the kit's key log writer (KEYLOG-13) to keep `keyLogSecrets`; off everywhere else,
    /// so an endpoint's state holds no intermediate key longer than Noise needs it.
    package var keepsKeyLogSecrets = false
    /// The key and `h` after each DH and `psk` token so far, when `keepsKeyLogSecrets` is set.
    package private(set) var keyLogSecrets: [NoiseTokenSecrets] = []

    /// `Initialize` with the prologue and the pre-messages. `remoteStatic` is the peer's static
    /// public key where the pattern has it as a pre-message (the responder's in IK; both in KK).
    public init(
        pattern: NoisePattern,
        role: Role,
        prologue: [UInt8],
        staticPrivate: [UInt8],
        ephemeralPrivate: [UInt8],
        remoteStatic: [UInt8]?,
        psk: [UInt8]
    ) {
        precondition(staticPrivate.count == 32 && ephemeralPrivate.count == 32 && psk.count == 32)
        let peerIsPreMessage = role == .initiator ? pattern.preMessages.responder : pattern.preMessages.initiator
        precondition((remoteStatic != nil) == peerIsPreMessage, "the pattern fixes which static keys are pre-messages")
        self.pattern = pattern
        self.role = role
        self.staticPrivate = staticPrivate
        self.ephemeralPrivate = ephemeralPrivate
        self.remoteStatic = remoteStatic
        self.psk = psk
        symmetric = NoiseSymmetricState(protocolName: pattern.protocolName)
        symmetric.mixHash(prologue)
        let ownStatic = X25519.publicKey(privateKey: staticPrivate)
        let (initiatorStatic, responderStatic) =
            role == .initiator ? (ownStatic, remoteStatic) : (remoteStatic, ownStatic)
        if pattern.preMessages.initiator, let initiatorStatic { symmetric.mixHash(initiatorStatic) }
        if pattern.preMessages.responder, let responderStatic { symmetric.mixHash(responderStatic) }
    }

    /// `h`, the transcript hash: after the last message, the value both sides bind to (the
    /// pairing code and the confirmation of version 3 derive from it).
    public var handshakeHash: [UInt8] { symmetric.handshakeHash }

    public var isComplete: Bool { messageIndex == pattern.messages.count }

    /// Whether this party writes the next message (the initiator writes messages 1, 3, …).
    public var writesNext: Bool { (messageIndex % 2 == 0) == (role == .initiator) }

    /// `WriteMessage`: the tokens of the next message, then the payload, encrypted.
    public mutating func writeMessage(payload: [UInt8]) throws(TunnelError) -> [UInt8] {
        precondition(!isComplete && writesNext, "not this party's turn to write")
        var message: [UInt8] = []
        for token in pattern.messages[messageIndex] {
            switch token {
            case .e:
                let ephemeralPublic = X25519.publicKey(privateKey: ephemeralPrivate)
                message += ephemeralPublic
                mixEphemeral(ephemeralPublic)
            case .s:
                message += try symmetric.encryptAndHash(X25519.publicKey(privateKey: staticPrivate))
            default:
                try mix(token)
            }
        }
        message += try symmetric.encryptAndHash(payload)
        messageIndex += 1
        return message
    }

    /// `ReadMessage`: checks the length first (`frame_too_short`), then each token in order, so
    /// the first failing DH (`low_order_key`) or tag (`auth_failed`) is the error. On an error
    /// the state must be discarded, as Noise requires.
    public mutating func readMessage(_ message: [UInt8]) throws(TunnelError) -> [UInt8] {
        precondition(!isComplete && !writesNext, "not this party's turn to read")
        guard message.count >= pattern.messageLength(messageIndex, payloadLength: 0) else { throw .frameTooShort }
        var offset = 0
        func take(_ count: Int) -> [UInt8] {
            defer { offset += count }
            return Array(message[offset..<offset + count])
        }
        for token in pattern.messages[messageIndex] {
            switch token {
            case .e:
                let ephemeralPublic = take(32)
                remoteEphemeral = ephemeralPublic
                mixEphemeral(ephemeralPublic)
            case .s:
                remoteStatic = try symmetric.decryptAndHash(take(symmetric.hasKey ? 48 : 32))
            default:
                try mix(token)
            }
        }
        let payload = try symmetric.decryptAndHash(take(message.count - offset))
        messageIndex += 1
        return payload
    }

    /// `Split`, once both messages have passed.
    public mutating func split() -> NoiseTransport {
        precondition(isComplete, "split before the handshake is complete")
        let (initiatorToResponder, responderToInitiator) = symmetric.split()
        return role == .initiator
            ? NoiseTransport(sending: initiatorToResponder, receiving: responderToInitiator)
            : NoiseTransport(sending: responderToInitiator, receiving: initiatorToResponder)
    }

    /// An `e` token: MixHash, and MixKey too, because both patterns are psk handshakes (Noise
    /// section 9.2): every key that encrypts then depends on a fresh ephemeral, even before a DH.
    private mutating func mixEphemeral(_ ephemeralPublic: [UInt8]) {
        symmetric.mixHash(ephemeralPublic)
        symmetric.mixKey(ephemeralPublic)
    }

    private mutating func mix(_ token: NoisePattern.Token) throws(TunnelError) {
        let isInitiator = role == .initiator
        switch token {
        case .ee: try mixDH(ephemeralPrivate, remoteEphemeral)
        case .es: try isInitiator ? mixDH(ephemeralPrivate, remoteStatic) : mixDH(staticPrivate, remoteEphemeral)
        case .se: try isInitiator ? mixDH(staticPrivate, remoteEphemeral) : mixDH(ephemeralPrivate, remoteStatic)
        case .ss: try mixDH(staticPrivate, remoteStatic)
        case .psk: symmetric.mixKeyAndHash(psk)
        case .e, .s: preconditionFailure("e and s are written and read, not mixed")
        }
        if keepsKeyLogSecrets, let key = symmetric.cipherKey {
            keyLogSecrets.append(
                NoiseTokenSecrets(message: messageIndex, token: token, key: key, handshakeHash: symmetric.handshakeHash)
            )
        }
    }

    private mutating func mixDH(_ privateKey: [UInt8], _ publicKey: [UInt8]?) throws(TunnelError) {
        guard let publicKey else { preconditionFailure("the pattern names a key before it is known") }
        var shared = try TunnelError.crypto { () throws(CryptoError) in
            try X25519.sharedSecret(privateKey: privateKey, publicKey: publicKey)
        }
        defer { SecretMemory.wipe(&shared) }
        symmetric.mixKey(shared)
    }
}
