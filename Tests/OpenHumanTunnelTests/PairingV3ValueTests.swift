import OpenHumanTunnel
import Testing

/// The values version 3 derives around its handshakes: the code depends on every input an
/// attacker might hope to fix, and the prologue separates channels whose ids share a prefix.
@Suite struct PairingV3ValueTests {
    static let h = testPrivateKey("v3 h"), deviceNonce = testPrivateKey("v3 N_D"), coreNonce = testPrivateKey("v3 N_C")

    /// Changing `h`, `N_D` or `N_C` alone changes the code: a core that fixes `h` and `N_C`
    /// still faces the device's committed nonce. The unchanged inputs give the same code (control).
    // REQ: V3-SAS-1
    @Test func theCodeChangesWithHAndWithEitherNonce() {
        let code = PairingV3.code(handshakeHash: Self.h, deviceNonce: Self.deviceNonce, coreNonce: Self.coreNonce)
        #expect(code == PairingV3.code(handshakeHash: Self.h, deviceNonce: Self.deviceNonce, coreNonce: Self.coreNonce))
        let others = [
            PairingV3.code(
                handshakeHash: testPrivateKey("other h"),
                deviceNonce: Self.deviceNonce,
                coreNonce: Self.coreNonce
            ),
            PairingV3.code(handshakeHash: Self.h, deviceNonce: testPrivateKey("other N_D"), coreNonce: Self.coreNonce),
            PairingV3.code(
                handshakeHash: Self.h,
                deviceNonce: Self.deviceNonce,
                coreNonce: testPrivateKey("other N_C")
            ),
        ]
        #expect(others.allSatisfy { $0 != code && $0.count == 6 })
    }

    /// The length octet keeps `cid` "AB" and "ABC" apart even where one label could be read as
    /// the other's prefix; the same cid gives the same prologue.
    // REQ: V3-PRO-1
    @Test func theLengthOctetSeparatesChannelIdsThatShareAPrefix() {
        #expect(PairingV3.prologue(channelID: "AB") != PairingV3.prologue(channelID: "ABC"))
        #expect(PairingV3.prologue(channelID: "AB") == utf8("openhuman-tunnel/v3/prologue") + [2] + utf8("AB"))
    }

    /// The pairing psk is bound to its channel: one QR secret under two channel ids gives two psks.
    // REQ: V3-PSK-1
    @Test func onePairingSecretGivesAnotherPskOnAnotherChannel() {
        let secret = repeated(0x5a, 16)
        #expect(
            PairingV3.psk(pairingSecret: secret, channelID: "A") != PairingV3.psk(pairingSecret: secret, channelID: "B")
        )
        #expect(
            PairingV3.psk(pairingSecret: secret, channelID: "A") == PairingV3.psk(pairingSecret: secret, channelID: "A")
        )
    }
}
