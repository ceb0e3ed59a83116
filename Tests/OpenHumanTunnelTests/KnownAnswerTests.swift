import OpenHumanTunnel
import Testing
import TunnelCrypto

/// The official known answers for the primitives, copied from their sources and re-computed
/// with Python (`cryptography`, PyNaCl, `hmac`/`hashlib` and a pure-Python HChaCha20).
@Suite struct KnownAnswerTests {
    // MARK: X25519, RFC 7748

    // REQ: DH-1
    @Test func rfc7748Section5_2FirstSingleShotVector() throws {
        let output = try X25519.sharedSecret(
            privateKey: hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
            publicKey: hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
        )
        #expect(Hex.encode(output) == "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
    }

    /// The u-coordinate of this vector has bit 255 set: the answer shows the bit is masked.
    // REQ: DH-1
    @Test func rfc7748Section5_2SecondSingleShotVectorMasksTheTopBit() throws {
        let output = try X25519.sharedSecret(
            privateKey: hex("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d"),
            publicKey: hex("e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493")
        )
        #expect(Hex.encode(output) == "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957")
    }

    // REQ: DH-1
    @Test func rfc7748Section5_2IteratedVectorAfterOneAndOneThousandRounds() throws {
        var k = [9] + repeated(0, 31)
        var u = k
        for round in 1...1_000 {
            (k, u) = (try X25519.sharedSecret(privateKey: k, publicKey: u), k)
            if round == 1 {
                #expect(Hex.encode(k) == "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079")
            }
        }
        #expect(Hex.encode(k) == "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51")
    }

    // REQ: DH-1
    @Test func rfc7748Section6_1AliceAndBobAgree() throws {
        let alicePrivate = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
        let bobPrivate = hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb")
        let alicePublic = X25519.publicKey(privateKey: alicePrivate)
        let bobPublic = X25519.publicKey(privateKey: bobPrivate)
        #expect(Hex.encode(alicePublic) == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
        #expect(Hex.encode(bobPublic) == "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
        let shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"
        #expect(Hex.encode(try X25519.sharedSecret(privateKey: alicePrivate, publicKey: bobPublic)) == shared)
        #expect(Hex.encode(try X25519.sharedSecret(privateKey: bobPrivate, publicKey: alicePublic)) == shared)
    }

