/// The per-channel token bucket of HS-RATE-1: capacity 3, one token per 12 seconds of the core's
/// clock, checked between steps 4 and 5 of HS-4 so that a flood costs no X25519.
///
/// Kept as the one time `fullAt` at which the bucket is full again (a generic cell rate
/// algorithm): a handshake at `now` finds a token when `max(fullAt, now) - now` is at most
/// `(capacity - 1) * interval`, and taking it adds `interval`. This is exactly a bucket whose
/// tokens accrue continuously, in integer seconds, with no rounding to agree on between
/// implementations. A clock that goes back only makes the bucket stricter.
public struct HandshakeRate: Sendable, Equatable {
    /// The burst an honest device never exceeds: a handshake and two retries.
    public static let capacity: Int64 = 3
    /// One token per 12 seconds: 5 a minute once the burst is spent.
    public static let interval: Int64 = 12

    /// When the bucket is full again; 0 (the past) for a full bucket.
    public private(set) var fullAt: Int64 = 0

    public init() {}

    /// Takes one token at `now`, or throws `rate_limited` and changes nothing.
    public mutating func take(now: Int64) throws(TunnelError) {
        let start = max(fullAt, now)
        guard start - now <= (Self.capacity - 1) * Self.interval else { throw .rateLimited }
        fullAt = start + Self.interval
    }
}
