import AdapterOperations
import KitModels
import OpenHumanTunnel
import ReferenceAdapter
import TunnelVerifier

/// Wire version 2, and version 3's Noise handshakes, derived values and both sides' pairing,
/// rebuilt from the library's public primitives (X25519, HKDF, SHA256, XChaCha20Poly1305,
/// ChaCha20Poly1305, Base64URL, the pairing parser and encoder, the Noise patterns' token lists,
/// the pairing records and the handshake rate), with at most one `Mutant` switched on.
///
/// With `mutant == nil` this is the composed control: it must pass every vector, so a mutant's
/// failures come from its one bug and not from the rebuilding. Each mutated path is a small,
/// named branch inside the `Composed*` type that owns the concept.
struct ComposedImplementation: TunnelImplementation {
    let mutant: Mutant?

    var largestInputInteger: Int64 { mutant == .integersReadIn64Bits ? .max : RequestInput.largestSafeInteger }

    func x25519(scalar: [UInt8], u: [UInt8]) throws(TunnelError) -> [UInt8] {
        try ComposedX25519(mutant: mutant).sharedSecret(privateKey: scalar, publicKey: u)
    }

    func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(TunnelError) -> [UInt8] {
        try ComposedKeySchedule(mutant: mutant).hkdf(ikm: ikm, salt: salt, info: info, length: length)
    }

    func sessionKeys(
        staticDH: [UInt8],
        ephemeralDH: [UInt8],
        clientEphemeralPublic: [UInt8],
        serverEphemeralPublic: [UInt8]
    ) -> SessionKeys {
        ComposedKeySchedule(mutant: mutant).sessionKeys(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            clientEphemeralPublic: clientEphemeralPublic,
            serverEphemeralPublic: serverEphemeralPublic
        )
    }

    func session(role: Role, keys: SessionKeys) -> any SessionEndpoint {
        ComposedSessionCipher(role: role, keys: keys, mutant: mutant)
    }

