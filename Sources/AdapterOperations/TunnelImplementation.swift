import KitModels
import OpenHumanTunnel
import TunnelVerifier

/// What the adapter operations drive: one implementation of wire version 2.
///
/// The request handling (reading inputs, writing outputs, running steps) is shared;
/// only what happens to the bytes differs. `LibraryImplementation` is the conforming reference,
/// straight calls into `OpenHumanTunnel`; it also computes every vector's `expected` and the
/// live checks' answers. The reference adapter's `ComposedImplementation` rebuilds the same behaviour
/// from the library's public primitives so that a single deliberate bug (a `Mutant`) can be
/// switched on in one place; with no mutant it must answer every vector exactly as the library
/// does, which `MutantCatchTests` checks before it credits any catch to a mutant.
public protocol TunnelImplementation: Sendable {
    func x25519(scalar: [UInt8], u: [UInt8]) throws(TunnelError) -> [UInt8]
    func hkdfSHA256(ikm: [UInt8], salt: [UInt8], info: [UInt8], length: Int) throws(TunnelError) -> [UInt8]
    func sessionKeys(
        staticDH: [UInt8],
        ephemeralDH: [UInt8],
        clientEphemeralPublic: [UInt8],
        serverEphemeralPublic: [UInt8]
    ) -> SessionKeys
    /// A fresh session endpoint for `role`: empty replay window.
    func session(role: Role, keys: SessionKeys) -> any SessionEndpoint
    func deviceStart(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        handshakeEphemeralPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8],
        nonce: [UInt8]
    ) throws(TunnelError) -> [UInt8]
    func deviceFinish(
        ack: [UInt8],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) throws(TunnelError) -> SessionKeys
    func coreAccept(
        frame: [UInt8],
        coreStaticPrivate: [UInt8],
        channel: inout ChannelState,
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreAcceptance
    /// The device after sending its handshake: each message goes to the ack opener until one ack
    /// is accepted (ACK-4; an error changes nothing, ACK-5), then to the new session's opener
    /// (ACK-6), so a second ack is `unexpected_type`.
    func deviceReceive(
        _ messages: [[UInt8]],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) -> [DeviceReceipt]
    /// A device's pairing in `idle` (DEV-STATE-1), waiting `ackTimeout` seconds for each ack.
    func devicePairing(
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        ackTimeout: Int64
    )
        -> any DevicePairingEndpoint
    func pairingEncode(_ payload: PairingPayload) throws(PairingPayloadError) -> String
    func pairingParse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload
    /// The version 3 producer and consumer (spec/08-pairing-payload.md 8.12).
    func pairingEncodeV3(_ payload: PairingPayloadV3) throws(PairingPayloadError) -> String
    func pairingParseV3(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> ScannedPairingPayload
    /// The six digits of SAS-2.
    func sas(staticDH: [UInt8], ephemeralDH: [UInt8], handshake: [UInt8], ack: [UInt8]) -> String
    /// The 24-character text of QR-SRC-3.
    func coreKeyFingerprint(corePublicKey: [UInt8]) -> String
    /// CLOCK-1's capped expiry.
    func pairingWindow(issuedAt: Int64, relayExpiresAtMilliseconds: Int64) -> Int64
    /// The indices of the channels to revoke (CHAN-KEY-2); `duplicate_core_key` when the
    /// candidate equals a listed key (CHAN-KEY-1).
    func channelKeys(_ keys: [[UInt8]], candidate: [UInt8]?) throws(TunnelError) -> [Int]
    /// A fresh session of the core's production opener: whole-session memory up to the bound.
    func coreSession(keys: SessionKeys) -> any SessionEndpoint
    /// A channel of the core as restored from storage: no session, nothing pending.
    func coreChannel(coreStaticPrivate: [UInt8], state: ChannelState) -> any CoreChannelEndpoint
    /// The largest integer input (`length`, `now`, `expiresAt`, `exp`) read as a value; larger
    /// ones are `bad_request` (ADP-30).
    var largestInputInteger: Int64 { get }
    /// The limits of chapter 11 the envelope operations use; `.standard` unless a mutant
    /// changes one (the defaults are in EnvelopeImplementation.swift).
    var envelopeLimits: EnvelopeLimits { get }
    func envelopeEncode(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [UInt8]
    func envelopeParse(_ plaintext: [UInt8], receiver role: Role) throws(EnvelopeError) -> Envelope
    func envelopeSplitter(requestId: String, message: [UInt8]) throws(EnvelopeError) -> ChunkSplitter
    func reassembler(role: Role) -> any ReassemblerEndpoint
    func coreGate(
        grant: Set<String>,
        methods: Set<String>,
        acceptedBefore: Int,
        grantedAt: Int64
    )
        -> any CoreGateEndpoint
    func deviceRequests() -> any DeviceEndpoint
    /// A new relay run through `steps`: each step's emissions (spec/12-signalling.md).
    func relay(_ steps: [RelayStep]) -> [[RelayEmission]]
    /// The verifier's answer for a trace (kit chapter 3).
    func verify(_ input: VerifierInput) -> Verification
    /// A whole version 3 Noise handshake and its transport messages (ADP-58).
    func noiseHandshake(_ run: NoiseHandshakeRun) throws(TunnelError) -> NoiseHandshakeResult
    /// The values version 3 derives around its handshakes (ADP-59).
    func pairingV3Values(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) -> PairingV3Values
    /// A version 3 channel of the core as its QR code issues it (ADP-54).
    func corePairingV3(
        coreStaticPrivate: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        expiresAt: Int64
    )
        -> any CorePairingV3Endpoint
    /// A paired version 3 channel of the core, receiving reconnections (ADP-128).
    func coreReconnectionV3(
        coreStaticPrivate: [UInt8],
        channelID: String,
        devicePublicKey: [UInt8],
        reconnectPsk: [UInt8]
    ) -> any CoreReconnectionV3Endpoint
    /// One party's version 3 session (ADP-130).
    func sessionV3(_ setup: SessionV3Setup) -> any SessionV3Endpoint
    /// The phone's selection of a path, in `idle` (ADP-134).
    func transportSelection(hasLan: Bool, optedIn: Bool) -> any TransportSelectionEndpoint
    /// The phone's side of a version 3 reconnection, message 1 built at once (ADP-129).
    func deviceReconnectionV3(
        corePublicKey: [UInt8],
        channelID: String,
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        reconnectPsk: [UInt8]
    ) throws(TunnelError) -> any DeviceReconnectionV3Endpoint
    /// The phone's side of a version 3 pairing, message 1 built at once (ADP-69).
    func devicePairingV3(
        corePublicKey: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        deviceNonce: [UInt8]
    ) throws(TunnelError) -> any DevicePairingV3Endpoint
}

/// One channel of the core, as the `core-channel` operation drives it (KEYCONF-*, CONFIRM-*).
public protocol CoreChannelEndpoint {
    var state: ChannelState { get }
    /// The device key and `hs_eph_pub` of the handshake in the slot, if any.
    var pendingHandshake: (devicePublicKey: [UInt8], handshakeEphemeral: [UInt8])? { get }
    /// The handshakes and distinct device keys admitted while pending (KEYCONF-7), reported while
    /// the channel is pending or confirming (SAS-3, ADP-53), nil otherwise.
    var attempts: (handshakes: Int, deviceKeys: Int)? { get }
    mutating func handshake(
        _ frame: [UInt8],
        now: Int64,
        serverEphemeralPrivate: [UInt8],
        ackNonce: [UInt8]
    ) throws(TunnelError) -> CoreChannelAcceptance
    mutating func open(_ frame: [UInt8], now: Int64) throws(TunnelError) -> [UInt8]
    /// Seals under `nonce`, or under 24 bytes from the implementation's CSPRNG when nil.
    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?, now: Int64) throws(TunnelError) -> [UInt8]
    /// The user's *Yes* for the code of the handshake `handshakeEphemeral` names (CONFIRM-4).
    mutating func confirm(now: Int64, handshakeEphemeral: [UInt8]) throws(TunnelError)
    mutating func reject(now: Int64) throws(TunnelError)
    mutating func tick(now: Int64)
    /// The core stops and starts again: the channel its storage restores (ADP-56).
    mutating func restart(now: Int64)
    /// The relay's `tunnel:revoked` for the channel, which changes nothing (SIG-CORE-3).
    mutating func relayReportedRevoked(now: Int64)
    /// The signalling events owed since the last call, emptied (SIG-CORE-2, ADP-57).
    mutating func takeSignals() -> [CoreSignal]
    /// The current session made exhausted without its frames (ADP-55).
    mutating func fillSession(now: Int64) throws(TunnelError)
}

/// What a handshake accepted into the slot gives the core, as `core-channel` reports it.
public struct CoreChannelAcceptance {
    public let acceptance: CoreAcceptance
    public let sas: String

    public init(acceptance: CoreAcceptance, sas: String) {
        self.acceptance = acceptance
        self.sas = sas
    }
}

/// What the device made of one received message (`handshake-device`).
public enum DeviceReceipt: Equatable {
    /// An ack accepted: the session keys (KDF-2).
    case accepted(SessionKeys)
    /// A session frame opened by the session the accepted ack started.
    case opened([UInt8])
    case rejected(TunnelError)
}

extension TunnelImplementation {
    /// The largest integer input the adapter reads as a value (ADP-30): 2^53 - 1.
    public var largestInputInteger: Int64 { RequestInput.largestSafeInteger }

    /// The reference relay of OpenHumanTunnel.
    public func relay(_ steps: [RelayStep]) -> [[RelayEmission]] { Relay.run(steps) }

    /// The kit's reference verifier.
    public func verify(_ input: VerifierInput) -> Verification { TraceVerifier.verify(input) }

    /// The library's Noise handshake states.
    public func noiseHandshake(_ run: NoiseHandshakeRun) throws(TunnelError) -> NoiseHandshakeResult {
        try run.execute()
    }

    /// The library's version 3 core channel.
    public func corePairingV3(
        coreStaticPrivate: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        expiresAt: Int64
    )
        -> any CorePairingV3Endpoint
    {
        CorePairingV3(
            coreStaticPrivate: coreStaticPrivate,
            channelID: channelID,
            pairingSecret: pairingSecret,
            expiresAt: expiresAt
        )
    }

    /// The library's version 3 phone.
    public func devicePairingV3(
        corePublicKey: [UInt8],
        channelID: String,
        pairingSecret: [UInt8],
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        deviceNonce: [UInt8]
    ) throws(TunnelError) -> any DevicePairingV3Endpoint {
        try DevicePairingV3(
            corePublicKey: corePublicKey,
            channelID: channelID,
            pairingSecret: pairingSecret,
            deviceStaticPrivate: deviceStaticPrivate,
            deviceEphemeralPrivate: deviceEphemeralPrivate,
            deviceNonce: deviceNonce
        )
    }

    /// The library's derivations.
    public func coreReconnectionV3(
        coreStaticPrivate: [UInt8],
        channelID: String,
        devicePublicKey: [UInt8],
        reconnectPsk: [UInt8]
    ) -> any CoreReconnectionV3Endpoint {
        CoreReconnectionV3(
            coreStaticPrivate: coreStaticPrivate,
            channelID: channelID,
            devicePublicKey: devicePublicKey,
            reconnectPsk: reconnectPsk
        )
    }

    public func sessionV3(_ setup: SessionV3Setup) -> any SessionV3Endpoint {
        setup.session()
    }

    public func transportSelection(hasLan: Bool, optedIn: Bool) -> any TransportSelectionEndpoint {
        TransportSelection(hasLan: hasLan, optedIn: optedIn)
    }

    public func deviceReconnectionV3(
        corePublicKey: [UInt8],
        channelID: String,
        deviceStaticPrivate: [UInt8],
        deviceEphemeralPrivate: [UInt8],
        reconnectPsk: [UInt8]
    ) throws(TunnelError) -> any DeviceReconnectionV3Endpoint {
        try DeviceReconnectionV3(
            corePublicKey: corePublicKey,
            channelID: channelID,
            deviceStaticPrivate: deviceStaticPrivate,
            deviceEphemeralPrivate: deviceEphemeralPrivate,
            reconnectPsk: reconnectPsk
        )
    }

    public func pairingV3Values(
        channelID: String,
        pairingSecret: [UInt8],
        handshakeHash: [UInt8],
        deviceNonce: [UInt8],
        coreNonce: [UInt8]
    ) -> PairingV3Values {
        PairingV3Values(
            channelID: channelID,
            pairingSecret: pairingSecret,
            handshakeHash: handshakeHash,
            deviceNonce: deviceNonce,
            coreNonce: coreNonce
        )
    }

    /// The rule of ACK-4 to ACK-6 built from `deviceFinish` and `session`: the ack opener takes
    /// every message until it accepts one (its inputs never change, so a rejection leaves it as
    /// it was), and is then closed for good.
    public func deviceReceive(
        _ messages: [[UInt8]],
        corePublicKey: [UInt8],
        deviceStaticPrivate: [UInt8],
        clientEphemeralPrivate: [UInt8]
    ) -> [DeviceReceipt] {
        var session: (any SessionEndpoint)?
        return messages.map { message in
            do throws(TunnelError) {
                if var current = session {
                    defer { session = current }
                    return .opened(try current.open(message))
                }
                let keys = try deviceFinish(
                    ack: message,
                    corePublicKey: corePublicKey,
                    deviceStaticPrivate: deviceStaticPrivate,
                    clientEphemeralPrivate: clientEphemeralPrivate
                )
                session = self.session(role: .device, keys: keys)
                return .accepted(keys)
            } catch {
                return .rejected(error)
            }
        }
    }
}

/// What an accepted handshake gives the core, as the adapter reports it.
public struct CoreAcceptance {
    public let ack: [UInt8]
    public let keys: SessionKeys
    public let devicePublicKey: [UInt8]

    public init(ack: [UInt8], keys: SessionKeys, devicePublicKey: [UInt8]) {
        self.ack = ack
        self.keys = keys
        self.devicePublicKey = devicePublicKey
    }
}

/// One party's half of a session, as the `session`, `frame-seal` and `frame-open` operations use it.
public protocol SessionEndpoint {
    /// Seals under `nonce`, or under 24 bytes from the implementation's CSPRNG when nil.
    mutating func seal(_ plaintext: [UInt8], nonce: [UInt8]?) throws(TunnelError) -> [UInt8]
    mutating func open(_ frame: [UInt8]) throws(TunnelError) -> [UInt8]
}
