/// The kinds of secret a key log names (KEYLOG-2), each with the public value that identifies it.
///
/// Every secret is keyed by something the trace shows in clear (a public key, or the two
/// ephemeral public keys of a session), so the verifier finds the secret for a message without
/// trying every line.
public enum KeyLogLabel: String, Sendable, CaseIterable {
    /// id: core_static_pub; secret: the core's static private key.
    case coreStatic = "CORE_STATIC"
    /// id: device_static_pub; secret: the device's static private key.
    case deviceStatic = "DEVICE_STATIC"
    /// id: hs_eph_pub (the 32 bytes after a 0x03's type octet); secret: its private key.
    case handshakeEphemeral = "HANDSHAKE_EPHEMERAL"
    /// id: client_eph_pub; secret: its private key.
    case clientEphemeral = "CLIENT_EPHEMERAL"
    /// id: server_eph_pub; secret: its private key.
    case serverEphemeral = "SERVER_EPHEMERAL"
    /// id: client_eph_pub ‖ server_eph_pub; secret: c2s ‖ s2c.
    case sessionKeys = "SESSION_KEYS"

    /// Bytes of the id.
    public var idLength: Int { self == .sessionKeys ? 64 : 32 }
    /// Bytes of the secret.
    public var secretLength: Int { self == .sessionKeys ? 64 : 32 }
}
