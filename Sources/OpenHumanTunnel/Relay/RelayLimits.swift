/// The relay's fixed limits (spec/12-signalling.md). They are constants, not settings, so a relay
/// vector has one expected outcome and a phone can rely on them.
public enum RelayLimits {
    /// Seconds a pairing token stays valid after registration, inclusive (RELAY-1, RELAY-2): the
    /// deployed relay's "about 10 minutes", and the cap the core applies itself (CLOCK-1).
    public static let pairingLifetime: Int64 = 600
    /// The longest `payload` forwarded, in base64url characters: the text of the largest message
    /// of SIZE-1, 49,152 bytes (RELAY-12).
    public static let payloadCharacters = 65_536
    /// Frames accepted per connection and channel in one whole second (RELAY-13): the rate the
    /// deployed app limits itself to, so a well-behaved app is never refused.
    public static let framesPerSecond = 100
}