    func deviceStart(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8]
    ) throws(TunnelError) -> [UInt8] {
        try ComposedDeviceHandshake(mutant: mutant).start(
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            handshakeEphemeralPrivate: handshakeEphemeralPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate,
            nonce: nonce
        )
    }

    func deviceFinish(
        ack: [UInt8],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> SessionKeys {
        try ComposedDeviceHandshake(mutant: mutant).finish(
            ack: ack,
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate
        )
    }

    func coreAccept(
        frame: [UInt8],
        coreStaticPrivate: [UInt8],
        channel: inout ChannelState,
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreAcceptance {
        try ComposedCoreHandshake(mutant: mutant).accept(
            frame: frame,
            coreStaticPrivate: coreStaticPrivate,
            channel: &channel,
            now: now,
            serverEphemeralPrivate: serverEphemeralPrivate,
            ackNonce: ackNonce
        )
    }

    func devicePairing(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        ackTimeout: Int64
    )
        -> any DevicePairingEndpoint
    {
        ComposedDevicePairing(
            implementation: self,
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            ackTimeout: ackTimeout
        )
    }

    func deviceReceive(
        _ messages: [[UInt8]],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) -> [DeviceReceipt] {
        ComposedDeviceReceiver(implementation: self).receive(
            messages,
            corePublicKey: corePublicKey,
            deviceStaticPrivate: deviceStaticPrivate,
            clientEphemeralPrivate: clientEphemeralPrivate
        )
    }

    func pairingEncode(_ payload: PairingPayload) throws(PairingPayloadError) -> String {
        try ComposedPairingPayload(mutant: mutant).encode(payload)
    }

    func pairingParse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload {
        try ComposedPairingPayload(mutant: mutant).parse(payload, now: now)
    }

    func pairingEncodeV3(_ payload: PairingPayloadV3) throws(PairingPayloadError) -> String {
        try ComposedPairingPayloadV3(mutant: mutant).encode(payload)
    }

    func pairingParseV3(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> ScannedPairingPayload {
        try ComposedPairingPayloadV3(mutant: mutant).parse(payload, now: now)
    }

    func sas(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> String {
        ComposedShortAuthenticationString(mutant: mutant).derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            handshake: handshake,
            ack: ack
        )
    }

    func coreKeyFingerprint(corePublicKey: [UInt8]) -> String {
        ComposedCoreKeys(mutant: mutant).fingerprint(corePublicKey)
    }

    func pairingWindow(issuedAt: Int64, relayExpiresAtMilliseconds: Int64) -> Int64 {
        ComposedPairingWindow(mutant: mutant).expiresAt(
            issuedAt: issuedAt,
            relayExpiresAtMilliseconds: relayExpiresAtMilliseconds
        )
    }

    func channelKeys(_ keys: [[UInt8]], candidate: [UInt8]?) throws(TunnelError) -> [Int] {
        try ComposedCoreKeys(mutant: mutant).channelKeys(keys, candidate: candidate)
    }

    func coreSession(keys: SessionKeys) -> any SessionEndpoint {
        ComposedCoreSession(keys: keys, bound: Int(ReferenceAdapter.sessionReplayMemory), mutant: mutant)
    }

    func relay(_ steps: [RelayStep]) -> [[RelayEmission]] {
        ComposedRelay(mutant: mutant).run(steps)
    }

    func verify(_ input: VerifierInput) -> Verification {
        let skipping: Set<VerifierCheck> =
            switch mutant {
            case .verifierIgnoresRepeatedNonces: [.nonceRepeats]
            case .verifierTrustsProbes: [.probeAnswers]
            case .verifierIgnoresLegacyKeyLogLabels: [.privateKeyLabels]
            case .verifierIgnoresPairingV3Replays: [.pairingV3Replays]
            case .verifierTrustsPairingV3Reveals: [.pairingV3Commitment]
            case .verifierIgnoresV3SessionReplays: [.sessionV3Replays]
            case .verifierPrintsV3MessagesUnread: [.sessionV3Envelopes]
            default: []
            }
        return TraceVerifier.verify(input, skipping: skipping)
    }

    func coreChannel(coreStaticPrivate: [UInt8], state: ChannelState) -> any CoreChannelEndpoint {
        ComposedCoreChannel(
            coreStaticPrivate: coreStaticPrivate,
            state: state,
            bound: Int(ReferenceAdapter.sessionReplayMemory),
            mutant: mutant
        )
    }

    var envelopeLimits: EnvelopeLimits { ComposedEnvelope.limits(mutant) }

    func envelopeEncode(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [UInt8] {
        try ComposedEnvelope.encode(envelope, mutant: mutant)
    }

    func envelopeParse(_ plaintext: [UInt8], receiver role: Role) throws(EnvelopeError) -> Envelope {
        try ComposedEnvelope.parse(plaintext, role: role, limits: envelopeLimits, mutant: mutant)
    }

    func reassembler(role: Role) -> any ReassemblerEndpoint {
        ComposedEnvelope.reassembler(role: role, limits: envelopeLimits, mutant: mutant)
    }

    func coreGate(
        grant: Set<String>,
        methods: Set<String>,
        acceptedBefore: Int,
        grantedAt: Int64
    ) -> any CoreGateEndpoint {
        ComposedEnvelope.coreGate(
            grant: grant,
            methods: methods,
            acceptedBefore: acceptedBefore,
            grantedAt: grantedAt,
            limits: envelopeLimits,
            mutant: mutant
        )
    }

    func deviceRequests() -> any DeviceEndpoint {
        ComposedEnvelope.deviceRequests(limits: envelopeLimits, mutant: mutant)
    }

    func noiseHandshake(_ run: NoiseHandshakeRun) throws(TunnelError) -> NoiseHandshakeResult {
        try ComposedNoise(mutant: mutant).execute(run)
    }

    func pairingV3Values(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) -> PairingV3Values {
        ComposedPairingV3(mutant: mutant).values(
            channelID: channelID,
            pairingSecret: pairingSecret,
            handshakeHash: handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: coreNonce
        )
    }

    func coreReconnectionV3(
        coreStaticPrivate: [UInt8],
        channelID: String,
        devicePublicKey: [UInt8],
        reconnectPsk: [UInt8]
    ) -> any CoreReconnectionV3Endpoint {
        ComposedCoreReconnectionV3(
            coreStaticPrivate: coreStaticPrivate,
            channelID: channelID,
            devicePublicKey: devicePublicKey,
            reconnectPsk: reconnectPsk,
            mutant: mutant
        )
    }

    func sessionV3(_ setup: SessionV3Setup) -> any SessionV3Endpoint {
        ComposedSessionV3(setup: setup, mutant: mutant)
    }

    func transportSelection(hasLan: Bool, optedIn: Bool) -> any TransportSelectionEndpoint {
        ComposedTransportSelection(hasLan: hasLan, optedIn: optedIn, mutant: mutant)
    }

    func deviceReconnectionV3(
        corePublicKey: [UInt8],
        channelID: String,
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        reconnectPsk: [UInt8]
    ) throws(TunnelError) -> any DeviceReconnectionV3Endpoint {
        try ComposedDeviceReconnectionV3(
            corePublicKey: corePublicKey,
            channelID: channelID,
            deviceStaticPrivate: deviceStaticPrivate,
            deviceEphemeralPrivate: deviceEphemeralPrivate,
            reconnectPsk: reconnectPsk,
            mutant: mutant
        )
    }

    func corePairingV3(
        coreStaticPrivate: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        expiresAt: Int64
    ) -> any CorePairingV3Endpoint {
        ComposedCorePairingV3(
            coreStaticPrivate: coreStaticPrivate,
            channelID: channelID,
            pairingSecret: pairingSecret,
            expiresAt: expiresAt,
            mutant: mutant
        )
    }

    func devicePairingV3(
        corePublicKey: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        deviceNonce: [UInt8]
    ) throws(TunnelError) -> any DevicePairingV3Endpoint {
        try ComposedDevicePairingV3(
            corePublicKey: corePublicKey,
            channelID: channelID,
            pairingSecret: pairingSecret,
            deviceStaticPrivate: deviceStaticPrivate,
            deviceEphemeralPrivate: deviceEphemeralPrivate,
            deviceNonce: deviceNonce,
            mutant: mutant
        )
    }
}
