import OpenHumanTunnel
import TunnelCrypto

/// Noise's HandshakeState (Noise section 5.3) for IKpsk1 and KKpsk2, one party's side, composed
/// from `X25519` and `ComposedNoiseSymmetricState`, with the mutants of the tokens, of the
/// pre-messages and of the phone's reading of message 2. The token lists come from the library's `NoisePattern`.
struct ComposedNoiseHandshakeState {
    let mutant: Mutant?
    let pattern: NoisePattern
    let role: NoiseHandshakeState.Role
    private let messages: [[NoisePattern.Token]]
    private var symmetric: ComposedNoiseSymmetricState
    private let staticPrivate: [UInt8]
    private let ephemeralPrivate: [UInt8]
    private let psk: [UInt8]
    /// The peer's static key: a pre-message, or read from its `s` token.
    private(set) var remoteStatic: [UInt8]?
    private var remoteEphemeral: [UInt8]?
    private var messageIndex = 0

    /// `Initialize`: the protocol name, the prologue, then the pre-message keys in pattern order
    /// (the initiator's first). `remoteStatic` is the peer's key where it is a pre-message.
    init(
        pattern: NoisePattern,
        role: NoiseHandshakeState.Role,
        prologue: [UInt8],
        staticPrivate: [UInt8],
        ephemeralPrivate: [UInt8],
        remoteStatic: [UInt8]?,
        psk: [UInt8],
        mutant: Mutant?
    ) {
        self.mutant = mutant
        self.pattern = pattern
        self.role = role
        self.staticPrivate = staticPrivate
        self.ephemeralPrivate = ephemeralPrivate
        self.remoteStatic = remoteStatic
        self.psk = psk
        messages = Self.messages(of: pattern, mutant: mutant)
        symmetric = ComposedNoiseSymmetricState(protocolName: pattern.protocolName, mutant: mutant)
        if mutant != .noisePrologueNotHashed { symmetric.mixHash(prologue) }
        let ownStatic = X25519.publicKey(privateKey: staticPrivate)
        let (initiatorStatic, responderStatic) =
            role == .initiator ? (ownStatic, remoteStatic) : (remoteStatic, ownStatic)
        var preMessages = [pattern.preMessages.initiator ? initiatorStatic : nil]
        preMessages.append(pattern.preMessages.responder ? responderStatic : nil)
        if mutant == .noisePreMessagesResponderFirst { preMessages.reverse() }
        for key in preMessages.compactMap({ $0 }) { symmetric.mixHash(key) }
    }

    var handshakeHash: [UInt8] { symmetric.handshakeHash }

    /// `WriteMessage`: the next message's tokens, then the payload, encrypted.
    mutating func writeMessage(payload: [UInt8]) throws(TunnelError) -> [UInt8] {
        var message: [UInt8] = []
        for token in messages[messageIndex] {
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

    /// `ReadMessage`: the tokens in order, so the first failing DH (`low_order_key`) or tag
    /// (`auth_failed`) is the error. A message too short for its tokens is `frame_too_short`.
    mutating func readMessage(_ message: [UInt8]) throws(TunnelError) -> [UInt8] {
        guard message.count >= pattern.messageLength(messageIndex, payloadLength: 0) else { throw .frameTooShort }
        var offset = 0
        func take(_ count: Int) -> [UInt8] {
            defer { offset += count }
            return Array(message[offset..<offset + count])
        }
        for token in messages[messageIndex] {
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
        // The initiator reads only message 2, in both patterns.
        let checkingTag = !(mutant == .v3PhoneMessageTwoTagUnchecked && role == .initiator)
        let payload = try symmetric.decryptAndHash(take(message.count - offset), checkingTag: checkingTag)
        messageIndex += 1
        return payload
    }

    /// The two transport keys of `Split`, in the initiator-to-responder, responder-to-initiator order.
    func split() -> (initiatorToResponder: [UInt8], responderToInitiator: [UInt8]) { symmetric.split() }

    /// The pattern's token lists. The psk mutants move the `psk` token to the end of the other
    /// message, which turns IKpsk1 into IKpsk2 and KKpsk2 into KKpsk1.
    private static func messages(of pattern: NoisePattern, mutant: Mutant?) -> [[NoisePattern.Token]] {
        let pskMoved =
            (pattern == .ikpsk1 && mutant == .noisePairingPskInMessage2)
            || (pattern == .kkpsk2 && mutant == .noiseReconnectionPskInMessage1)
        guard pskMoved else { return pattern.messages }
        let otherMessage = pattern.messages[0].contains(.psk) ? 1 : 0
        var messages = pattern.messages.map { $0.filter { $0 != .psk } }
        messages[otherMessage].append(.psk)
        return messages
    }

    /// An `e` token: MixHash, and MixKey too, because both patterns are psk handshakes (Noise
    /// section 9.2).
    private mutating func mixEphemeral(_ ephemeralPublic: [UInt8]) {
        symmetric.mixHash(ephemeralPublic)
        if mutant != .noiseEphemeralWithoutMixKey { symmetric.mixKey(ephemeralPublic) }
    }

    /// A DH token (the first letter the initiator's key, the second the responder's) or `psk`.
    private mutating func mix(_ token: NoisePattern.Token) throws(TunnelError) {
        let isInitiator = role == .initiator
        switch token {
        case .ee: try mixDH(ephemeralPrivate, remoteEphemeral)
        case .es: try isInitiator ? mixDH(ephemeralPrivate, remoteStatic) : mixDH(staticPrivate, remoteEphemeral)
        case .se: try isInitiator ? mixDH(staticPrivate, remoteEphemeral) : mixDH(ephemeralPrivate, remoteStatic)
        case .ss: try mixDH(staticPrivate, remoteStatic)
        case .psk:
            if mutant == .noisePskMixedAsDH { symmetric.mixKey(psk) } else { symmetric.mixKeyAndHash(psk) }
        case .e, .s: preconditionFailure("e and s are written and read, not mixed")
        }
    }

    /// `MixKey(DH(…))`, refusing an all-zero DH with `low_order_key` (V3-NOISE-2).
    private mutating func mixDH(_ privateKey: [UInt8], _ publicKey: [UInt8]?) throws(TunnelError) {
        guard let publicKey else { preconditionFailure("the pattern names a key before it is known") }
        do throws(CryptoError) {
            symmetric.mixKey(try X25519.sharedSecret(privateKey: privateKey, publicKey: publicKey))
        } catch .lowOrderKey where mutant == .noiseDHWithoutZeroCheck {
            // The library refuses exactly the all-zero outputs: the unchecked DH mixes those in.
            symmetric.mixKey([UInt8](repeating: 0, count: X25519.keyLength))
        } catch {
            throw TunnelError(error)
        }
    }
}
