import OpenHumanTunnel
import Testing

/// 49,152 bytes per message, 49,111 bytes per session plaintext (spec 4.4).
@Suite struct SizeLimitTests {
    // REQ: SIZE-2, FRAME-SEAL-1
    @Test func theLargestPlaintextSealsToTheLargestFrameAndOpens() throws {
        var (device, core) = sessionPair()
        let plaintext = (0..<49_111).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frame = try device.seal(plaintext, nonce: testNonce(1))
        #expect(frame.count == 49_152)
        #expect(try core.open(frame) == plaintext)
    }

    /// Both sealing entry points refuse one byte more, before drawing a nonce.
    // REQ: SIZE-2, FRAME-SEAL-3
    @Test func oneByteMoreIsPlaintextTooLargeAndDrawsNoNonce() throws {
        let (device, _) = sessionPair()
        let tooLarge = repeated(0x61, 49_112)
        #expect(throws: TunnelError.plaintextTooLarge) { try device.seal(tooLarge, nonce: testNonce(1)) }
        var random = CountingRandom()
        #expect(throws: TunnelError.plaintextTooLarge) { try device.seal(tooLarge, using: &random) }
        #expect(random.drawn == 0)
        #expect(device.window.count == 0)
        // Control: the largest allowed plaintext draws exactly one 24-byte nonce.
        let frame = try device.seal(Array(tooLarge.dropLast()), using: &random)
        #expect(random.drawn == 24)
        #expect(Array(frame[1..<25]) == (0..<24).map { UInt8($0) })
        #expect(frame.count == 49_152)
    }

    // REQ: SIZE-1, FRAME-OPEN-4, FRAME-OPEN-7
    @Test func a49153ByteSessionFrameIsFrameTooLarge() throws {
        let (device, core) = sessionPair()
        let largest = try device.seal(repeated(0x61, 49_111), nonce: testNonce(1))
        var opener = core
        #expect(throws: TunnelError.frameTooLarge) { try opener.open(largest + [0]) }
        #expect(opener.window.count == 0)
        // Far larger, too, and with a nonce already in the window: the size check comes first.
        _ = try opener.open(largest)
        let window = opener.window
        #expect(throws: TunnelError.frameTooLarge) { try opener.open(largest + repeated(0, 100_000)) }
        #expect(opener.window == window)
    }

    /// A handshake padded with an unknown member to exactly 49,152 bytes is accepted; one byte
    /// more is refused before any cryptography, although it would authenticate.
    // REQ: SIZE-1, HS-4, JSON-5, CHAN-6
    @Test func aHandshakeOf49152BytesIsAcceptedAnd49153IsFrameTooLarge() throws {
        let pairing = Pairing.named("large handshake")
        func padded(toFrameLength length: Int) throws -> [UInt8] {
            let fixed = pairing.device.plaintext(#"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","pad":""}"#)
                .count
            let padding = String(repeating: "p", count: length - 73 - fixed)
            return try pairing.device.sealHandshake(
                pairing.device.plaintext(
                    #"{"device_pubkey":"<D>","client_ephemeral_pubkey":"<C>","pad":"\#(padding)"}"#
                )
            )
        }
        let largest = try padded(toFrameLength: 49_152)
        let tooLarge = try padded(toFrameLength: 49_153)
        #expect(largest.count == 49_152 && tooLarge.count == 49_153)
        var channel = Pairing.openPending
        #expect(throws: TunnelError.frameTooLarge) { try pairing.core.accept(tooLarge, channel: &channel) }
        // Before the channel check (step 3 before 4).
        var revoked = ChannelState.revoked
        #expect(throws: TunnelError.frameTooLarge) { try pairing.core.accept(tooLarge, channel: &revoked) }
        #expect(channel == Pairing.openPending && revoked == .revoked)
        _ = try pairing.core.accept(largest, channel: &channel)
    }

    // REQ: SIZE-1, ACK-4, JSON-5
    @Test func anAckOf49152BytesIsAcceptedAnd49153IsFrameTooLarge() throws {
        let pairing = Pairing.named("large ack")
        func padded(toFrameLength length: Int) throws -> [UInt8] {
            let fixed = pairing.core.ackPlaintext(#"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","pad":""}"#)
                .count
            let padding = String(repeating: "p", count: length - 41 - fixed)
            return try pairing.core.sealAck(
                pairing.core.ackPlaintext(
                    #"{"kind":"handshake_ack","server_ephemeral_pubkey":"<S>","pad":"\#(padding)"}"#
                ),
                for: pairing.device
            )
        }
        let largest = try padded(toFrameLength: 49_152)
        let tooLarge = try padded(toFrameLength: 49_153)
        #expect(largest.count == 49_152 && tooLarge.count == 49_153)
        #expect(throws: TunnelError.frameTooLarge) { try pairing.device.finish(tooLarge) }
        #expect(try pairing.device.finish(largest).c2s.count == 32)
    }
}
