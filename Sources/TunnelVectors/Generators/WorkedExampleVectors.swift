import OpenHumanTunnel

/// `vectors/worked-example.json`: every value of spec/12-worked-example.md as a vector, from
/// the key pairs to the response frame, so an implementation finds the first step where it
/// differs (as RFC 9180's appendix does for HPKE).
enum WorkedExampleVectors {
    private static let chapter = "spec/12-worked-example.md"

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "worked-example",
            description: "The exchange of chapter 12, one vector per step: public keys, the three X25519 outputs "
                + "from both sides, k_hs, k_ack and the session keys, the HChaCha20 subkeys and AEAD outputs, the handshake, "
                + "the core's acceptance, the ack, and one request and response frame.",
            flags: [
                "WorkedExample": Flag(description: "A value printed in chapter 12.",
                                      bug: "Any deviation; the earliest failing vector of this file names the step that differs."),
            ])
        let w = WorkedExample.self
        func add(_ name: String, _ operation: String, _ requirements: [String], _ comment: String, section: String,
                 _ input: JSONValue, _ expect: Expectation) throws {
            try file.add(name, operation: operation, requirements: requirements, comment: comment, flags: ["WorkedExample"],
                         source: "\(chapter) section \(section)", input: input, expect: expect)
        }
        let nine = JSONValue.string(KnownAnswers.RFC7748.nine)
        for key in ["core_static", "device_static", "hs_eph", "client_eph", "server_eph"] {
            try add("x25519-\(key)-public", "x25519", ["DH-1"], "\(key)_public = X25519(\(key)_private, 9).", section: "12.2",
                    ["scalar": try w.hex("\(key)_private"), "u": nine], .output(["shared": try w.hex("\(key)_public")]))
        }
        let dhs: [(String, String, String, String)] = [
            ("hs_dh", "hs_eph", "core_static", "12.3"), ("static_dh", "device_static", "core_static", "12.4"),
            ("eph_dh", "client_eph", "server_eph", "12.5"),
        ]
        for (result, a, b, section) in dhs {
            try add("x25519-\(result)-from-\(a)", "x25519", ["DH-1", "DH-2"], "\(result) = X25519(\(a)_private, \(b)_public).",
                    section: section, ["scalar": try w.hex("\(a)_private"), "u": try w.hex("\(b)_public")],
                    .output(["shared": try w.hex(result)]))
            try add("x25519-\(result)-from-\(b)", "x25519", ["DH-1", "DH-2"], "\(result) = X25519(\(b)_private, \(a)_public).",
                    section: section, ["scalar": try w.hex("\(b)_private"), "u": try w.hex("\(a)_public")],
                    .output(["shared": try w.hex(result)]))
        }
        try add("hkdf-k-hs", "hkdf-sha256", ["KDF-3", "KDF-1"], "k_hs = HKDF-SHA256(hs_dh, hs_eph_pub || core_static_pub, \"openhuman-tunnel/v3/handshake\", 32).",
                section: "12.3", ["ikm": try w.hex("hs_dh"), "salt": try w.hex("k_hs_salt"), "info": .hex(KeySchedule.handshakeInfo), "length": 32],
                .output(["okm": try w.hex("k_hs")]))
        try add("hkdf-k-ack", "hkdf-sha256", ["KDF-4", "KDF-1"], "k_ack = HKDF-SHA256(static_dh, client_eph_pub, \"openhuman-tunnel/v3/handshake-ack\", 32).",
                section: "12.4", ["ikm": try w.hex("static_dh"), "salt": try w.hex("k_ack_salt"), "info": .hex(KeySchedule.handshakeAckInfo), "length": 32],
                .output(["okm": try w.hex("k_ack")]))
        for (key, info) in [("c2s", KeySchedule.clientToServerInfo), ("s2c", KeySchedule.serverToClientInfo)] {
            try add("hkdf-\(key)", "hkdf-sha256", ["KDF-2", "KDF-1"], "\(key) = HKDF-SHA256(static_dh || eph_dh, client_eph_pub || server_eph_pub, its info tag, 32).",
                    section: "12.5", ["ikm": try w.hex("ikm"), "salt": try w.hex("salt"), "info": .hex(info), "length": 32],
                    .output(["okm": try w.hex(key)]))
        }
        try add("session-keys", "session-keys", ["KDF-2"], "c2s and s2c from static_dh, eph_dh and the two ephemeral public keys.",
                section: "12.5", ["staticDh": try w.hex("static_dh"), "ephemeralDh": try w.hex("eph_dh"),
                                  "clientEphemeralPublic": try w.hex("client_eph_public"), "serverEphemeralPublic": try w.hex("server_eph_public")],
                .output(["c2s": try w.hex("c2s"), "s2c": try w.hex("s2c")]))
        try addAEADSteps(add)
        try addMessages(add)
        return try file.build()
    }

    /// The four AEAD computations: subkey, then ciphertext.
    private static func addAEADSteps(_ add: (String, String, [String], String, String, JSONValue, Expectation) throws -> Void) throws {
        let w = WorkedExample.self
        let hsAAD = try w.hex("hs_aad"), ackAAD = try w.hex("ack_aad")
        let steps: [(String, String, JSONValue, String, [String])] = [
            ("hs", "k_hs", hsAAD, "12.3", ["HS-1"]), ("ack", "k_ack", ackAAD, "12.4", ["ACK-1"]),
            ("request", "c2s", "", "12.6", ["FRAME-SEAL-1", "KDF-5"]), ("response", "s2c", "", "12.7", ["FRAME-SEAL-1", "KDF-5"]),
        ]
        for (prefix, keyName, aad, section, requirements) in steps {
            let nonce = try w.bytes("\(prefix)_nonce")
            try add("hchacha20-\(prefix)-subkey", "hchacha20", requirements, "\(prefix)_xchacha_subkey = HChaCha20(\(keyName), \(prefix)_nonce[0:16]).",
                    section, ["key": try w.hex(keyName), "nonce": .hex(Array(nonce.prefix(16)))],
                    .output(["subkey": try w.hex("\(prefix)_xchacha_subkey")]))
            try add("xchacha20poly1305-\(prefix)-ciphertext", "xchacha20poly1305-seal", requirements,
                    "\(prefix)_ciphertext = XChaCha20-Poly1305(\(keyName), \(prefix)_nonce, \(prefix)_plaintext, aad).", section,
                    ["key": try w.hex(keyName), "nonce": .hex(nonce), "aad": aad, "plaintext": try w.hex("\(prefix)_plaintext")],
                    .output(["ciphertext": try w.hex("\(prefix)_ciphertext")]))
        }
    }

    /// The messages, through the protocol operations.
    private static func addMessages(_ add: (String, String, [String], String, String, JSONValue, Expectation) throws -> Void) throws {
        let w = WorkedExample.self
        try add("handshake-device-start", "handshake-device-start", ["HS-1", "HS-2", "KDF-3", "ENC-2", "ADP-14"],
                "The device's handshake, 208 bytes.", "12.3",
                ["corePublicKey": try w.hex("core_static_public"), "deviceStaticPrivate": try w.hex("device_static_private"),
                 "handshakeEphemeralPrivate": try w.hex("hs_eph_private"), "clientEphemeralPrivate": try w.hex("client_eph_private"),
                 "nonce": try w.hex("hs_nonce")],
                .output(["frame": try w.hex("handshake_frame")]))
        let step: JSONValue = ["frame": try w.hex("handshake_frame"), "now": .int(HandshakeFixture.now),
                               "serverEphemeralPrivate": try w.hex("server_eph_private"), "ackNonce": try w.hex("ack_nonce")]
        let paired = ChannelJSON.write(.paired(devicePublicKey: try w.bytes("device_static_public"),
                                                lastHandshakeEphemeral: try w.bytes("hs_eph_public")))
        try add("handshake-core", "handshake-core", ["HS-4", "ACK-1", "ACK-2", "KDF-4", "CHAN-2", "CHAN-5", "ENC-2", "ADP-14", "ADP-16"],
                "The core accepts the handshake on its pending channel and answers the 137-byte ack; the same handshake again is handshake_replayed.",
                "12.4",
                ["coreStaticPrivate": try w.hex("core_static_private"),
                 "channel": ChannelJSON.write(.pending(expiresAt: HandshakeFixture.expiresAt)), "steps": [step, step]],
                .output(["steps": [["ack": try w.hex("ack_frame"), "c2s": try w.hex("c2s"), "s2c": try w.hex("s2c"),
                                    "devicePublicKey": try w.hex("device_static_public"), "channel": paired],
                                   ["error": "handshake_replayed", "channel": paired]]]))
        try add("handshake-device-finish", "handshake-device-finish", ["ACK-4", "KDF-2"],
                "The device opens the ack and derives c2s and s2c.", "12.5",
                ["corePublicKey": try w.hex("core_static_public"), "deviceStaticPrivate": try w.hex("device_static_private"),
                 "clientEphemeralPrivate": try w.hex("client_eph_private"), "frame": try w.hex("ack_frame")],
                .output(["c2s": try w.hex("c2s"), "s2c": try w.hex("s2c")]))
        let sasInput: JSONValue = ["ikm": .hex(try w.bytes("static_dh") + w.bytes("eph_dh")), "salt": try w.hex("sas_salt"),
                                   "info": .hex(ShortAuthenticationString.info), "length": 8]
        try add("hkdf-sas-okm", "hkdf-sha256", ["SAS-1", "KDF-1"],
                "sas_okm = HKDF-SHA256(static_dh || eph_dh, SHA-256(transcript), \"openhuman-tunnel/v2/sas\", 8).", "12.8",
                sasInput, .output(["okm": try w.hex("sas_okm")]))
        try add("sas", "sas", ["SAS-1", "SAS-2"],
                "The pairing code of the example exchange: uint64_be(sas_okm) mod 10^6 = 912049.", "12.8",
                ["staticDh": try w.hex("static_dh"), "ephemeralDh": try w.hex("eph_dh"),
                 "handshake": try w.hex("handshake_frame"), "ack": try w.hex("ack_frame")],
                .output(["sas": .string(w.sas)]))
        let keys: JSONValue = ["c2s": try w.hex("c2s"), "s2c": try w.hex("s2c")]
        for (message, role, section) in [("request", "device", "12.6"), ("response", "core", "12.7")] {
            let peer = role == "device" ? "core" : "device"
            try add("frame-seal-\(message)", "frame-seal", ["FRAME-SEAL-1", "KDF-5", "ADP-14"], "The \(role) seals the \(message).", section,
                    keys.setting("role", .string(role)).setting("nonce", try w.hex("\(message)_nonce"))
                        .setting("plaintext", try w.hex("\(message)_plaintext")),
                    .output(["frame": try w.hex("\(message)_frame")]))
            try add("frame-open-\(message)", "frame-open", ["FRAME-OPEN-6", "KDF-5"], "The \(peer) opens the \(message).", section,
                    keys.setting("role", .string(peer)).setting("frame", try w.hex("\(message)_frame")),
                    .output(["plaintext": try w.hex("\(message)_plaintext")]))
        }
        let request = try w.hex("request_frame"), response = try w.hex("response_frame")
        try add("session-core", "session", ["FRAME-OPEN-5", "FRAME-SEAL-1", "KDF-5", "ADP-14", "ADP-15"],
                "The core opens the request, refuses it a second time as replayed, and seals the response.", "12.6",
                keys.setting("role", "core").setting("steps", [["open": ["frame": request]], ["open": ["frame": request]],
                    ["seal": ["plaintext": try w.hex("response_plaintext"), "nonce": try w.hex("response_nonce")]]]),
                .output(["steps": [["plaintext": try w.hex("request_plaintext")], ["error": "replayed"], ["frame": response]]]))
        try add("session-device", "session", ["FRAME-OPEN-6", "FRAME-SEAL-1", "KDF-5", "ADP-14", "ADP-15"],
                "The device seals the request, opens the response, and fails on its own request reflected back.", "12.7",
                keys.setting("role", "device").setting("steps", [
                    ["seal": ["plaintext": try w.hex("request_plaintext"), "nonce": try w.hex("request_nonce")]],
                    ["open": ["frame": response]], ["open": ["frame": request]]]),
                .output(["steps": [["frame": request], ["plaintext": try w.hex("response_plaintext")], ["error": "auth_failed"]]]))
    }
}
