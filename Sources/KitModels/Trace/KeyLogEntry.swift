import OpenHumanTunnel
import TunnelCrypto

/// One line of a key log: a secret, its kind and the public value that names it (KEYLOG-1).
public struct KeyLogEntry: Equatable, Hashable, Sendable {
    public let label: KeyLogLabel
    public let id: [UInt8]
    public let secret: [UInt8]

    public init(label: KeyLogLabel, id: [UInt8], secret: [UInt8]) {
        precondition(
            id.count == label.idLength && secret.count == label.secretLength,
            "\(label.rawValue) takes a \(label.idLength)-byte id and a \(label.secretLength)-byte secret"
        )
        self.label = label
        self.id = id
        self.secret = secret
    }

    /// The entry for an X25519 private key, named by its public key.
    public static func privateKey(_ label: KeyLogLabel, _ privateKey: [UInt8]) -> KeyLogEntry {
        KeyLogEntry(label: label, id: X25519.publicKey(privateKey: privateKey), secret: privateKey)
    }

    /// The entry for a session's direction keys, named by its two ephemeral public keys.
    public static func session(
        clientEphemeralPublic: [UInt8],
        serverEphemeralPublic: [UInt8],
        keys: SessionKeys
    ) -> KeyLogEntry {
        KeyLogEntry(label: .sessionKeys, id: clientEphemeralPublic + serverEphemeralPublic, secret: keys.c2s + keys.s2c)
    }

    /// `LABEL SP id-hex SP secret-hex LF`, lowercase hex: the one form a writer emits.
    public var line: String {
        "\(label.rawValue) \(Hex.encode(id)) \(Hex.encode(secret))\n"
    }
}
