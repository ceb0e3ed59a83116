import OpenHumanTunnel

/// The envelope layer's entry points on `TunnelImplementation`, with the library's behaviour as
/// the default, so the reference needs nothing more and a mutant overrides only what it breaks.
extension TunnelImplementation {
    public var envelopeLimits: EnvelopeLimits { .standard }

    public func envelopeEncode(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [UInt8] {
        try EnvelopeEncoder.encode(envelope)
    }

    public func envelopeParse(_ plaintext: [UInt8], receiver role: Role) throws(EnvelopeError) -> Envelope {
        try EnvelopeParser.parse(plaintext, receiver: role, limits: envelopeLimits)
    }

    public func envelopeSplitter(requestId: String, message: [UInt8]) throws(EnvelopeError) -> ChunkSplitter {
        try ChunkSplitter(requestId: requestId, message: message, limits: envelopeLimits)
    }

    public func reassembler(role: Role) -> any ReassemblerEndpoint { Reassembler(role: role, limits: envelopeLimits) }

    public func coreGate(
        grant: Set<String>,
        methods: Set<String>,
        acceptedBefore: Int,
        grantedAt: Int64
    ) -> any CoreGateEndpoint {
        CoreRequestGate(
            grant: grant,
            methods: methods,
            limits: envelopeLimits,
            acceptedBefore: acceptedBefore,
            grantedAt: grantedAt
        )
    }

    public func deviceRequests() -> any DeviceEndpoint { DeviceRequests(limits: envelopeLimits) }
}
