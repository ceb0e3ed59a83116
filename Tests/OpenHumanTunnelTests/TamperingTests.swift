import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Every single-bit flip of a session frame, a handshake and an ack, with the exact error per
/// bit position: a flip in the type octet gives that receiver's type error for the new byte
/// (spec 4.3); any other flip fails authentication, because the AEAD covers the nonce and the
/// ciphertext, and the handshake's AAD covers its header.
@Suite struct TamperingTests {
    // REQ: FRAME-OPEN-2, FRAME-OPEN-6, FRAME-OPEN-7, TYPE-3, TYPE-4, TYPE-5
    @Test func everyBitFlipOfASessionFrame() throws {
        let (device, core) = sessionPair()
        let frame = try device.seal(WorkedExample.requestPlaintext, nonce: testNonce(1))
        var control = core
        #expect(try control.open(frame) == WorkedExample.requestPlaintext)
        for bit in 0..<frame.count * 8 {
            let tampered = frame.flippingBit(bit)
            let expected = bit < 8 ? Receiver.sessionOpener.typeError(for: tampered[0])! : TunnelError.authFailed
            var opener = core
            #expect(throws: expected, "bit \(bit)") { try opener.open(tampered) }
            #expect(opener.window == core.window, "bit \(bit)")
        }
    }

    /// The eight flips of the type octet 0x02, spelled out: 0x03 is another receiver's type, 0x00
    /// and the rest are unregistered.
    // REQ: FRAME-OPEN-2, TYPE-4, TYPE-5
    @Test func typeOctetFlipsOfASessionFrameSpelledOut() throws {
        let (device, core) = sessionPair()
        let frame = try device.seal(utf8("x"), nonce: testNonce(1))
        let expected: [TunnelError] = [
            .unexpectedType(0x03), .unsupportedType(0x00), .unsupportedType(0x06),
            .unsupportedType(0x0a), .unsupportedType(0x12), .unsupportedType(0x22),
            .unsupportedType(0x42), .unsupportedType(0x82),
        ]
        for (bit, error) in expected.enumerated() {
            var opener = core
            #expect(throws: error) { try opener.open(frame.flippingBit(bit)) }
        }
    }

    /// Flips in hs_eph_pub change the DH input or, for bit 255 (masked by X25519), at least the
    /// salt and the AAD: every one is `auth_failed`. The type octet 0x03 flips to 0x02
    /// (unexpected), 0x01 (legacy) or unregistered bytes.
    // REQ: HS-1, HS-4, KDF-3, TYPE-3, TYPE-4, TYPE-5, CHAN-6
    @Test func everyBitFlipOfAHandshake() throws {
        let pairing = Pairing.named("flip handshake")
        let frame = try pairing.device.start()
        var control = Pairing.openPending
        _ = try pairing.core.accept(frame, channel: &control)
        for bit in 0..<frame.count * 8 {
            let tampered = frame.flippingBit(bit)
            let expected = bit < 8 ? Receiver.handshakeOpener.typeError(for: tampered[0])! : TunnelError.authFailed
            var channel = Pairing.openPending
            #expect(throws: expected, "bit \(bit)") { try pairing.core.accept(tampered, channel: &channel) }
            #expect(channel == Pairing.openPending, "bit \(bit)")
        }
        #expect(Receiver.handshakeOpener.typeError(for: frame.flippingBit(0)[0]) == .unexpectedType(0x02))
        #expect(Receiver.handshakeOpener.typeError(for: frame.flippingBit(1)[0]) == .legacyFrame)
    }

    /// Bit 255 of hs_eph_pub is ignored by X25519 (DH-1), so the flipped key gives the same
    /// hs_dh; the handshake still fails because hs_eph_pub is part of k_hs's salt and the AAD.
    // REQ: DH-1, KDF-3, HS-1
    @Test func theMaskedTopBitOfTheHandshakeKeyIsStillAuthenticated() throws {
        let pairing = Pairing.named("top bit")
        let frame = try pairing.device.start()
        let flippedKey = Array(frame.flippingBit(8 * 32 + 7)[1..<33])
        #expect(
            try X25519.sharedSecret(privateKey: pairing.core.staticPrivate, publicKey: flippedKey)
                == X25519.sharedSecret(privateKey: pairing.core.staticPrivate, publicKey: Array(frame[1..<33]))
        )
        var channel = Pairing.openPending
        #expect(throws: TunnelError.authFailed) {
            try pairing.core.accept(frame.flippingBit(8 * 32 + 7), channel: &channel)
        }
    }

    // REQ: ACK-1, ACK-4, KDF-4, TYPE-4, TYPE-5
    @Test func everyBitFlipOfAnAck() throws {
        let pairing = Pairing.named("flip ack")
        var channel = Pairing.openPending
        let ack = try pairing.core.accept(pairing.device.start(), channel: &channel).ack
        _ = try pairing.device.finish(ack)
        for bit in 0..<ack.count * 8 {
            let tampered = ack.flippingBit(bit)
            let expected = bit < 8 ? Receiver.ackOpener.typeError(for: tampered[0])! : TunnelError.authFailed
            #expect(throws: expected, "bit \(bit)") { try pairing.device.finish(tampered) }
        }
        // 0x04's flips are all unregistered bytes.
        #expect(
            (0..<8).map { Receiver.ackOpener.typeError(for: 0x04 ^ (1 << $0)) }
                == [0x05, 0x06, 0x00, 0x0c, 0x14, 0x24, 0x44, 0x84].map { TunnelError.unsupportedType($0) }
        )
    }
}
