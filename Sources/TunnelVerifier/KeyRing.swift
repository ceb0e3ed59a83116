import KitModels
import OpenHumanTunnel
import TunnelCrypto

/// The secrets the verifier may use: the key log's and the core key the pairing payload names.
///
/// A key log of this suite gives the derived secrets of each exchange (`K_HS`, `K_ACK`,
/// `SESSION_KEYS`, `SAS_OKM`); one of suite 2.3 gives private keys, from which the verifier
/// derives the same secrets through the key schedule (KEYLOG-12).
struct KeyRing {
    let log: KeyLog
    /// `cpk` of the last pairing payload seen, from the command line or the trace.
    var payloadCoreKey: [UInt8]?
    /// Skips the 2.3 private key labels: a mutant's verifier (KEYLOG-12).
    var readsPrivateKeys = true

    /// The core static public keys a handshake may be sealed to: the payload's first, then every
    /// core key a `K_HS` line for `handshakeEphemeral` names, then every CORE_STATIC.
    func corePublicKeys(handshakeEphemeral: [UInt8]) -> [[UInt8]] {
        var keys: [[UInt8]] = payloadCoreKey.map { [$0] } ?? []
        for entry in log.entries where entry.label == .handshakeKey && Array(entry.id[0..<32]) == handshakeEphemeral {
            let core = Array(entry.id[32...])
            if !keys.contains(core) { keys.append(core) }
        }
        for entry in log.entries where entry.label == .coreStatic && readsPrivateKeys && !keys.contains(entry.id) {
            keys.append(entry.id)
        }
        return keys
    }

    func secret(_ label: KeyLogLabel, _ id: [UInt8]) -> [UInt8]? {
        label.isPrivateKey && !readsPrivateKeys ? nil : log.secret(label, id: id)
    }

    /// The 2.3 private key labels the log holds, for the transcript's note (KEYLOG-12).
    var privateKeyLabels: [KeyLogLabel] {
        KeyLogLabel.allCases.filter { label in label.isPrivateKey && log.entries.contains { $0.label == label } }
    }

    /// `k_hs` of a handshake sealed to `corePublic`: the logged `K_HS`, or KDF-3 from a 2.3
    /// private key (CORE_STATIC or HANDSHAKE_EPHEMERAL).
    func handshakeKey(handshakeEphemeral: [UInt8], corePublic: [UInt8]) -> [UInt8]? {
        if let key = secret(.handshakeKey, handshakeEphemeral + corePublic) { return key }
        let dh: [UInt8]?
        if let core = secret(.coreStatic, corePublic) {
            dh = try? X25519.sharedSecret(privateKey: core, publicKey: handshakeEphemeral)
        } else if let ephemeral = secret(.handshakeEphemeral, handshakeEphemeral) {
            dh = try? X25519.sharedSecret(privateKey: ephemeral, publicKey: corePublic)
        } else {
            return nil
        }
        return dh.map {
            KeySchedule.handshakeKey(
                handshakeDH: $0,
                handshakeEphemeralPublic: handshakeEphemeral,
                corePublic: corePublic
            )
        }
    }

    /// `static_dh` from whichever 2.3 static private key the log holds (KDF-4's ikm).
    func staticDH(devicePublic: [UInt8], corePublic: [UInt8]) -> [UInt8]? {
        if let core = secret(.coreStatic, corePublic) {
            return try? X25519.sharedSecret(privateKey: core, publicKey: devicePublic)
        }
        if let device = secret(.deviceStatic, devicePublic) {
            return try? X25519.sharedSecret(privateKey: device, publicKey: corePublic)
        }
        return nil
    }

    /// `eph_dh` from whichever 2.3 ephemeral private key the log holds.
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
