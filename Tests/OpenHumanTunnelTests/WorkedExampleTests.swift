import OpenHumanTunnel
import Testing
import TunnelCrypto

/// The worked example of spec chapter 10, every intermediate value in full.
///
/// The expected hex was computed three times and agrees everywhere: by this library, by an
/// independent Python script of the test writer (PyNaCl, `cryptography`, `hmac`), and by the spec
/// writer's own Python (/work/worked-example-values.json, whose extra values, the PRKs,
/// HChaCha20 subkeys and base64url texts, were re-checked as well).
@Suite struct WorkedExampleTests {
    enum Expected {
        static let corePublic = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
        static let devicePublic = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
        static let handshakeEphemeralPublic = "5dfedd3b6bd47f6fa28ee15d969d5bb0ea53774d488bdaf9df1c6e0124b3ef22"
        static let clientEphemeralPublic = "ac01b2209e86354fb853237b5de0f4fab13c7fcbf433a61c019369617fecf10b"
        static let serverEphemeralPublic = "50a61409b1ddd0325e9b16b700e719e9772c07000b1bd7786e907c653d20495d"
        static let handshakeDH = "8cfc0a71caf4ccf129832e17c5c1c9d03ce4f2868653cf7e8bcf016bc8e82923"
        static let handshakeKey = "250addc10594dcb3d327177e7a64b72e762c2463f4e77a889a901b4963cbd7d2"
        static let handshakePlaintext =
            #"{"device_pubkey":"3p7bfXt9wbTTW2HC7OQ1Nz-DQ8hbeGdNrfx-FG-IK08","client_ephemeral_pubkey":"rAGyIJ6GNU-4UyN7XeD0-rE8f8v0M6YcAZNpYX_s8Qs"}"#
        static let handshakeFrame =
            "035dfedd3b6bd47f6fa28ee15d969d5bb0ea53774d488bdaf9df1c6e0124b3ef22"
            + "101010101010101010101010101010101010101010101010"
            + "be3e13e40b4a1f5abb803c3c025896e3e63f867919678ef658803cae040c0bb4"
            + "542b74bca2919bcb72db136f6ae5136d6362e21f69c75b0bfdb8f831137c4631"
            + "a59befd00f609f66580c070a4eb3853d191a775278fc162cc527f02c20b79743"
            + "3ee17973529e1e709572790a1aa65cdc3a2f0ab4a81e5cae531221097f443809"
            + "447a2a6254c4a4894dc03f5f55a7f6cdaaf156dfb95570"
        static let staticDH = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
        static let ephemeralDH = "58557580e1cd010d91e9b9bfbc8aeaf0045835ad240f5e4037a8ba0d1a50250e"
        static let ackKey = "4cd2bf0385dc11cbabf3e0887f94273a8e17ddf42ca38d4683808b48bd044e6b"
        static let ackPlaintext =
            #"{"kind":"handshake_ack","server_ephemeral_pubkey":"UKYUCbHd0DJemxa3AOcZ6XcsBwALG9d4bpB8ZT0gSV0"}"#
        static let ackFrame =
            "04" + "202020202020202020202020202020202020202020202020"
            + "13c26ad573195453c5b156eaf4447e52887afea593b38ee839b3b98897b6c2de"
            + "5c295ca54b013ee11f9ff13d858a7e980ce5d49e78be97e88b49ccb820168d3f"
            + "50412511828568d193b5f78a51f5e1e89463e89b87a90134cfa4f106e57b6aaa"
            + "a51eb8c230da0b227f4f2fc0a1314f27"
        static let c2s = "b4c1a545816a66b7988a12a9274591b6d61217832480c7355f90693a02af4f04"
        static let s2c = "415d164eca0bafdcc702c401ec67adad8885e84db50d3e94425984443b293e07"
        static let requestFrame =
            "02" + "303030303030303030303030303030303030303030303030"
            + "05be8da165179ad39e120387b512188312d704677f32c05f252f81872101092e"
            + "827b4b72ac046889d488ef020b51e45fff364fc9d8bc436eab3873702829b93b"
            + "831d3277b006f80743f8df45a4264151be58e66094fcc1064cfbd3d886990ec3"
            + "320ad002281939eb62273dc9a4b4ca981b6e40e37f700755e422966ca8174456"
            + "f88f6824608853003840e0000f96cb"
        static let responseFrame =
            "02" + "404040404040404040404040404040404040404040404040"
            + "102c0f60907cd6a01aec170aac4fbf55f19141b169be30dcc1940b1d3c8a40b4"
            + "90a5bc780443013b302dd3d8ee4594215f886c6f43d90055965b66f5f4ee298e"
            + "bc13f5214c2a513f97a6041727f6c08d25e3c6ea23c8bb145eaa4da8cc339cfa"
            + "1f1362e1c50e1c621b977c6a92efd89fe50da51c"
        static let handshakeFrameText =
            "A13-3Ttr1H9voo7hXZadW7DqU3dNSIva-d8cbgEks-8iEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQvj4T5AtKH1q7gDw8AliW4-Y_hnkZZ472WIA8rgQMC7RUK3S8opGby3LbE29q5RNtY2LiH2nHWwv9uPgxE3xGMaWb79APYJ9mWAwHCk6zhT0ZGndSePwWLMUn8Cwgt5dDPuF5c1KeHnCVcnkKGqZc3DovCrSoHlyuUxIhCX9EOAlEeipiVMSkiU3AP19Vp_bNqvFW37lVcA"
    }

