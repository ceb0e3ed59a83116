import OpenHumanTunnel
import Testing
import TunnelCrypto

/// One core key per channel (CHAN-KEY-*), the core's own pairing window (CLOCK-1) and the core
/// key fingerprint (QR-SRC-3).
@Suite struct CoreKeyAndClockTests {
    /// A relay that sends a far-off expiry does not extend the QR code's life past 600 seconds
    /// of the core's own clock; a shorter relay window is kept.
    // REQ: CLOCK-1
    @Test func theRelayCannotExtendThePairingWindow() {
        let issued: Int64 = 1_790_000_000
        #expect(
            PairingWindow.expiresAt(issuedAt: issued, relayExpiresAtMilliseconds: 253_402_300_799_999) == issued + 600
        )
        #expect(
            PairingWindow.expiresAt(issuedAt: issued, relayExpiresAtMilliseconds: (issued + 601) * 1000) == issued + 600
        )
        // Control: within the cap the relay's value stands, rounded down.
        #expect(
            PairingWindow.expiresAt(issuedAt: issued, relayExpiresAtMilliseconds: (issued + 599) * 1000 + 999) == issued
                + 599
        )
    }

    /// Times at the top of the range are answered, not trapped on: an issue time within 600 s of
    /// Int64.max caps nothing (the relay's value stands), and a pending channel that expires at
    /// Int64.max still answers a frame at that instant with a typed error.
    // REQ: CLOCK-1, KEYCONF-3, ERR-1
    @Test func timesAtTheTopOfTheRangeDoNotTrap() {
        #expect(PairingWindow.expiresAt(issuedAt: .max, relayExpiresAtMilliseconds: 0) == 0)
        #expect(PairingWindow.expiresAt(issuedAt: .max - 599, relayExpiresAtMilliseconds: 7_000) == 7)
        var channel = CoreChannel(
            coreStaticPrivate: testPrivateKey("top of the range"),
            state: .pending(expiresAt: .max)
        )
        #expect(throws: TunnelError.noSession) {
            try channel.open([0x02] + [UInt8](repeating: 0, count: 40), now: .max)
        }
        #expect(channel.state == .pending(expiresAt: .max), "an error changes nothing")
    }

    /// A key found on two channels revokes both, since the core cannot tell which channel a
    /// device thinks it is on; a new channel may not take a key in use.
    // REQ: CHAN-KEY-1, CHAN-KEY-2
    @Test func aSharedCoreKeyRevokesEveryChannelThatUsesIt() {
        let a = X25519.publicKey(privateKey: testPrivateKey("channel a")),
            b = X25519.publicKey(privateKey: testPrivateKey("channel b"))
        #expect(CoreKeyRegistry.sharingKeys([a, b, a]) == [0, 2])
        #expect(CoreKeyRegistry.sharingKeys([a, b]) == [])
        #expect(throws: TunnelError.duplicateCoreKey) { try CoreKeyRegistry.checkNew(b, existing: [a, b]) }
        #expect(throws: Never.self) {
            try CoreKeyRegistry.checkNew(X25519.publicKey(privateKey: testPrivateKey("c")), existing: [a, b])
        }
    }

    /// The fingerprint of section 8.11's example key, computed independently with Python's hashlib.
    // REQ: QR-SRC-3
    @Test func theFingerprintOfTheExampleKey() throws {
        let cpk = try #require(Hex.decode("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"))
        #expect(CoreKeyFingerprint.text(corePublicKey: cpk) == "61c6 cf5f 0cf3 c887 6373")
        var other = cpk
        other[31] ^= 1
        #expect(CoreKeyFingerprint.text(corePublicKey: other) != "61c6 cf5f 0cf3 c887 6373")
    }
}
