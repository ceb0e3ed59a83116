import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto

/// One whole Noise handshake of wire version 3 and its transport messages (`noise-handshake`,
/// ADP-58), run step for step as `NoiseHandshakeRun.execute()` runs it but on the composed Noise
/// states, with the mutants of the transport phase.
struct ComposedNoise {
    let mutant: Mutant?

    /// Each message is written by its sender, altered if the run says so, and read by its
    /// receiver, whose refusal is the run's error.
    func execute(_ run: NoiseHandshakeRun) throws(TunnelError) -> NoiseHandshakeResult {
        var (initiator, responder) = initialStates(run)
        var messages: [[UInt8]] = []
        func deliver(_ message: [UInt8]) -> [UInt8] {
            defer { messages.append(message) }
            guard let substitution = run.substitution, substitution.message == messages.count else { return message }
            return Self.substitute(substitution, in: message)
        }
        _ = try responder.readMessage(deliver(try initiator.writeMessage(payload: run.payloads[0])))
        _ = try initiator.readMessage(deliver(try responder.writeMessage(payload: run.payloads[1])))
        let handshakeHash = initiator.handshakeHash
        let keys = initiator.split()
        var initiatorTransport = ComposedNoiseTransport(
            keys,
            role: .initiator,
            handshakeHash: handshakeHash,
            mutant: mutant
        )
        var responderTransport = ComposedNoiseTransport(
            responder.split(),
            role: .responder,
            handshakeHash: responder.handshakeHash,
            mutant: mutant
        )
        for payload in run.payloads.dropFirst(2) {
            if messages.count % 2 == 0 {
                _ = try responderTransport.open(deliver(try initiatorTransport.seal(payload)))
            } else {
                _ = try initiatorTransport.open(deliver(try responderTransport.seal(payload)))
            }
        }
        return NoiseHandshakeResult(
            messages: messages,
            handshakeHash: handshakeHash,
            initiatorToResponder: keys.initiatorToResponder,
            responderToInitiator: keys.responderToInitiator
        )
    }

    /// The two parties at their start; the responder's view (psk, prologue, the initiator key
    /// it knows) is the run's where it differs from the initiator's.
    private func initialStates(
        _ run: NoiseHandshakeRun
    ) -> (initiator: ComposedNoiseHandshakeState, responder: ComposedNoiseHandshakeState) {
        let responderPublic = X25519.publicKey(privateKey: run.responderStatic)
        let initiatorPublic = run.responderKnowsInitiator ?? X25519.publicKey(privateKey: run.initiatorStatic)
        let initiator = ComposedNoiseHandshakeState(
            pattern: run.pattern,
            role: .initiator,
            prologue: run.prologue,
            staticPrivate: run.initiatorStatic,
            ephemeralPrivate: run.initiatorEphemeral,
            remoteStatic: responderPublic,
            psk: run.psk,
            mutant: mutant
        )
        let responder = ComposedNoiseHandshakeState(
            pattern: run.pattern,
            role: .responder,
            prologue: run.responderPrologue ?? run.prologue,
            staticPrivate: run.responderStatic,
            ephemeralPrivate: run.responderEphemeral,
            remoteStatic: run.pattern.preMessages.initiator ? initiatorPublic : nil,
            psk: run.responderPsk ?? run.psk,
            mutant: mutant
        )
        return (initiator, responder)
    }

    /// `message` with the substitution's bytes written over it. ADP-58 makes a substitution that
    /// does not fit `bad_request` before the run starts, and no mutant changes a message's length.
    private static func substitute(_ substitution: NoiseHandshakeRun.Substitution, in message: [UInt8]) -> [UInt8] {
        var altered = message
        let start = substitution.offset
        altered.replaceSubrange(start..<start + substitution.bytes.count, with: substitution.bytes)
        return altered
    }
}

/// The two CipherStates `Split` gives one party, each with its own counter; transport
/// messages carry an empty `ad` (V3-NOISE-1).
struct ComposedNoiseTransport {
    var sending: ComposedNoiseCipherState
    var receiving: ComposedNoiseCipherState
    let associatedData: [UInt8]
    /// The mutant's receiver, which treats a tag that does not verify as no error and hands the
    /// received bytes on as they came.
    let returnsForgedMessages: Bool

    /// One party's transport after `Split`, with the mutants of the transport phase.
    init(
        _ keys: (initiatorToResponder: [UInt8], responderToInitiator: [UInt8]),
        role: NoiseHandshakeState.Role,
        handshakeHash: [UInt8],
        mutant: Mutant?
    ) {
        let (sending, receiving) =
            role == .initiator
            ? (keys.initiatorToResponder, keys.responderToInitiator)
            : (keys.responderToInitiator, keys.initiatorToResponder)
        self.sending = ComposedNoiseCipherState(key: sending, mutant: mutant)
        self.receiving = ComposedNoiseCipherState(key: receiving, mutant: mutant)
        associatedData = mutant == .noiseTransportBoundToHandshakeHash ? handshakeHash : []
        returnsForgedMessages = mutant == .noiseResponderTransportTagIgnored && role == .responder
    }

    mutating func seal(_ plaintext: [UInt8]) throws(TunnelError) -> [UInt8] {
        try sending.encrypt(ad: associatedData, plaintext: plaintext)
    }

    mutating func open(_ ciphertext: [UInt8]) throws(TunnelError) -> [UInt8] {
        do throws(TunnelError) {
            return try receiving.decrypt(ad: associatedData, ciphertext: ciphertext)
        } catch .authFailed where returnsForgedMessages {
            return ciphertext
        }
    }
}
