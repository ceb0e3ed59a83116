import TunnelCrypto

/// The pairing and the reconnection of spec 13.5 (the vectors `noise-handshake/ikpsk1-pairing`,
/// `noise-handshake/kkpsk2-reconnection` and `pairing-v3/worked-example`), computed from the
/// spec's formulas alone: the inputs from their label (kit section 1.5), the prologue, psks,
/// commitment and code from 13.2 to 13.4, the handshakes by `NoiseTrace`. The tests compare
/// the library with these, not these with the library.
enum NoiseWorkedExample {
    static let labelID = "noise-handshake/pairing"
    /// The QR example's channel id.
    static let channelID = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

    /// Kit section 1.5's `value(id, name, n)` for `n <= 32`: the first block of the stream.
    static func derived(_ name: String, _ count: Int = 32) -> [UInt8] {
        precondition(count <= 32, "one SHA-256 block")
        return Array(SHA256.hash(utf8("openhuman-tunnel/vectors/\(labelID)/\(name)"), repeated(0, 8)).prefix(count))
    }

    static let pairingSecret = derived("ps", 16)
    static let deviceNonce = derived("device-nonce")
    static let coreNonce = derived("core-nonce")
    static let device = NoiseTrace.Party(
        name: "device",
        initial: "D",
        staticPrivate: derived("device-static"),
        ephemeralPrivate: derived("device-ephemeral")
    )
    static let core = NoiseTrace.Party(
        name: "core",
        initial: "C",
        staticPrivate: derived("core-static"),
        ephemeralPrivate: derived("core-ephemeral")
    )
    /// The reconnection keeps both static keys and draws new ephemerals.
    static let reconnectingDevice = NoiseTrace.Party(
        name: "device",
        initial: "D",
        staticPrivate: device.staticPrivate,
        ephemeralPrivate: derived("device-ephemeral-2")
    )
    static let reconnectingCore = NoiseTrace.Party(
        name: "core",
        initial: "C",
        staticPrivate: core.staticPrivate,
        ephemeralPrivate: derived("core-ephemeral-2")
    )

    /// V3-PRO-1.
    static let prologue = utf8("openhuman-tunnel/v3/prologue") + [UInt8(channelID.utf8.count)] + utf8(channelID)
    /// V3-PSK-1.
    static let psk = expand(pairingSecret, salt: [], info: "openhuman-tunnel/v3/psk" + channelID, 32)
    /// V3-COMMIT-1: message 1's payload.
    static let commitment = SHA256.hash(utf8("openhuman-tunnel/v3/commit"), deviceNonce)
    static let reconnectionPayloads = [[], [], utf8("ping"), utf8("pong")]

    /// IKpsk1: message 1 carries the commitment, message 2 `N_C`, the first transport message
    /// `N_D` (the reveal).
    static func pairing() throws -> NoiseTrace {
        try NoiseTrace(
            protocolName: "Noise_IKpsk1_25519_ChaChaPoly_SHA256",
            prologue: prologue,
            preMessages: [false, true],
            pattern: [[.e, .es, .s, .ss, .psk], [.e, .ee, .se]],
            initiator: device,
            responder: core,
            psk: psk,
            payloads: [commitment, coreNonce, deviceNonce]
        )
    }

    /// V3-SAS-1's 8 bytes, from the pairing's final `h`.
    static func codeKeyMaterial(_ pairing: NoiseTrace) -> [UInt8] {
        expand(deviceNonce + coreNonce, salt: pairing.handshakeHash, info: "openhuman-tunnel/v3/sas", 8)
    }

    /// `uint64_be(okm)`, which the chapter prints in decimal.
    static func codeNumber(_ keyMaterial: [UInt8]) -> UInt64 {
        keyMaterial.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The six digits: `uint64_be(okm) mod 10^6`, leading zeros kept.
    static func code(_ keyMaterial: [UInt8]) -> String {
        let digits = String(codeNumber(keyMaterial) % 1_000_000)
        return String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// V3-PSK-2.
    static func reconnectPsk(_ pairing: NoiseTrace) -> [UInt8] {
        expand(deviceNonce + coreNonce, salt: pairing.handshakeHash, info: "openhuman-tunnel/v3/reconnect-psk", 32)
    }

    /// KKpsk2 under the pairing's reconnection psk, empty handshake payloads, then one transport
    /// message each way.
    static func reconnection(_ pairing: NoiseTrace) throws -> NoiseTrace {
        try NoiseTrace(
            protocolName: "Noise_KKpsk2_25519_ChaChaPoly_SHA256",
            prologue: prologue,
            preMessages: [true, true],
            pattern: [[.e, .es, .ss], [.e, .ee, .se, .psk]],
            initiator: reconnectingDevice,
            responder: reconnectingCore,
            psk: reconnectPsk(pairing),
            payloads: reconnectionPayloads
        )
    }

    private static func expand(_ ikm: [UInt8], salt: [UInt8], info: String, _ length: Int) -> [UInt8] {
        HKDF.expand(prk: HKDF.extract(salt: salt, ikm: ikm), info: utf8(info), length: length)
    }
}
