/// The relay's limits (spec/12-signalling.md). A conforming relay uses `standard`: they are
/// constants of the protocol, so a relay vector has one expected outcome and a phone can rely on
/// them. Other values exist only so the kit's mutants can build a relay that is off by one.
public struct RelayLimits: Sendable, Equatable {
    /// Seconds a pairing token stays valid after registration, inclusive (RELAY-1, RELAY-2).
    public let pairingLifetime: Int64
    /// The longest `payload` forwarded, in characters (RELAY-12).
    public let payloadCharacters: Int
    /// Frames accepted per connection and channel in one whole second (RELAY-13).
    public let framesPerSecond: Int
    /// Pending channels (pairing token unused and unexpired, not revoked) one account may own
    /// (RELAY-20).
    public let pendingChannels: Int

    public init(pairingLifetime: Int64, payloadCharacters: Int, framesPerSecond: Int, pendingChannels: Int) {
        self.pairingLifetime = pairingLifetime
        self.payloadCharacters = payloadCharacters
        self.framesPerSecond = framesPerSecond
        self.pendingChannels = pendingChannels
    }

    /// 600 s: the deployed relay's "about 10 minutes", and the cap the core applies itself
    /// (CLOCK-1). 65,536 characters: the text of the largest message of SIZE-1, 49,152 bytes.
    /// 100 frames: the relay's own bound, counted in frames (the deployed app's bucket of 100 a
    /// second counts envelopes, so its chunked messages can meet it, RELAY-13). 100 pending
    /// channels: registration cannot grow the relay's records without bound, and a core pairing
    /// a phone a minute never meets it.
    public static let standard = RelayLimits(
        pairingLifetime: 600,
        payloadCharacters: 65_536,
        framesPerSecond: 100,
        pendingChannels: 100
    )
}