    // REQ: DH-1
    @Test func publicKeys() {
        #expect(Hex.encode(X25519.publicKey(privateKey: WorkedExample.coreStaticPrivate)) == Expected.corePublic)
        #expect(Hex.encode(X25519.publicKey(privateKey: WorkedExample.deviceStaticPrivate)) == Expected.devicePublic)
        #expect(
            Hex.encode(X25519.publicKey(privateKey: WorkedExample.handshakeEphemeralPrivate))
                == Expected.handshakeEphemeralPublic
        )
        #expect(
            Hex.encode(X25519.publicKey(privateKey: WorkedExample.clientEphemeralPrivate))
                == Expected.clientEphemeralPublic
        )
        #expect(
            Hex.encode(X25519.publicKey(privateKey: WorkedExample.serverEphemeralPrivate))
                == Expected.serverEphemeralPublic
        )
    }

    /// Each shared secret computed from both ends.
    // REQ: DH-1, DH-2
    @Test func sharedSecretsFromBothSides() throws {
        let e = WorkedExample.self
        #expect(
            Hex.encode(
                try X25519.sharedSecret(privateKey: e.handshakeEphemeralPrivate, publicKey: hex(Expected.corePublic))
            )
                == Expected.handshakeDH
        )
        #expect(
            Hex.encode(
                try X25519.sharedSecret(
                    privateKey: e.coreStaticPrivate,
                    publicKey: hex(Expected.handshakeEphemeralPublic)
                )
            )
                == Expected.handshakeDH
        )
        #expect(
            Hex.encode(try X25519.sharedSecret(privateKey: e.deviceStaticPrivate, publicKey: hex(Expected.corePublic)))
                == Expected.staticDH
        )
        #expect(
            Hex.encode(try X25519.sharedSecret(privateKey: e.coreStaticPrivate, publicKey: hex(Expected.devicePublic)))
                == Expected.staticDH
        )
        #expect(
            Hex.encode(
                try X25519.sharedSecret(
                    privateKey: e.clientEphemeralPrivate,
                    publicKey: hex(Expected.serverEphemeralPublic)
                )
            )
                == Expected.ephemeralDH
        )
        #expect(
            Hex.encode(
                try X25519.sharedSecret(
                    privateKey: e.serverEphemeralPrivate,
                    publicKey: hex(Expected.clientEphemeralPublic)
                )
            )
                == Expected.ephemeralDH
        )
    }

    // REQ: KDF-2, KDF-3, KDF-4
    @Test func derivedKeys() {
        let handshakeKey = KeySchedule.handshakeKey(
            handshakeDH: hex(Expected.handshakeDH),
            handshakeEphemeralPublic: hex(Expected.handshakeEphemeralPublic),
            corePublic: hex(Expected.corePublic)
        )
        #expect(Hex.encode(handshakeKey) == Expected.handshakeKey)
        let ackKey = KeySchedule.ackKey(
            staticDH: hex(Expected.staticDH),
            clientEphemeralPublic: hex(Expected.clientEphemeralPublic)
        )
        #expect(Hex.encode(ackKey) == Expected.ackKey)
        let keys = SessionKeys.derive(
            staticDH: hex(Expected.staticDH),
            ephemeralDH: hex(Expected.ephemeralDH),
            clientEphemeralPublic: hex(Expected.clientEphemeralPublic),
            serverEphemeralPublic: hex(Expected.serverEphemeralPublic)
        )
        #expect(Hex.encode(keys.c2s) == Expected.c2s)
        #expect(Hex.encode(keys.s2c) == Expected.s2c)
    }

    // REQ: HS-1, HS-2, KDF-3
    @Test func deviceBuildsTheHandshake() throws {
        let frame = try WorkedExample.device.start()
        #expect(Hex.encode(frame) == Expected.handshakeFrame)
        #expect(frame.count == 208)
        #expect(Base64URL.encode(frame) == Expected.handshakeFrameText)
        // The plaintext inside, opened with k_hs and the 33-byte header as AAD.
        let plaintext = try XChaCha20Poly1305.open(
            key: hex(Expected.handshakeKey),
            nonce: Array(frame[33..<57]),
            ciphertext: Array(frame[57...]),
            aad: Array(frame[0..<33])
        )
        #expect(plaintext == utf8(Expected.handshakePlaintext))
        #expect(plaintext.count == 135)
    }

    // REQ: HS-4, ACK-1, ACK-2, KDF-2, KDF-4, CHAN-2
    @Test func coreAcceptsTheHandshakeAndBuildsTheAck() throws {
        var channel = ChannelState.pending(expiresAt: 1_790_000_000)
        let accepted = try WorkedExample.core.accept(
            hex(Expected.handshakeFrame),
            channel: &channel,
            now: 1_789_999_000
        )
        #expect(Hex.encode(accepted.ack) == Expected.ackFrame)
        #expect(accepted.ack.count == 137)
        #expect(Hex.encode(accepted.keys.c2s) == Expected.c2s)
        #expect(Hex.encode(accepted.keys.s2c) == Expected.s2c)
        #expect(Hex.encode(accepted.devicePublicKey) == Expected.devicePublic)
        #expect(Hex.encode(accepted.clientEphemeralPublic) == Expected.clientEphemeralPublic)
        #expect(
            channel
                == .paired(
                    devicePublicKey: hex(Expected.devicePublic),
                    lastHandshakeEphemeral: hex(Expected.handshakeEphemeralPublic)
                )
        )
        let plaintext = try XChaCha20Poly1305.open(
            key: hex(Expected.ackKey),
            nonce: Array(accepted.ack[1..<25]),
            ciphertext: Array(accepted.ack[25...]),
            aad: [0x04] + hex(Expected.clientEphemeralPublic)
        )
        #expect(plaintext == utf8(Expected.ackPlaintext))
        #expect(plaintext.count == 96)
    }

    // REQ: ACK-4, KDF-2
    @Test func deviceFinishesWithTheSameKeys() throws {
        let keys = try WorkedExample.device.finish(hex(Expected.ackFrame))
        #expect(Hex.encode(keys.c2s) == Expected.c2s)
        #expect(Hex.encode(keys.s2c) == Expected.s2c)
    }

    // REQ: FRAME-SEAL-1, FRAME-OPEN-6, KDF-5
    @Test func requestAndResponseFrames() throws {
        let keys = SessionKeys(c2s: hex(Expected.c2s), s2c: hex(Expected.s2c))
        var device = SessionCipher(role: .device, keys: keys)
        var core = SessionCipher(role: .core, keys: keys)
        let request = try device.seal(WorkedExample.requestPlaintext, nonce: WorkedExample.requestNonce)
        #expect(Hex.encode(request) == Expected.requestFrame)
        #expect(try core.open(request) == WorkedExample.requestPlaintext)
        let response = try core.seal(WorkedExample.responsePlaintext, nonce: WorkedExample.responseNonce)
        #expect(Hex.encode(response) == Expected.responseFrame)
        #expect(try device.open(response) == WorkedExample.responsePlaintext)
    }

    /// The whole exchange end to end through the public API only.
    // REQ: HS-4, ACK-4, SESS-1, FRAME-OPEN-7, REPLAY-1
    @Test func wholeExchange() throws {
        var channel = ChannelState.pending(expiresAt: 1_790_000_000)
        let frame = try WorkedExample.device.start()
        let accepted = try WorkedExample.core.accept(frame, channel: &channel, now: 1_790_000_000)
        let deviceKeys = try WorkedExample.device.finish(accepted.ack)
        #expect(deviceKeys == accepted.keys)
        var device = SessionCipher(role: .device, keys: deviceKeys)
        var core = SessionCipher(role: .core, keys: accepted.keys)
        #expect(device.window.count == 0 && core.window.count == 0)
        #expect(
            try core.open(device.seal(WorkedExample.requestPlaintext, nonce: WorkedExample.requestNonce))
                == WorkedExample.requestPlaintext
        )
        #expect(
            try device.open(core.seal(WorkedExample.responsePlaintext, nonce: WorkedExample.responseNonce))
                == WorkedExample.responsePlaintext
        )
        #expect(core.window.nonces == [WorkedExample.requestNonce])
        #expect(device.window.nonces == [WorkedExample.responseNonce])
    }

    // MARK: part two, the reconnection (sections 10.8 and 10.9)

    /// The reconnection's inputs: new ephemeral keys and nonces, the statics of part one.
    enum Reconnection {
        static let handshakeEphemeralPrivate = repeated(0x06, 32)
        static let clientEphemeralPrivate = repeated(0x07, 32)
        static let serverEphemeralPrivate = repeated(0x08, 32)
        static let handshakeNonce = repeated(0x50, 24)
        static let ackNonce = repeated(0x60, 24)
        static let requestNonce = repeated(0x70, 24)
        static let responseNonce = repeated(0x80, 24)
        static let now: Int64 = 1_790_086_400
        static let requestPlaintext = utf8(
            #"{"requestId":"00000000-0000-4000-8000-000000000002","kind":"request","seq":0,"payload":{"method":"openhuman.ping","params":{}}}"#
        )
        static let responsePlaintext = utf8(
            #"{"requestId":"00000000-0000-4000-8000-000000000002","kind":"response","seq":0,"payload":{"ok":true}}"#
        )

        /// Every value part two prints, computed step by step from the primitives of the
        /// reference (X25519, HKDF extract and expand, HChaCha20, XChaCha20-Poly1305), in the
        /// order the chapter prints them.
        static func computed() throws -> [(String, [UInt8])] {
            let coreStaticPrivate = WorkedExample.coreStaticPrivate,
                deviceStaticPrivate = WorkedExample.deviceStaticPrivate
            let corePublic = X25519.publicKey(privateKey: coreStaticPrivate)
            let devicePublic = X25519.publicKey(privateKey: deviceStaticPrivate)
            let hsPublic = X25519.publicKey(privateKey: handshakeEphemeralPrivate)
            let clientPublic = X25519.publicKey(privateKey: clientEphemeralPrivate)
            let serverPublic = X25519.publicKey(privateKey: serverEphemeralPrivate)
            var values: [(String, [UInt8])] = [
                ("r_hs_eph_private", handshakeEphemeralPrivate), ("r_hs_eph_public", hsPublic),
                ("r_client_eph_private", clientEphemeralPrivate), ("r_client_eph_public", clientPublic),
                ("r_server_eph_private", serverEphemeralPrivate), ("r_server_eph_public", serverPublic),
            ]
            let hsDH = try X25519.sharedSecret(privateKey: handshakeEphemeralPrivate, publicKey: corePublic)
            let hsSalt = hsPublic + corePublic
            let hsPRK = HKDF.extract(salt: hsSalt, ikm: hsDH)
            let kHS = HKDF.expand(prk: hsPRK, info: KeySchedule.handshakeInfo, length: 32)
            let hsPlaintext = utf8(
                #"{"device_pubkey":""# + Base64URL.encode(devicePublic) + #"","client_ephemeral_pubkey":""#
                    + Base64URL.encode(clientPublic) + #""}"#
            )
            let hsAAD = [0x03] + hsPublic
            let hsCiphertext = XChaCha20Poly1305.seal(
                key: kHS,
                nonce: handshakeNonce,
                plaintext: hsPlaintext,
                aad: hsAAD
            )
            values += [
                ("r_hs_dh", hsDH), ("r_k_hs_salt", hsSalt), ("r_k_hs_prk", hsPRK), ("r_k_hs", kHS),
                ("r_hs_plaintext", hsPlaintext), ("r_hs_nonce", handshakeNonce), ("r_hs_aad", hsAAD),
                (
                    "r_hs_xchacha_subkey",
                    XChaCha20Poly1305.hChaCha20(key: kHS, nonce16: Array(handshakeNonce.prefix(16)))
                ),
                ("r_hs_ciphertext", hsCiphertext), ("r_handshake_frame", hsAAD + handshakeNonce + hsCiphertext),
            ]
            let staticDH = try X25519.sharedSecret(privateKey: coreStaticPrivate, publicKey: devicePublic)
            let ackPRK = HKDF.extract(salt: clientPublic, ikm: staticDH)
            let kAck = HKDF.expand(prk: ackPRK, info: KeySchedule.handshakeAckInfo, length: 32)
            let ackPlaintext = utf8(
                #"{"kind":"handshake_ack","server_ephemeral_pubkey":""# + Base64URL.encode(serverPublic) + #""}"#
            )
            let ackAAD = [0x04] + clientPublic
            let ackCiphertext = XChaCha20Poly1305.seal(key: kAck, nonce: ackNonce, plaintext: ackPlaintext, aad: ackAAD)
            values += [
                ("r_k_ack_salt", clientPublic), ("r_k_ack_prk", ackPRK), ("r_k_ack", kAck),
                ("r_ack_plaintext", ackPlaintext),
                ("r_ack_nonce", ackNonce), ("r_ack_aad", ackAAD),
                ("r_ack_xchacha_subkey", XChaCha20Poly1305.hChaCha20(key: kAck, nonce16: Array(ackNonce.prefix(16)))),
                ("r_ack_ciphertext", ackCiphertext), ("r_ack_frame", [0x04] + ackNonce + ackCiphertext),
            ]
            let ephDH = try X25519.sharedSecret(privateKey: serverEphemeralPrivate, publicKey: clientPublic)
            let ikm = staticDH + ephDH, salt = clientPublic + serverPublic
            let sessionPRK = HKDF.extract(salt: salt, ikm: ikm)
            let c2s = HKDF.expand(prk: sessionPRK, info: KeySchedule.clientToServerInfo, length: 32)
            let s2c = HKDF.expand(prk: sessionPRK, info: KeySchedule.serverToClientInfo, length: 32)
            values += [
                ("r_eph_dh", ephDH), ("r_ikm", ikm), ("r_salt", salt), ("r_session_prk", sessionPRK), ("r_c2s", c2s),
                ("r_s2c", s2c),
            ]
            for (prefix, key, nonce, plaintext) in [
                ("request", c2s, requestNonce, requestPlaintext), ("response", s2c, responseNonce, responsePlaintext),
            ] {
                let ciphertext = XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: plaintext, aad: [])
                values += [
                    ("r_\(prefix)_nonce", nonce), ("r_\(prefix)_plaintext", plaintext),
                    (
                        "r_\(prefix)_xchacha_subkey",
                        XChaCha20Poly1305.hChaCha20(key: key, nonce16: Array(nonce.prefix(16)))
                    ),
                    ("r_\(prefix)_ciphertext", ciphertext), ("r_\(prefix)_frame", [0x02] + nonce + ciphertext),
                ]
            }
            return values
        }
    }

    /// Every value of part two that the chapter prints is the reference's, and the chapter
    /// prints every one of them exactly once. A failure message gives the block to print.
    // REQ: HS-1, HS-2, KDF-2, KDF-3, KDF-4, ACK-1, ACK-2, FRAME-SEAL-1
    @Test func reconnectionValuesPrintedInChapter10AreTheReferences() throws {
        let text = try String(contentsOf: WorkedExampleChapter.url, encoding: .utf8)
        let printed = WorkedExampleChapter.values(in: text).filter { $0.name.hasPrefix("r_") }
        let computed = try Reconnection.computed()
        #expect(printed.map(\.name) == computed.map(\.0), "the chapter prints these values, in this order")
        for (name, bytes) in computed {
            let block = WorkedExampleChapter.block(name, bytes)
            let matches = printed.filter { $0.name == name }
            #expect(matches.count == 1, "print once in chapter 10:\n\(block)")
            guard let value = matches.first?.value else { continue }
            #expect(
                value == WorkedExampleChapter.Printed(declaredLength: bytes.count, hex: Hex.encode(bytes)),
                "chapter 10 differs from the reference; print:\n\(block)"
            )
        }
        // Positive control on the reader: part one's printed k_hs is found and is the known value.
        let partOne = WorkedExampleChapter.values(in: text).filter { $0.name == "k_hs" }
        #expect(partOne.map(\.value.hex) == [Expected.handshakeKey])
    }

    /// The same reconnection through the protocol API: the paired channel (part one's state, a
    /// day past the payload's expiry) accepts the device's new handshake, both sides derive the
    /// printed keys, the channel records the new hs_eph_pub, and part one's frames no longer open.
    // REQ: HS-4, ACK-4, CHAN-3, CHAN-5, SESS-1
    @Test func thePairedDeviceReconnectsWithNewEphemeralsAndTheSameStatics() throws {
        let values = Dictionary(uniqueKeysWithValues: try Reconnection.computed())
        let device = DeviceParty(
            corePublic: hex(Expected.corePublic),
            staticPrivate: WorkedExample.deviceStaticPrivate,
            handshakeEphemeralPrivate: Reconnection.handshakeEphemeralPrivate,
            clientEphemeralPrivate: Reconnection.clientEphemeralPrivate,
            nonce: Reconnection.handshakeNonce
        )
        let core = CoreParty(
            staticPrivate: WorkedExample.coreStaticPrivate,
            serverEphemeralPrivate: Reconnection.serverEphemeralPrivate,
            ackNonce: Reconnection.ackNonce
        )
        let frame = try device.start()
        #expect(frame == values["r_handshake_frame"])
        var channel = ChannelState.paired(
            devicePublicKey: hex(Expected.devicePublic),
            lastHandshakeEphemeral: hex(Expected.handshakeEphemeralPublic)
        )
        let accepted = try core.accept(frame, channel: &channel, now: Reconnection.now)
        #expect(accepted.ack == values["r_ack_frame"])
        #expect(
            channel
                == .paired(
                    devicePublicKey: hex(Expected.devicePublic),
                    lastHandshakeEphemeral: values["r_hs_eph_public"]!
                )
        )
        let keys = try device.finish(accepted.ack)
        #expect(keys == accepted.keys && keys.c2s == values["r_c2s"] && keys.s2c == values["r_s2c"])
        var coreCipher = SessionCipher(role: .core, keys: accepted.keys)
        #expect(throws: TunnelError.authFailed) { try coreCipher.open(hex(Expected.requestFrame)) }
        let request = try SessionCipher(role: .device, keys: keys).seal(
            Reconnection.requestPlaintext,
            nonce: Reconnection.requestNonce
        )
        #expect(request == values["r_request_frame"])
        #expect(try coreCipher.open(request) == Reconnection.requestPlaintext)
        // The reconnection's handshake again: it is now the channel's last one (CHAN-5).
        var replayChannel = channel
        #expect(throws: TunnelError.handshakeReplayed) {
            try core.accept(frame, channel: &replayChannel, now: Reconnection.now)
        }
        #expect(replayChannel == channel)
    }

    /// Section 10.10: the pairing code of the exchange, every intermediate value (computed by
    /// the reference and independently with Python's hashlib and hmac), on both sides and in
    /// the core's channel, which shows it once the first frame has authenticated.
    // REQ: SAS-1, SAS-2, KEYCONF-4, CONFIRM-1
    @Test func pairingCode() throws {
        let handshake = hex(Expected.handshakeFrame), ack = hex(Expected.ackFrame)
        let transcript = ShortAuthenticationString.transcript(handshake: handshake, ack: ack)
        #expect(transcript.count == 4 + 208 + 4 + 137)
        #expect(Hex.encode(Array(transcript.prefix(8))) == "000000d0035dfedd")
        #expect(
            Hex.encode(SHA256.hash(transcript)) == "f76ef34b38dab23fc3308fff97844cc3471327c2113f6ec035f32b404e4e663b"
        )
        let okm = ShortAuthenticationString.keyMaterial(
            staticDH: hex(Expected.staticDH),
            ephemeralDH: hex(Expected.ephemeralDH),
            handshake: handshake,
            ack: ack
        )
        #expect(Hex.encode(okm) == "09be210269e91c31")
        #expect(ShortAuthenticationString.digits(okm) == "912049")
        var channel = CoreChannel(
            coreStaticPrivate: WorkedExample.core.staticPrivate,
            state: .pending(expiresAt: 1_790_000_000)
        )
        let accepted = try channel.receiveHandshake(
            handshake,
            now: 1_790_000_000,
            serverEphemeralPrivate: WorkedExample.core.serverEphemeralPrivate,
            ackNonce: WorkedExample.core.ackNonce
        )
        #expect(Hex.encode(accepted.ack) == Expected.ackFrame)
        #expect(accepted.sas == "912049")
        #expect(channel.confirmationCode == nil, "no code before the device proved its keys")
        let request = try SessionCipher(role: .device, keys: accepted.keys)
            .seal(WorkedExample.requestPlaintext, nonce: WorkedExample.requestNonce)
        #expect(throws: TunnelError.pairingUnconfirmed) { try channel.open(request, now: 1_790_000_001) }
        #expect(channel.confirmationCode == "912049")
        #expect(
            channel.state
                == .confirming(
                    devicePublicKey: hex(Expected.devicePublic),
                    lastHandshakeEphemeral: hex(Expected.handshakeEphemeralPublic),
                    deadline: 1_790_000_121
                )
        )
    }
}
