import Testing
import TunnelCrypto

/// The crypto boundary on its own: its refusals are its own typed errors, its secrets live in
/// memory it owns, and its one SHA-256 answers FIPS 180-2's examples whole or in pieces.
@Suite struct CryptoBoundaryTests {
    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    /// FIPS 180-2 appendix B.1 and B.2.
    @Test func sha256GivesTheFipsDigestsInOnePieceOrMany() {
        let abc = Self.hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(Array("abc".utf8)) == abc)
        #expect(SHA256.hash(Array("a".utf8), [], Array("bc".utf8)) == abc)
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        var hasher = SHA256()
        for byte in long { hasher.update([byte]) }
        #expect(hasher.finalize() == Self.hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"))
    }

    /// A copied hasher finishes on its own: the label-derived streams absorb a label once and
    /// finish every block from a copy.
    @Test func aCopiedHasherCarriesItsStateAndLeavesTheOriginalAlone() {
        var original = SHA256()
        original.update(Array("ab".utf8))
        var copy = original
        copy.update(Array("c".utf8))
        #expect(copy.finalize() == SHA256.hash(Array("abc".utf8)))
        #expect(original.finalize() == SHA256.hash(Array("ab".utf8)))
    }

    @Test func secretBytesKeepTheirOwnCopy() {
        var source: [UInt8] = [1, 2, 3, 4]
        let secret = SecretBytes(copying: source)
        source[0] = 9
        #expect(secret.count == 4)
        #expect(secret.withUnsafeBytes { Array($0) } == [1, 2, 3, 4])
        #expect(SecretBytes(copying: []).withUnsafeBytes { $0.count } == 0)
    }

    /// RFC 7748 section 5.2's first vector accepted, and the small-order point u = 0 refused
    /// with the boundary's own error.
    @Test func x25519RefusesAZeroOutputAndAShortKeyWithItsOwnErrors() throws {
        let scalar = Self.hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
        #expect(
            try X25519.sharedSecret(
                privateKey: scalar,
                publicKey: Self.hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
            )
                == Self.hex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
        )
        #expect(throws: CryptoError.lowOrderKey) {
            try X25519.sharedSecret(privateKey: scalar, publicKey: [UInt8](repeating: 0, count: 32))
        }
        #expect(throws: CryptoError.badKeyLength) {
            try X25519.sharedSecret(privateKey: scalar, publicKey: [UInt8](repeating: 9, count: 31))
        }
        #expect(X25519.isLowOrder([UInt8](repeating: 0, count: 32)))
        #expect(!X25519.isLowOrder(X25519.publicKey(privateKey: scalar)))
    }

    @Test func theAeadOpensItsOwnSealAndRefusesAFlippedTag() throws {
        let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 1, count: 24)
        var sealed = XChaCha20Poly1305.seal(key: key, nonce: nonce, plaintext: Array("frame".utf8), aad: [2])
        #expect(try XChaCha20Poly1305.open(key: key, nonce: nonce, ciphertext: sealed, aad: [2]) == Array("frame".utf8))
        #expect(throws: CryptoError.authFailed) {
            try XChaCha20Poly1305.open(key: key, nonce: nonce, ciphertext: sealed, aad: [3])
        }
        sealed[sealed.count - 1] ^= 1
        #expect(throws: CryptoError.authFailed) {
            try XChaCha20Poly1305.open(key: key, nonce: nonce, ciphertext: sealed, aad: [2])
        }
        #expect(throws: CryptoError.authFailed) {
            try XChaCha20Poly1305.open(key: key, nonce: nonce, ciphertext: [UInt8](repeating: 0, count: 15), aad: [])
        }
    }

    /// The sealed form under a key held in `SecretBytes` is the sealed form under the same bytes.
    @Test func sealingUnderSecretBytesEqualsSealingUnderTheArray() throws {
        let keyBytes = [UInt8](repeating: 5, count: 32), nonce = [UInt8](repeating: 4, count: 24)
        let plaintext = Array("under a secret".utf8)
        let key = SecretBytes(copying: keyBytes)
        var sealed = [UInt8](repeating: 0, count: plaintext.count + XChaCha20Poly1305.tagLength)
        nonce.withUnsafeBufferPointer { n in
            plaintext.withUnsafeBytes { p in
                XChaCha20Poly1305.sealRaw(into: &sealed, key: key, nonce: n.baseAddress!, plaintext: p, aad: [])
            }
        }
        #expect(sealed == XChaCha20Poly1305.seal(key: keyBytes, nonce: nonce, plaintext: plaintext, aad: []))
        let opened = try nonce.withUnsafeBufferPointer { n in
            try sealed.withUnsafeBytes { c in
                try XChaCha20Poly1305.openRaw(key: key, nonce: n.baseAddress!, ciphertext: c, aad: [])
            }
        }
        #expect(opened == plaintext)
    }

    @Test func hkdfRefusesMoreThan255BlocksWithItsOwnError() throws {
        #expect(try HKDF.sha256(ikm: [1], salt: [], info: [], length: HKDF.maximumLength).count == 8160)
        #expect(throws: CryptoError.hkdfOutputTooLong) {
            try HKDF.sha256(ikm: [1], salt: [], info: [], length: HKDF.maximumLength + 1)
        }
    }
}
