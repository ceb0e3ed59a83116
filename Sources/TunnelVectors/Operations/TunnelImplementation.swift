import OpenHumanTunnel

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
    func sessionKeys(staticDH: [UInt8], ephemeralDH: [UInt8], clientEphemeralPublic: [UInt8],
                     serverEphemeralPublic: [UInt8]) -> SessionKeys
    /// A fresh session endpoint for `role`: empty replay window.
    func session(role: Role, keys: SessionKeys) -> any SessionEndpoint
    func deviceStart(corePublicKey: [UInt8], deviceStaticPrivate: [UInt8], handshakeEphemeralPrivate: [UInt8],
                     clientEphemeralPrivate: [UInt8], nonce: [UInt8]) throws(TunnelError) -> [UInt8]
    func deviceFinish(ack: [UInt8], corePublicKey: [UInt8], deviceStaticPrivate: [UInt8],
                      clientEphemeralPrivate: [UInt8]) throws(TunnelError) -> SessionKeys
    func coreAccept(frame: [UInt8], coreStaticPrivate: [UInt8], channel: inout ChannelState, now: Int64,
                    serverEphemeralPrivate: [UInt8], ackNonce: [UInt8]) throws(TunnelError) -> CoreAcceptance
    func pairingEncode(_ payload: PairingPayload) throws(PairingPayloadError) -> String
    func pairingParse(_ payload: [UInt8], now: UInt64) throws(PairingPayloadError) -> PairingPayload
    /// The limits of chapter 11 the envelope operations use; `.standard` unless a mutant
    /// changes one (the defaults are in EnvelopeImplementation.swift).
    var envelopeLimits: EnvelopeLimits { get }
    func envelopeEncode(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [UInt8]
    func envelopeParse(_ plaintext: [UInt8], receiver role: Role) throws(EnvelopeError) -> Envelope
    func envelopeSplitter(requestId: String, message: [UInt8]) throws(EnvelopeError) -> ChunkSplitter
    func reassembler(role: Role) -> Reassembler
    func coreGate(grant: Set<String>, methods: Set<String>) -> any CoreGateEndpoint
    func deviceRequests() -> any DeviceEndpoint
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
