import KitModels
import OpenHumanTunnel
import TunnelCrypto

/// The secrets the verifier may use: the key log's and the core key the pairing payload names.
struct KeyRing {
    let log: KeyLog
    /// `cpk` of the last pairing payload seen, from the command line or the trace.
    var payloadCoreKey: [UInt8]?

    /// The core static public keys a handshake may be sealed to: the payload's first, then every
    /// CORE_STATIC of the key log.
    var corePublicKeys: [[UInt8]] {
        var keys: [[UInt8]] = payloadCoreKey.map { [$0] } ?? []
        for entry in log.entries where entry.label == .coreStatic && !keys.contains(entry.id) { keys.append(entry.id) }
        return keys
    }

    func secret(_ label: KeyLogLabel, _ id: [UInt8]) -> [UInt8]? { log.secret(label, id: id) }

    /// `static_dh` from whichever static private key the log holds (KDF-4's ikm).
    func staticDH(devicePublic: [UInt8], corePublic: [UInt8]) -> [UInt8]? {
        if let core = secret(.coreStatic, corePublic) {
            return try? X25519.sharedSecret(privateKey: core, publicKey: devicePublic)
        }
        if let device = secret(.deviceStatic, devicePublic) {
            return try? X25519.sharedSecret(privateKey: device, publicKey: corePublic)
        }
        return nil
    }

    /// `eph_dh` from whichever ephemeral private key the log holds.
    func ephemeralDH(clientEphemeral: [UInt8], serverEphemeral: [UInt8]) -> [UInt8]? {
        if let client = secret(.clientEphemeral, clientEphemeral) {
            return try? X25519.sharedSecret(privateKey: client, publicKey: serverEphemeral)
        }
        if let server = secret(.serverEphemeral, serverEphemeral) {
            return try? X25519.sharedSecret(privateKey: server, publicKey: clientEphemeral)
        }
        return nil
    }

    /// The SESSION_KEYS entry of a session, as keys.
    func loggedSession(clientEphemeral: [UInt8], serverEphemeral: [UInt8]) -> SessionKeys? {
        secret(.sessionKeys, clientEphemeral + serverEphemeral).map(Self.keys)
    }

    /// Every SESSION_KEYS entry: sessions that may have started before the trace.
    var loggedSessions: [(id: [UInt8], keys: SessionKeys)] {
        log.entries.filter { $0.label == .sessionKeys }.map { ($0.id, Self.keys($0.secret)) }
    }

    static func keys(_ secret: [UInt8]) -> SessionKeys {
        SessionKeys(c2s: Array(secret[0..<32]), s2c: Array(secret[32..<64]))
    }
}
