/// Which end of the tunnel a party is (KDF-5).
public enum Role: String, Sendable, CaseIterable {
    /// The phone: the client, seals with c2s, opens with s2c.
    case device
    /// The desktop core: the server, seals with s2c, opens with c2s.
    case core

    /// The other end.
    public var peer: Role { self == .device ? .core : .device }
}
