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

    /// The entry for an X25519 private key, named by its public key: suite 2.3's form, which
    /// only tests and the vectors of old key logs build (KEYLOG-11, KEYLOG-12).
    public static func privateKey(_ label: KeyLogLabel, _ privateKey: [UInt8]) -> KeyLogEntry {
        precondition(label.isPrivateKey, "\(label.rawValue) is not a private key label")
        return KeyLogEntry(label: label, id: X25519.publicKey(privateKey: privateKey), secret: privateKey)
    }

    /// `K_HS`: the key of one 0x03, named by KDF-3's salt, `hs_eph_pub || core_static_pub`
    /// (KEYLOG-8).
    public static func handshakeKey(handshakeEphemeralPublic: [UInt8], corePublic: [UInt8], key: [UInt8]) -> KeyLogEntry
    {
        KeyLogEntry(label: .handshakeKey, id: handshakeEphemeralPublic + corePublic, secret: key)
    }

    /// `K_HS` from the DH output both sides compute, `hs_dh`.
    public static func handshakeKey(
        handshakeDH: [UInt8],
        handshakeEphemeralPublic: [UInt8],
        corePublic: [UInt8]
    )
        -> KeyLogEntry
    {
        handshakeKey(
            handshakeEphemeralPublic: handshakeEphemeralPublic,
            corePublic: corePublic,
            key: KeySchedule.handshakeKey(
                handshakeDH: handshakeDH,
                handshakeEphemeralPublic: handshakeEphemeralPublic,
                corePublic: corePublic
            )
        )
    }

    /// `K_ACK`: the key of one 0x04, named by KDF-4's salt, `client_eph_pub` (KEYLOG-9).
    /// `static_dh` itself is never logged: it is the same for every session of the pairing.
    public static func ackKey(staticDH: [UInt8], clientEphemeralPublic: [UInt8]) -> KeyLogEntry {
        KeyLogEntry(
            label: .ackKey,
            id: clientEphemeralPublic,
            secret: KeySchedule.ackKey(staticDH: staticDH, clientEphemeralPublic: clientEphemeralPublic)
        )
    }

    /// `SAS_OKM` of an exchange from the two DH outputs of SAS-1, which are not logged.
    public static func pairingCodeKey(
        staticDH: [UInt8],
        ephemeralDH: [UInt8],
        handshake: [UInt8],
        ack: [UInt8]
    )
        -> KeyLogEntry
    {
        pairingCodeKey(
            handshake: handshake,
            ack: ack,
            keyMaterial: ShortAuthenticationString.keyMaterial(
                staticDH: staticDH,
                ephemeralDH: ephemeralDH,
                handshake: handshake,
                ack: ack
            )
        )
    }

    /// `SAS_OKM`: the pairing code's 8 bytes of key material, named by SAS-1's salt, the SHA-256
    /// of the exchange's transcript (KEYLOG-10).
    public static func pairingCodeKey(handshake: [UInt8], ack: [UInt8], keyMaterial: [UInt8]) -> KeyLogEntry {
        KeyLogEntry(label: .pairingCodeKey, id: pairingCodeID(handshake: handshake, ack: ack), secret: keyMaterial)
    }

    /// The id of a `SAS_OKM` line: `sas_salt = SHA-256(transcript)`, which a reader computes
    /// from the two messages of the trace.
    public static func pairingCodeID(handshake: [UInt8], ack: [UInt8]) -> [UInt8] {
        SHA256.hash(ShortAuthenticationString.transcript(handshake: handshake, ack: ack))
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
