import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Known answers for the eight fixed inputs of the deployed test suites (protocol facts section 3,
/// spec 3.3): each input one byte repeated 32 times. Expected values computed independently with
/// Python's `hmac`/`hashlib`, and equal to the table of spec/03-key-schedule.md.
@Suite struct FixedInputSessionKeyTests {
    struct Tuple: Sendable, CustomTestStringConvertible {
        let staticDH: UInt8, ephemeralDH: UInt8, clientEphemeral: UInt8, serverEphemeral: UInt8
        let c2s: String, s2c: String
        var testDescription: String {
            Hex.encode([staticDH, ephemeralDH, clientEphemeral, serverEphemeral])
        }
    }

    static let tuples = [
        Tuple(
            staticDH: 0x11,
            ephemeralDH: 0x22,
            clientEphemeral: 0x33,
            serverEphemeral: 0x44,
            c2s: "ca7c99899f4dd73ef9a5640165f2cfa89542a369f19070416c4b4e9d72e6fe45",
            s2c: "be5aa2c01e92bf5fd6e915f67dfca76b82013694b05cd907df1ab9f0fe3ea4eb"
        ),
        Tuple(
            staticDH: 0x55,
            ephemeralDH: 0x66,
            clientEphemeral: 0x77,
            serverEphemeral: 0x88,
            c2s: "0427367ca58a79c1ada9912174d400c7c1185707a5dbddaf5d87fee20155f569",
            s2c: "5217d02e96e0da10ae334e79eb0ec66caff0d59a6fc20c19795903687c4c1072"
        ),
        Tuple(
            staticDH: 0x33,
            ephemeralDH: 0x44,
            clientEphemeral: 0x99,
            serverEphemeral: 0xaa,
            c2s: "7fb316d0c8b9d35dcffa7de4d16323c8f96b1640154af9c07b69867bf4ab9589",
            s2c: "c6d94e90b975133fbdcbaee6180addc086270991e1d9322365f310dbe22a002a"
        ),
        Tuple(
            staticDH: 0x01,
            ephemeralDH: 0x02,
            clientEphemeral: 0x03,
            serverEphemeral: 0x04,
            c2s: "ead54ac275e1bb1eedfe6b28216c9f7649d36e4db6c56c1712c9df26c4a953d8",
            s2c: "3f4b136299fe8d113bc95f872f8572bdbddc4f029d8349c915e65ecaf577e3c2"
        ),
        Tuple(
            staticDH: 0x42,
            ephemeralDH: 0x21,
            clientEphemeral: 0x01,
            serverEphemeral: 0x02,
            c2s: "1c7c1f7f5fb0470588bd64eaafb0535a70330805e5363e0b615874018ea96b9c",
            s2c: "8a211057f68f3ab2377010e9c6993ffe2b41ea13eed989cf8a4459ac4cfeb364"
        ),
        Tuple(
            staticDH: 0x42,
            ephemeralDH: 0x21,
            clientEphemeral: 0x03,
            serverEphemeral: 0x04,
            c2s: "9d10fa3887245b19bd4ae508ad4351daf352864ef946e8b44dd1a2e564107018",
            s2c: "28b583011b60761f2082eff0cb54d901418c0db286140efd31ca2eaf2ec769e5"
        ),
        Tuple(
            staticDH: 0x42,
            ephemeralDH: 0xaa,
            clientEphemeral: 0xc1,
            serverEphemeral: 0xc2,
            c2s: "8514f5750f1ca0f4bdbb1aabba1299131f23a9a6578becc40e7b9c91dfbd2242",
            s2c: "1ac9fa3df2012c3e14e07aa0892ed896e2d5322d13cc91eac19dd376eede0e1e"
        ),
        Tuple(
            staticDH: 0x42,
            ephemeralDH: 0xbb,
            clientEphemeral: 0xd1,
            serverEphemeral: 0xd2,
            c2s: "ba039cd67c559d8fbab7f5e37daa7a1cb41d430cd907e62e3cbc1a384ad6ec61",
            s2c: "51eb3f4b079cc6b64bf1459000273f2bd69cd77aa4cd88f5453ce5d9114bfae2"
        ),
    ]

    static func derive(_ tuple: Tuple) -> SessionKeys {
        SessionKeys.derive(
            staticDH: repeated(tuple.staticDH, 32),
            ephemeralDH: repeated(tuple.ephemeralDH, 32),
            clientEphemeralPublic: repeated(tuple.clientEphemeral, 32),
            serverEphemeralPublic: repeated(tuple.serverEphemeral, 32)
        )
    }

    // REQ: KDF-2
    @Test(arguments: tuples)
    func sessionKeysMatchTheKnownAnswer(tuple: Tuple) {
        let keys = Self.derive(tuple)
        #expect(Hex.encode(keys.c2s) == tuple.c2s)
        #expect(Hex.encode(keys.s2c) == tuple.s2c)
    }

    /// The same keys from HKDF called directly with spec 3.3's ikm, salt and info: the known
    /// answers are HKDF of exactly those bytes, in that order.
    // REQ: KDF-1, KDF-2
    @Test(arguments: tuples)
    func sessionKeysAreHKDFOfStaticThenEphemeralWithClientThenServerSalt(tuple: Tuple) throws {
        let ikm = repeated(tuple.staticDH, 32) + repeated(tuple.ephemeralDH, 32)
        let salt = repeated(tuple.clientEphemeral, 32) + repeated(tuple.serverEphemeral, 32)
        #expect(
            Hex.encode(try HKDF.sha256(ikm: ikm, salt: salt, info: utf8("openhuman-tunnel/v1/c2s"), length: 32))
                == tuple.c2s
        )
        #expect(
            Hex.encode(try HKDF.sha256(ikm: ikm, salt: salt, info: utf8("openhuman-tunnel/v1/s2c"), length: 32))
                == tuple.s2c
        )
    }

    /// Swapping the two halves of ikm, or of the salt, gives other keys: the order is part of the
    /// definition (and a swapped implementation fails the known answers above).
    // REQ: KDF-2
    @Test func swappedIkmOrSaltHalvesGiveOtherKeys() {
        let tuple = Self.tuples[0]
        let reference = Self.derive(tuple)
        let swappedIKM = SessionKeys.derive(
            staticDH: repeated(tuple.ephemeralDH, 32),
            ephemeralDH: repeated(tuple.staticDH, 32),
            clientEphemeralPublic: repeated(tuple.clientEphemeral, 32),
            serverEphemeralPublic: repeated(tuple.serverEphemeral, 32)
        )
        let swappedSalt = SessionKeys.derive(
            staticDH: repeated(tuple.staticDH, 32),
            ephemeralDH: repeated(tuple.ephemeralDH, 32),
            clientEphemeralPublic: repeated(tuple.serverEphemeral, 32),
            serverEphemeralPublic: repeated(tuple.clientEphemeral, 32)
        )
        #expect(
            Set([reference.c2s, reference.s2c, swappedIKM.c2s, swappedIKM.s2c, swappedSalt.c2s, swappedSalt.s2c]).count
                == 6
        )
    }

    /// KDF-5: the device seals with c2s and opens with s2c; the core the other way round.
    // REQ: KDF-5
    @Test func rolesPickTheirDirectionKeys() throws {
        let tuple = Self.tuples[0]
        let keys = Self.derive(tuple)
        #expect(keys.sealingKey(for: .device) == hex(tuple.c2s))
        #expect(keys.openingKey(for: .device) == hex(tuple.s2c))
        #expect(keys.sealingKey(for: .core) == hex(tuple.s2c))
        #expect(keys.openingKey(for: .core) == hex(tuple.c2s))
        // And in use: a device frame is XChaCha20-Poly1305 under c2s, a core frame under s2c.
        let nonce = testNonce(1)
        // Each cipher gets its own derivation: see SessionKeyLifetimeTests for why sharing one fails.
        let deviceFrame = try SessionCipher(role: .device, keys: Self.derive(tuple)).seal(utf8("up"), nonce: nonce)
        let coreFrame = try SessionCipher(role: .core, keys: Self.derive(tuple)).seal(utf8("down"), nonce: nonce)
        #expect(
            Array(deviceFrame[25...])
                == XChaCha20Poly1305.seal(key: hex(tuple.c2s), nonce: nonce, plaintext: utf8("up"), aad: [])
        )
        #expect(
            Array(coreFrame[25...])
                == XChaCha20Poly1305.seal(key: hex(tuple.s2c), nonce: nonce, plaintext: utf8("down"), aad: [])
        )
    }
}