    /// Spec 2.1: 9 with bit 255 set, 9 + p and 9 + p with bit 255 set are the base point too.
    // REQ: DH-1
    @Test(arguments: [
        "0900000000000000000000000000000000000000000000000000000000000000",
        "0900000000000000000000000000000000000000000000000000000000000080",
        "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    ])
    func nonCanonicalAndTopBitEncodingsOfTheBasePointAreAccepted(u: String) throws {
        let alicePrivate = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
        #expect(
            Hex.encode(try X25519.sharedSecret(privateKey: alicePrivate, publicKey: hex(u)))
                == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
        )
    }

    // MARK: HKDF-SHA256, RFC 5869 appendix A

    // REQ: KDF-1
    @Test func rfc5869A1() throws {
        let ikm = repeated(0x0b, 22), salt = hex("000102030405060708090a0b0c"), info = hex("f0f1f2f3f4f5f6f7f8f9")
        #expect(
            Hex.encode(HKDF.extract(salt: salt, ikm: ikm))
                == "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5"
        )
        #expect(
            Hex.encode(try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: 42))
                == "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"
        )
    }

    // REQ: KDF-1
    @Test func rfc5869A2LongInputs() throws {
        let ikm = (0x00...0x4f).map { UInt8($0) }, salt = (0x60...0xaf).map { UInt8($0) }
        let info = (0xb0...0xff).map { UInt8($0) }
        #expect(
            Hex.encode(HKDF.extract(salt: salt, ikm: ikm))
                == "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244"
        )
        #expect(
            Hex.encode(try HKDF.sha256(ikm: ikm, salt: salt, info: info, length: 82))
                == "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                + "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                + "cc30c58179ec3e87c14c01d5c1f3434f1d87"
        )
    }

    // REQ: KDF-1
    @Test func rfc5869A3EmptySaltAndInfo() throws {
        let ikm = repeated(0x0b, 22)
        #expect(
            Hex.encode(HKDF.extract(salt: [], ikm: ikm))
                == "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04"
        )
        #expect(
            Hex.encode(try HKDF.sha256(ikm: ikm, salt: [], info: [], length: 42))
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
        )
    }

    /// 8,160 = 255 * 32 is the last length the one-byte block counter can reach; the output is a
    /// prefix-extension of the shorter one, so the counter did not wrap.
    // REQ: KDF-1
    @Test func hkdfGives8160BytesAndRefuses8161() throws {
        let ikm = repeated(0x0b, 22)
        let longest = try HKDF.sha256(ikm: ikm, salt: [], info: [], length: 8_160)
        #expect(longest.count == 8_160)
        #expect(
            Hex.encode(Array(longest.prefix(42)))
                == "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"
        )
        // The last block differs from every other one: no block was produced twice by a wrapped counter.
        let blocks = stride(from: 0, to: 8_160, by: 32).map { Array(longest[$0..<$0 + 32]) }
        #expect(Set(blocks).count == 255)
        #expect(throws: CryptoError.hkdfOutputTooLong) {
            try HKDF.sha256(ikm: ikm, salt: [], info: [], length: 8_161)
        }
        #expect(TunnelError.hkdfOutputTooLong.code == "hkdf_output_too_long")
    }

    // REQ: KDF-1
    @Test func hkdfLengthZeroIsTheEmptyString() throws {
        #expect(try HKDF.sha256(ikm: repeated(0x0b, 22), salt: [], info: [], length: 0) == [])
    }

    // MARK: XChaCha20-Poly1305, draft-irtf-cfrg-xchacha-03

    // REQ: FRAME-SEAL-1
    @Test func draftXChaChaSection2_2_1HChaCha20() {
        let subkey = XChaCha20Poly1305.hChaCha20(
            key: (0x00...0x1f).map { UInt8($0) },
            nonce16: hex("000000090000004a0000000031415927")
        )
        #expect(Hex.encode(subkey) == "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc")
    }

    /// Computed, not stored: a `SessionCipher` made from it wipes the array's storage when it is
    /// released (SessionKeyLifetimeTests), which would corrupt a stored constant for the other tests.
    static var a31Key: [UInt8] { (0x80...0x9f).map { UInt8($0) } }
    static let a31Nonce = (0x40...0x57).map { UInt8($0) }
    static let a31AAD = hex("50515253c0c1c2c3c4c5c6c7")
    static let a31Plaintext = utf8(
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
    )
    static let a31Ciphertext =
        "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52e"

    // REQ: FRAME-SEAL-1, FRAME-OPEN-6
    @Test func draftXChaChaAppendixA3_1SealsAndOpens() throws {
        let sealed = XChaCha20Poly1305.seal(
            key: Self.a31Key,
            nonce: Self.a31Nonce,
            plaintext: Self.a31Plaintext,
            aad: Self.a31AAD
        )
        #expect(Hex.encode(sealed) == Self.a31Ciphertext + "c0875924c1c7987947deafd8780acf49")
        #expect(
            try XChaCha20Poly1305.open(key: Self.a31Key, nonce: Self.a31Nonce, ciphertext: sealed, aad: Self.a31AAD)
                == Self.a31Plaintext
        )
        // Positive control above; the same bytes under other AAD fail.
        #expect(throws: CryptoError.authFailed) {
            try XChaCha20Poly1305.open(key: Self.a31Key, nonce: Self.a31Nonce, ciphertext: sealed, aad: [])
        }
    }

    /// The A.3.1 key, nonce and plaintext as a session frame (no AAD): the keystream part is the
    /// draft's ciphertext, the tag is the one for empty AAD (computed with PyNaCl).
    static let a31Frame =
        "02" + "404142434445464748494a4b4c4d4e4f5051525354555657" + a31Ciphertext
        + "f7e62efbf45089db18f9c8a3f0e41e5f"

    // REQ: FRAME-SEAL-1, FRAME-OPEN-6, KDF-5
    @Test func draftXChaChaAppendixA3_1AsASessionFrame() throws {
        let keys = SessionKeys(c2s: Self.a31Key, s2c: repeated(0x00, 32))
        let device = SessionCipher(role: .device, keys: keys)
        #expect(Hex.encode(try device.seal(Self.a31Plaintext, nonce: Self.a31Nonce)) == Self.a31Frame)
        var core = SessionCipher(role: .core, keys: keys)
        #expect(try core.open(hex(Self.a31Frame)) == Self.a31Plaintext)
        #expect(core.window.nonces == [Self.a31Nonce])
    }
}
