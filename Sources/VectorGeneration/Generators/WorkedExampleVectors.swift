import AdapterOperations
import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// `vectors/worked-example.json`: every value of spec/10-worked-example.md as a vector, from
/// the key pairs to the response frame, so an implementation finds the first step where it
/// differs (as RFC 9180's appendix does for HPKE).
enum WorkedExampleVectors {
    private static let chapter = "spec/10-worked-example.md"

    static func make() throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "worked-example",
            description: "The exchange of chapter 10, one vector per step: public keys, the three X25519 outputs "
                + "from both sides, k_hs, k_ack and the session keys, the HChaCha20 subkeys and AEAD outputs, the handshake, "
                + "the core's acceptance, the ack, and one request and response frame.",
            flags: [
                "WorkedExample": Flag(
                    description: "A value printed in chapter 10.",
                    bug: "Any deviation; the earliest failing vector of this file names the step that differs."
                )
            ]
        )
        let w = WorkedExample.self
        func add(
            _ name: String,
            _ operation: String,
            _ requirements: [String],
            _ comment: String,
            section: String,
            _ input: JSONValue,
            _ expect: Expectation
        ) throws {
            try file.add(
                name,
                operation: operation,
                requirements: requirements,
                comment: comment,
                flags: ["WorkedExample"],
                source: "\(chapter) section \(section)",
                input: input,
                expect: expect
            )
        }
        let nine = JSONValue.string(KnownAnswers.RFC7748.nine)
        for key in ["core_static", "device_static", "hs_eph", "client_eph", "server_eph"] {
            try add(
                "x25519-\(key)-public",
                "x25519",
                ["DH-1"],
                "\(key)_public = X25519(\(key)_private, 9).",
                section: "10.2",
                ["scalar": try w.hex("\(key)_private"), "u": nine],
                .output(["shared": try w.hex("\(key)_public")])
            )
        }
        let dhs: [(String, String, String, String)] = [
            ("hs_dh", "hs_eph", "core_static", "10.3"), ("static_dh", "device_static", "core_static", "10.4"),
            ("eph_dh", "client_eph", "server_eph", "10.5"),
        ]
        for (result, a, b, section) in dhs {
            try add(
                "x25519-\(result)-from-\(a)",
                "x25519",
                ["DH-1", "DH-2"],
                "\(result) = X25519(\(a)_private, \(b)_public).",
                section: section,
                ["scalar": try w.hex("\(a)_private"), "u": try w.hex("\(b)_public")],
                .output(["shared": try w.hex(result)])
            )
            try add(
                "x25519-\(result)-from-\(b)",
                "x25519",
                ["DH-1", "DH-2"],
                "\(result) = X25519(\(b)_private, \(a)_public).",
                section: section,
                ["scalar": try w.hex("\(b)_private"), "u": try w.hex("\(a)_public")],
                .output(["shared": try w.hex(result)])
            )
        }
        try add(
            "hkdf-k-hs",
            "hkdf-sha256",
            ["KDF-3", "KDF-1"],
            "k_hs = HKDF-SHA256(hs_dh, hs_eph_pub || core_static_pub, \"openhuman-tunnel/v3/handshake\", 32).",
            section: "10.3",
            [
                "ikm": try w.hex("hs_dh"), "salt": try w.hex("k_hs_salt"), "info": .hex(KeySchedule.handshakeInfo),
                "length": 32,
            ],
            .output(["okm": try w.hex("k_hs")])
        )
        try add(
            "hkdf-k-ack",
            "hkdf-sha256",
            ["KDF-4", "KDF-1"],
            "k_ack = HKDF-SHA256(static_dh, client_eph_pub, \"openhuman-tunnel/v3/handshake-ack\", 32).",
            section: "10.4",
            [
                "ikm": try w.hex("static_dh"), "salt": try w.hex("k_ack_salt"),
                "info": .hex(KeySchedule.handshakeAckInfo), "length": 32,
            ],
            .output(["okm": try w.hex("k_ack")])
        )
        for (key, info) in [("c2s", KeySchedule.clientToServerInfo), ("s2c", KeySchedule.serverToClientInfo)] {
            try add(
                "hkdf-\(key)",
                "hkdf-sha256",
                ["KDF-2", "KDF-1"],
                "\(key) = HKDF-SHA256(static_dh || eph_dh, client_eph_pub || server_eph_pub, its info tag, 32).",
                section: "10.5",
                ["ikm": try w.hex("ikm"), "salt": try w.hex("salt"), "info": .hex(info), "length": 32],
                .output(["okm": try w.hex(key)])
            )
        }
        try add(
            "session-keys",
            "session-keys",
            ["KDF-2"],
            "c2s and s2c from static_dh, eph_dh and the two ephemeral public keys.",
            section: "10.5",
            [
                "staticDh": try w.hex("static_dh"), "ephemeralDh": try w.hex("eph_dh"),
                "clientEphemeralPublic": try w.hex("client_eph_public"),
                "serverEphemeralPublic": try w.hex("server_eph_public"),
            ],
            .output(["c2s": try w.hex("c2s"), "s2c": try w.hex("s2c")])
        )
        try addAEADSteps(add)
        try addMessages(add)
        try addReconnection(add)
        return try file.build()
    }

    /// The four AEAD computations: subkey, then ciphertext.
    private static func addAEADSteps(
        _ add: (String, String, [String], String, String, JSONValue, Expectation) throws -> Void
    ) throws {
        let w = WorkedExample.self
        let hsAAD = try w.hex("hs_aad"), ackAAD = try w.hex("ack_aad")
        let steps: [(String, String, JSONValue, String, [String])] = [
            ("hs", "k_hs", hsAAD, "10.3", ["HS-1"]), ("ack", "k_ack", ackAAD, "10.4", ["ACK-1"]),
            ("request", "c2s", "", "10.6", ["FRAME-SEAL-1", "KDF-5"]),
            ("response", "s2c", "", "10.7", ["FRAME-SEAL-1", "KDF-5"]),
        ]
        for (prefix, keyName, aad, section, requirements) in steps {
            let nonce = try w.bytes("\(prefix)_nonce")
            try add(
                "hchacha20-\(prefix)-subkey",
                "hchacha20",
                requirements,
                "\(prefix)_xchacha_subkey = HChaCha20(\(keyName), \(prefix)_nonce[0:16]).",
                section,
                ["key": try w.hex(keyName), "nonce": .hex(Array(nonce.prefix(16)))],
                .output(["subkey": try w.hex("\(prefix)_xchacha_subkey")])
            )
            try add(
                "xchacha20poly1305-\(prefix)-ciphertext",
                "xchacha20poly1305-seal",
                requirements,
                "\(prefix)_ciphertext = XChaCha20-Poly1305(\(keyName), \(prefix)_nonce, \(prefix)_plaintext, aad).",
                section,
                [
                    "key": try w.hex(keyName), "nonce": .hex(nonce), "aad": aad,
                    "plaintext": try w.hex("\(prefix)_plaintext"),
                ],
                .output(["ciphertext": try w.hex("\(prefix)_ciphertext")])
            )
        }
    }

    /// The messages, through the protocol operations.
    private static func addMessages(
        _ add: (String, String, [String], String, String, JSONValue, Expectation) throws -> Void
    ) throws {
        let w = WorkedExample.self
        try add(
            "handshake-device-start",
            "handshake-device-start",
            ["HS-1", "HS-2", "KDF-3", "ENC-2", "ADP-14"],
            "The device's handshake, 208 bytes.",
            "10.3",
            [
                "corePublicKey": try w.hex("core_static_public"),
                "deviceStaticPrivate": try w.hex("device_static_private"),
                "handshakeEphemeralPrivate": try w.hex("hs_eph_private"),
                "clientEphemeralPrivate": try w.hex("client_eph_private"),
                "nonce": try w.hex("hs_nonce"),
            ],
            .output(["frame": try w.hex("handshake_frame")])
        )
        let step: JSONValue = [
            "frame": try w.hex("handshake_frame"), "now": .int(HandshakeFixture.now),
            "serverEphemeralPrivate": try w.hex("server_eph_private"), "ackNonce": try w.hex("ack_nonce"),
        ]
        let paired = ChannelJSON.write(
            .paired(
                devicePublicKey: try w.bytes("device_static_public"),
                lastHandshakeEphemeral: try w.bytes("hs_eph_public")
            )
        )
        try add(
            "handshake-core",
            "handshake-core",
            ["HS-4", "ACK-1", "ACK-2", "KDF-4", "CHAN-2", "CHAN-5", "ENC-2", "ADP-14", "ADP-16"],
            "The core accepts the handshake on its pending channel and answers the 137-byte ack; the same handshake again is handshake_replayed.",
            "10.4",
            [
                "coreStaticPrivate": try w.hex("core_static_private"),
                "channel": ChannelJSON.write(.pending(expiresAt: HandshakeFixture.expiresAt)), "steps": [step, step],
            ],
            .output([
                "steps": [
                    [
                        "ack": try w.hex("ack_frame"), "c2s": try w.hex("c2s"), "s2c": try w.hex("s2c"),
                        "devicePublicKey": try w.hex("device_static_public"), "channel": paired,
                    ],
                    ["error": "handshake_replayed", "channel": paired],
                ]
            ])
        )
        try add(
            "handshake-device-finish",
            "handshake-device-finish",
            ["ACK-4", "KDF-2"],
            "The device opens the ack and derives c2s and s2c.",
            "10.5",
            [
                "corePublicKey": try w.hex("core_static_public"),
                "deviceStaticPrivate": try w.hex("device_static_private"),
                "clientEphemeralPrivate": try w.hex("client_eph_private"), "frame": try w.hex("ack_frame"),
            ],
            .output(["c2s": try w.hex("c2s"), "s2c": try w.hex("s2c")])
        )
        let sasInput: JSONValue = [
            "ikm": .hex(try w.bytes("static_dh") + w.bytes("eph_dh")), "salt": try w.hex("sas_salt"),
            "info": .hex(ShortAuthenticationString.info), "length": 8,
        ]
        try add(
            "hkdf-sas-okm",
            "hkdf-sha256",
            ["SAS-1", "KDF-1"],
            "sas_okm = HKDF-SHA256(static_dh || eph_dh, SHA-256(transcript), \"openhuman-tunnel/v2/sas\", 8).",
            "10.10",
            sasInput,
            .output(["okm": try w.hex("sas_okm")])
        )
        try add(
            "sas",
            "sas",
            ["SAS-1", "SAS-2"],
            "The pairing code of the example exchange: uint64_be(sas_okm) mod 10^6 = 912049.",
            "10.10",
            [
                "staticDh": try w.hex("static_dh"), "ephemeralDh": try w.hex("eph_dh"),
                "handshake": try w.hex("handshake_frame"), "ack": try w.hex("ack_frame"),
            ],
            .output(["sas": .string(w.sas)])
        )
        let keys: JSONValue = ["c2s": try w.hex("c2s"), "s2c": try w.hex("s2c")]
        for (message, role, section) in [("request", "device", "10.6"), ("response", "core", "10.7")] {
            let peer = role == "device" ? "core" : "device"
            try add(
                "frame-seal-\(message)",
                "frame-seal",
                ["FRAME-SEAL-1", "KDF-5", "ADP-14"],
                "The \(role) seals the \(message).",
                section,
                keys.setting("role", .string(role)).setting("nonce", try w.hex("\(message)_nonce"))
                    .setting("plaintext", try w.hex("\(message)_plaintext")),
                .output(["frame": try w.hex("\(message)_frame")])
            )
            try add(
                "frame-open-\(message)",
                "frame-open",
                ["FRAME-OPEN-6", "KDF-5"],
                "The \(peer) opens the \(message).",
                section,
                keys.setting("role", .string(peer)).setting("frame", try w.hex("\(message)_frame")),
                .output(["plaintext": try w.hex("\(message)_plaintext")])
            )
        }
        let request = try w.hex("request_frame"), response = try w.hex("response_frame")
        try add(
            "session-core",
            "session",
            ["FRAME-OPEN-5", "FRAME-SEAL-1", "KDF-5", "ADP-14", "ADP-15"],
            "The core opens the request, refuses it a second time as replayed, and seals the response.",
            "10.6",
            keys.setting("role", "core").setting(
                "steps",
                [
                    ["open": ["frame": request]], ["open": ["frame": request]],
                    ["seal": ["plaintext": try w.hex("response_plaintext"), "nonce": try w.hex("response_nonce")]],
                ]
            ),
            .output([
                "steps": [["plaintext": try w.hex("request_plaintext")], ["error": "replayed"], ["frame": response]]
            ])
        )
        try add(
            "session-device",
            "session",
            ["FRAME-OPEN-6", "FRAME-SEAL-1", "KDF-5", "ADP-14", "ADP-15"],
            "The device seals the request, opens the response, and fails on its own request reflected back.",
            "10.7",
            keys.setting("role", "device").setting(
                "steps",
                [
                    ["seal": ["plaintext": try w.hex("request_plaintext"), "nonce": try w.hex("request_nonce")]],
                    ["open": ["frame": response]], ["open": ["frame": request]],
                ]
            ),
            .output([
                "steps": [["frame": request], ["plaintext": try w.hex("response_plaintext")], ["error": "auth_failed"]]
            ])
        )
    }

    /// Part two: the paired device reconnects (new ephemerals, same statics), computed by the
    /// reference (`WorkedExampleReconnection`).
    private static func addReconnection(
        _ add: (String, String, [String], String, String, JSONValue, Expectation) throws -> Void
    ) throws {
        let r = try WorkedExampleReconnection()
        typealias R = WorkedExampleReconnection
        let nine = JSONValue.string(KnownAnswers.RFC7748.nine)
        for (key, privateKey) in [
            ("hs_eph", R.handshakeEphemeralPrivate), ("client_eph", R.clientEphemeralPrivate),
            ("server_eph", R.serverEphemeralPrivate),
        ] {
            try add(
                "reconnect-x25519-\(key)-public",
                "x25519",
                ["DH-1"],
                "Reconnection: the new \(key)_public.",
                "10.8",
                ["scalar": .hex(privateKey), "u": nine],
                .output(["shared": .hex(X25519.publicKey(privateKey: privateKey))])
            )
        }
        try add(
            "reconnect-handshake-device-start",
            "handshake-device-start",
            ["HS-1", "HS-2", "HS-3", "KDF-3"],
            "Reconnection: the paired device's new handshake, same device key, new hs_eph and client_eph.",
            "10.8",
            [
                "corePublicKey": .hex(r.coreStaticPublic), "deviceStaticPrivate": .hex(r.deviceStaticPrivate),
                "handshakeEphemeralPrivate": .hex(R.handshakeEphemeralPrivate),
                "clientEphemeralPrivate": .hex(R.clientEphemeralPrivate),
                "nonce": .hex(R.handshakeNonce),
            ],
            .output(["frame": .hex(r.handshakeFrame)])
        )
        let step: JSONValue = [
            "frame": .hex(r.handshakeFrame), "now": .int(R.now),
            "serverEphemeralPrivate": .hex(R.serverEphemeralPrivate), "ackNonce": .hex(R.ackNonce),
        ]
        try add(
            "reconnect-handshake-core",
            "handshake-core",
            ["HS-4", "CHAN-3", "CHAN-5", "SESS-1", "ACK-1", "ACK-2"],
            "Reconnection: the paired channel, a day past the payload's expiry, accepts its device again, answers the ack and records the new hs_eph_pub.",
            "10.8",
            [
                "coreStaticPrivate": .hex(r.coreStaticPrivate), "channel": ChannelJSON.write(r.channelBefore),
                "steps": [step],
            ],
            .output([
                "steps": [
                    [
                        "ack": .hex(r.acceptance.ack), "c2s": .hex(r.acceptance.keys.c2s),
                        "s2c": .hex(r.acceptance.keys.s2c),
                        "devicePublicKey": .hex(r.devicePublic), "channel": ChannelJSON.write(r.channelAfter),
                    ]
                ]
            ])
        )
        try add(
            "reconnect-handshake-device-finish",
            "handshake-device-finish",
            ["ACK-4", "KDF-2"],
            "Reconnection: the device opens the new ack and derives the new c2s and s2c.",
            "10.8",
            [
                "corePublicKey": .hex(r.coreStaticPublic), "deviceStaticPrivate": .hex(r.deviceStaticPrivate),
                "clientEphemeralPrivate": .hex(R.clientEphemeralPrivate), "frame": .hex(r.acceptance.ack),
            ],
            .output(["c2s": .hex(r.deviceKeys.c2s), "s2c": .hex(r.deviceKeys.s2c)])
        )
        let keys: JSONValue = ["c2s": .hex(r.deviceKeys.c2s), "s2c": .hex(r.deviceKeys.s2c)]
        try add(
            "reconnect-session-core",
            "session",
            ["SESS-1", "FRAME-OPEN-6", "FRAME-SEAL-1", "KDF-5"],
            "Reconnection: the core opens the new request, refuses part one's request (another session's keys) and seals the response.",
            "10.9",
            keys.setting("role", "core").setting(
                "steps",
                [
                    ["open": ["frame": .hex(r.requestFrame)]],
                    ["open": ["frame": try WorkedExample.hex("request_frame")]],
                    ["seal": ["plaintext": .hex(R.responsePlaintext), "nonce": .hex(R.responseNonce)]],
                ]
            ),
            .output([
                "steps": [
                    ["plaintext": .hex(R.requestPlaintext)], ["error": "auth_failed"], ["frame": .hex(r.responseFrame)],
                ]
            ])
        )
        try add(
            "reconnect-session-device",
            "session",
            ["SESS-1", "FRAME-OPEN-6", "FRAME-SEAL-1", "KDF-5"],
            "Reconnection: the device seals the new request and opens the new response.",
            "10.9",
            keys.setting("role", "device").setting(
                "steps",
                [
                    ["seal": ["plaintext": .hex(R.requestPlaintext), "nonce": .hex(R.requestNonce)]],
                    ["open": ["frame": .hex(r.responseFrame)]],
                ]
            ),
            .output(["steps": [["frame": .hex(r.requestFrame)], ["plaintext": .hex(R.responsePlaintext)]]])
        )
    }
}
