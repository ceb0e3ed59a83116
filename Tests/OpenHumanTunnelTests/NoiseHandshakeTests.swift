import OpenHumanTunnel
import Testing
import TunnelCrypto

/// Version 3's Noise handshakes (spec/13-handshake-v3.md): the public IKpsk1 vector byte for
/// byte, and each refusal of a receiver beside the positive control that passes.
@Suite struct NoiseHandshakeTests {
    /// The public `Noise_IKpsk1_25519_ChaChaPoly_SHA256` vector (cacophony): prologue "John Galt".
    static let prologue = utf8("John Galt")
    static let initiatorStatic = hex("e61ef9919cde45dd5f82166404bd08e38bceb5dfdfded0a34c8df7ed542214d1")
    static let initiatorEphemeral = hex("893e28b9dc6ca8d611ab664754b8ceb7bac5117349a4439a6b0569da977c464a")
    static let responderStatic = hex("4a3acbfdb163dec651dfa3194dece676d437029c62a408b4c5ea9114246e4893")
    static let responderEphemeral = hex("bbdb4cdbd309f1a1f2e1456967fe288cadd6f712d65dc7b7793d5e63da6b375b")
    static let psk = hex("54686973206973206d7920417573747269616e20706572737065637469766521")

    static func pair(responderPsk: [UInt8] = psk) -> (NoiseHandshakeState, NoiseHandshakeState) {
        let initiator = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .initiator,
            prologue: prologue,
            staticPrivate: initiatorStatic,
            ephemeralPrivate: initiatorEphemeral,
            remoteStatic: X25519.publicKey(privateKey: responderStatic),
            psk: psk
        )
        let responder = NoiseHandshakeState(
            pattern: .ikpsk1,
            role: .responder,
            prologue: prologue,
            staticPrivate: responderStatic,
            ephemeralPrivate: responderEphemeral,
            remoteStatic: nil,
            psk: responderPsk
        )
        return (initiator, responder)
    }

    // REQ: V3-NOISE-1
    @Test func theReferenceReproducesThePublicIKpsk1VectorByteForByte() throws {
        var (initiator, responder) = Self.pair()
        let first = try initiator.writeMessage(payload: hex("4c756477696720766f6e204d69736573"))
        #expect(
            first
                == hex(
                    "ca35def5ae56cec33dc2036731ab14896bc4c75dbb07a61f879f8e3afa4c7944"
                        + "ac58a6c31948ce200911c5b27b67f1c4d1bed490532dd94ed17164fcc5784d37"
                        + "30fc302b70cc0f19beedaeb56bd974c0e57d747d11534c746eb2a32ac3fde3e4"
                        + "cdf6c3a4705762a6c6ca664b3bc89490"
                )
        )
        #expect(try responder.readMessage(first) == hex("4c756477696720766f6e204d69736573"))
        #expect(responder.remoteStatic == X25519.publicKey(privateKey: Self.initiatorStatic))
        let second = try responder.writeMessage(payload: hex("4d757272617920526f746862617264"))
        #expect(
            second
                == hex(
                    "95ebc60d2b1fa672c1f46a8aa265ef51bfe38e7ccb39ec5be34069f144808843"
                        + "846a944a0652fb390d213d0700d5ae8fef7aad0ecc79a9216d15de5d7f3ee4"
                )
        )
        _ = try initiator.readMessage(second)
        #expect(initiator.handshakeHash == hex("3ad252ed6f724c52da3450383b7d8b806c183e1ef157bbe0465ad24997ec4717"))
        #expect(responder.handshakeHash == initiator.handshakeHash)
        var initiatorTransport = initiator.split(), responderTransport = responder.split()
        let third = try initiatorTransport.seal(hex("462e20412e20486179656b"))
        #expect(third == hex("5d872673f64813a47a00369b15c8da92691605ad71ba019de8e718"))
        #expect(try responderTransport.open(third) == hex("462e20412e20486179656b"))
        let fourth = try responderTransport.seal(hex("4361726c204d656e676572"))
        #expect(fourth == hex("2045266a750b6af2547f7eb1391058196b742d0aac4b3a1bcc1913"))
    }

    /// psk1: a core holding another QR secret cannot read message 1; the same message read
    /// with the right secret passes (the control).
    // REQ: V3-NOISE-3, V3-PSK-1
    @Test func aCoreWithAnotherPairingSecretRefusesMessageOne() throws {
        var (initiator, responder) = Self.pair(responderPsk: repeated(0x07, 32))
        let first = try initiator.writeMessage(payload: [])
        #expect(throws: TunnelError.authFailed) { try responder.readMessage(first) }
        var (_, genuine) = Self.pair()
        #expect(try genuine.readMessage(first) == [])
    }

    /// A low-order ephemeral key makes the core's first DH (es) all zero: refused before any
    /// tag is checked. The unaltered message passes.
    // REQ: V3-NOISE-2
    @Test func aLowOrderEphemeralIsRefusedAtTheFirstDH() throws {
        var (initiator, responder) = Self.pair()
        let first = try initiator.writeMessage(payload: [])
        var altered = first
        altered.replaceSubrange(0..<32, with: repeated(0, 32))
        #expect(throws: TunnelError.lowOrderKey) { try responder.readMessage(altered) }
        var (_, control) = Self.pair()
        #expect(try control.readMessage(first) == [])
    }

    /// A message shorter than its pattern's tokens and tag is refused before any DH: 95 bytes
    /// for IKpsk1's message 1 is `frame_too_short`, 96 bytes (an empty payload) is read.
    // REQ: V3-NOISE-3
    @Test func aMessageShorterThanItsTokensIsRefusedByLength() throws {
        var (initiator, responder) = Self.pair()
        let first = try initiator.writeMessage(payload: [])
        #expect(first.count == 96)
        #expect(throws: TunnelError.frameTooShort) { try responder.readMessage(Array(first.dropLast())) }
        #expect(try responder.readMessage(first) == [])
    }

    /// A forged transport message costs the receiver nothing: its counter stays, so the genuine
    /// message that follows still opens.
    // REQ: V3-NOISE-3
    @Test func aForgedTransportMessageLeavesTheReceiverAsItWas() throws {
        var (initiator, responder) = Self.pair()
        _ = try responder.readMessage(try initiator.writeMessage(payload: []))
        _ = try initiator.readMessage(try responder.writeMessage(payload: []))
        var sender = initiator.split(), receiver = responder.split()
        let genuine = try sender.seal(utf8("reveal"))
        #expect(throws: TunnelError.authFailed) { try receiver.open(genuine.flippingBit(0)) }
        #expect(try receiver.open(genuine) == utf8("reveal"))
        #expect(throws: TunnelError.authFailed) { try receiver.open(genuine) }
    }
}
