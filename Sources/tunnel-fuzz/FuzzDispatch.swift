/// Routes one fuzz input to a target by its first byte, so one corpus and one coverage map
/// serve every entry point and libFuzzer can move an input between targets by flipping a byte.
///
/// Low nibble of the first byte: 0 session open, 1 core handshake accept, 2 device handshake
/// finish, 3 pairing payload parse, 4 base64url decode, 5 a scripted core channel (whose script
/// builds its own authentic messages), 6 envelope plaintexts (chapter 11), 7 the pairing payload
/// read by a phone that runs both versions, 8 version 3 session frames (chapter 14); other values
/// are ignored. High bit set:
/// the rest is plaintext that the harness seals under the right key first, because random bytes
/// never pass a Poly1305 tag and everything behind the tag (the replay window, the handshake
/// JSON reader, the channel-state update) would otherwise stay unreached.
enum FuzzDispatch {
    static func run(_ input: [UInt8]) {
        guard let selector = input.first else { return }
        let body = Array(input.dropFirst())
        let sealed = selector & 0x80 != 0
        switch selector & 0x0f {
        case 0: sealed ? SessionFuzz.openSealedSequence(body) : SessionFuzz.openTwice(body)
        case 1: HandshakeFuzz.accept(sealed ? FuzzKeys.handshakeFrame(sealing: body) : body)
        case 2: HandshakeFuzz.finish(sealed ? FuzzKeys.ackFrame(sealing: body) : body)
        case 3: PairingFuzz.parseRoundTrip(body)
        case 4: PairingFuzz.base64URLCanonical(body)
        case 5: CoreChannelFuzz.run(body)
        case 6: EnvelopeFuzz.receive(body)
        case 7: PairingFuzz.parseRoundTripV3(body)
        case 8: sealed ? SessionV3Fuzz.receiveSealedSequence(body) : SessionV3Fuzz.receiveTwice(body)
        default: return
        }
    }
}
