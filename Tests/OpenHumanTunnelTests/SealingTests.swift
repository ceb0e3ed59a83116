import Testing
import TunnelCrypto

/// The sender side of session frames (spec 6.1).
@Suite struct SealingTests {
    /// `0x02 || nonce || XChaCha20-Poly1305(sealing key, nonce, pt, aad = empty)`, computed here
    /// from the primitive for both roles.
    // REQ: FRAME-SEAL-1, KDF-5
    @Test func theFrameLayoutIsTypeNonceCiphertext() throws {
        let (device, core) = sessionPair()
        let keys = fixedSessionKeys()
        let plaintext = utf8("layout")
        let nonce = testNonce(42)
        #expect(
            try device.seal(plaintext, nonce: nonce)
                == [0x02] + nonce + XChaCha20Poly1305.seal(key: keys.c2s, nonce: nonce, plaintext: plaintext, aad: [])
        )
        #expect(
            try core.seal(plaintext, nonce: nonce)
                == [0x02] + nonce + XChaCha20Poly1305.seal(key: keys.s2c, nonce: nonce, plaintext: plaintext, aad: [])
        )
        #expect(try device.seal(plaintext, nonce: nonce).count == plaintext.count + 41)
    }

    /// Each frame draws a new 24-byte nonce from the random source; the system source gives
    /// distinct nonces.
    // REQ: FRAME-SEAL-2
    @Test func everyFrameDrawsAFreshNonce() throws {
        var (device, core) = sessionPair()
        var counting = CountingRandom()
        let first = try device.seal(utf8("a"), using: &counting)
        let second = try device.seal(utf8("a"), using: &counting)
        #expect(counting.drawn == 48)
        #expect(Array(first[1..<25]) != Array(second[1..<25]))
        var system = SystemRandom()
        var nonces = Set<[UInt8]>()
        for _ in 0..<1_000 {
            let frame = try device.seal(utf8("same plaintext"), using: &system)
            nonces.insert(Array(frame[1..<25]))
            #expect(try core.open(frame) == utf8("same plaintext"))
        }
        #expect(nonces.count == 1_000)
    }

    /// Sealing never touches the sender's window (it only records what it opens).
    // REQ: FRAME-SEAL-3, FRAME-OPEN-7
    @Test func sealingLeavesTheWindowUnchanged() throws {
        var (device, core) = sessionPair()
        _ = try device.open(core.seal(utf8("in"), nonce: testNonce(1)))
        let before = device.window
        for n in 2...200 { _ = try device.seal(utf8("out"), nonce: testNonce(n)) }
        #expect(device.window == before)
    }
}
