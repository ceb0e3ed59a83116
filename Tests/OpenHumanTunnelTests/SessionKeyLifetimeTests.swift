import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Value semantics of session keys: releasing one cipher must not change any other value.
///
/// `SessionCipher` wipes its keys when released (SESS-2). The arrays it holds share storage
/// with the `SessionKeys` value it was made from (copy-on-write), so wiping them in place
/// zeroes the caller's `SessionKeys`, and every other cipher made from the same value, while
/// they are still in use.
@Suite struct SessionKeyLifetimeTests {
    static func keys() -> SessionKeys {
        SessionKeys.derive(
            staticDH: repeated(0x11, 32),
            ephemeralDH: repeated(0x22, 32),
            clientEphemeralPublic: repeated(0x33, 32),
            serverEphemeralPublic: repeated(0x44, 32)
        )
    }

    // REQ: SESS-2, KDF-2
    @Test func releasingACipherLeavesTheSessionKeysItWasMadeFromIntact() {
        let keys = Self.keys()
        do {
            let cipher = SessionCipher(role: .device, keys: keys)
            #expect(cipher.role == .device)
        }
        #expect(keys == Self.keys())
        #expect(Hex.encode(keys.c2s) == "ca7c99899f4dd73ef9a5640165f2cfa89542a369f19070416c4b4e9d72e6fe45")
    }

    /// A harness (or an adapter's loopback) that builds both ends from one `SessionKeys` and
    /// drops the device end must still have a working core end.
    // REQ: SESS-2, KDF-5, FRAME-OPEN-6
    @Test func releasingTheDeviceCipherDoesNotBreakTheCoreCipherMadeFromTheSameKeys() throws {
        let keys = Self.keys()
        var core = SessionCipher(role: .core, keys: keys)
        let frame: [UInt8]
        do {
            let device = SessionCipher(role: .device, keys: keys)
            frame = try device.seal(utf8("ping"), nonce: testNonce(1))
        }
        // Control: a core made from freshly derived keys opens it.
        var control = SessionCipher(role: .core, keys: Self.keys())
        #expect(try control.open(frame) == utf8("ping"))
        #expect(try core.open(frame) == utf8("ping"))
    }

    /// The key arrays a caller passes in stay its own: here a constant the caller keeps using.
    // REQ: SESS-2
    @Test func releasingACipherLeavesTheCallersKeyArraysIntact() {
        let c2s = hex("b4c1a545816a66b7988a12a9274591b6d61217832480c7355f90693a02af4f04")
        let s2c = hex("415d164eca0bafdcc702c401ec67adad8885e84db50d3e94425984443b293e07")
        do {
            let cipher = SessionCipher(role: .core, keys: SessionKeys(c2s: c2s, s2c: s2c))
            #expect(cipher.window.count == 0)
        }
        #expect(Hex.encode(c2s) == "b4c1a545816a66b7988a12a9274591b6d61217832480c7355f90693a02af4f04")
        #expect(Hex.encode(s2c) == "415d164eca0bafdcc702c401ec67adad8885e84db50d3e94425984443b293e07")
    }

    /// The worst effect: the surviving cipher goes on sealing, under an all-zero key.
    // REQ: SESS-2, FRAME-SEAL-1, KDF-5
    @Test func theSurvivingCipherStillSealsUnderItsRealKey() throws {
        let keys = Self.keys()
        let core = SessionCipher(role: .core, keys: keys)
        do { _ = SessionCipher(role: .device, keys: keys) }
        let frame = try core.seal(utf8("secret"), nonce: testNonce(1))
        let underZeroKey = XChaCha20Poly1305.seal(
            key: repeated(0, 32),
            nonce: testNonce(1),
            plaintext: utf8("secret"),
            aad: []
        )
        #expect(Array(frame[25...]) != underZeroKey)
        #expect(
            Array(frame[25...])
                == XChaCha20Poly1305.seal(key: Self.keys().s2c, nonce: testNonce(1), plaintext: utf8("secret"), aad: [])
        )
    }
}
