/// The three ways from a phone to its desktop (spec/15-transports.md), in the order of
/// preference of 15.5.1: the LAN, the relay, then the cloud. The first two are *tunnel paths*:
/// they carry the tunnel's sealed messages; the cloud is another core, reached over HTTPS.
public enum TransportPath: String, CaseIterable, Sendable, Comparable {
    case lan
    case relay
    case cloud

    public var isTunnel: Bool { self != .cloud }

    /// Preference: a path is "less" when it is preferred.
    public static func < (a: TransportPath, b: TransportPath) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What a path is doing (15.5.2). A path `connecting` or `probing` is *in flight*.
public enum TransportPathStatus: String, Sendable {
    /// No carrier and nothing in flight.
    case off
    /// `connect(p)` was sent; the cloud is never `connecting`.
    case connecting
    /// `probe(p)` was sent.
    case probing
    /// Its last probe was healthy and its carrier is open.
    case up

    public var isInFlight: Bool { self == .connecting || self == .probing }
}
