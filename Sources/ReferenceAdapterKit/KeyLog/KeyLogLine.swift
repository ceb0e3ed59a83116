import OpenHumanTunnel

/// One line of a key log (spec/kit/03-verifier.md; the contract in issue 14):
/// `LABEL SP id-hex SP secret-hex LF`, lowercase hex.
///
/// A key log lets its holder decrypt every session it covers and, with a static key, act as that
/// side: the reference adapter writes one only when `OPENHUMAN_KEYLOG` names a file (a test
/// setting), never by default.
struct KeyLogLine: Equatable, Sendable {
    enum Label: String, Sendable {
        case coreStatic = "CORE_STATIC"
        case deviceStatic = "DEVICE_STATIC"
        case handshakeEphemeral = "HANDSHAKE_EPHEMERAL"
        case clientEphemeral = "CLIENT_EPHEMERAL"
        case serverEphemeral = "SERVER_EPHEMERAL"
        case sessionKeys = "SESSION_KEYS"
    }

    let label: Label
    /// The public value that names the secret: the key pair's public key, or for session keys
    /// `client_eph_pub || server_eph_pub`.
    let id: [UInt8]
    let secret: [UInt8]

    /// A private key, named by its public key.
    static func privateKey(_ label: Label, _ privateKey: [UInt8]) -> KeyLogLine {
        KeyLogLine(label: label, id: X25519.publicKey(privateKey: privateKey), secret: privateKey)
    }

    /// The session keys `c2s || s2c`, named by the two ephemeral public keys they were derived from.
    static func sessionKeys(clientEphemeralPublic: [UInt8], serverEphemeralPublic: [UInt8],
                            c2s: [UInt8], s2c: [UInt8]) -> KeyLogLine {
        KeyLogLine(label: .sessionKeys, id: clientEphemeralPublic + serverEphemeralPublic, secret: c2s + s2c)
    }

    /// The line's text, line feed included.
    var text: String { "\(label.rawValue) \(Hex.encode(id)) \(Hex.encode(secret))\n" }
}
