import OpenHumanTunnel
import Testing

/// Every prefix of a session frame, a handshake and an ack: empty, then too short up to the
/// type's minimum (41, 73, 41), then authentication failures up to the full length.
@Suite struct TruncationTests {
    static func expected(length: Int, minimum: Int) -> TunnelError {
        switch length {
        case 0: .emptyFrame
        case ..<minimum: .frameTooShort
        default: .authFailed
        }
    }

    // REQ: TYPE-2, FRAME-OPEN-3, FRAME-OPEN-6, FRAME-OPEN-7
    @Test func everyTruncationOfASessionFrame() throws {
        let (device, core) = sessionPair()
        let frame = try device.seal(WorkedExample.responsePlaintext, nonce: testNonce(1))
        for length in 0..<frame.count {
            var opener = core
            #expect(throws: Self.expected(length: length, minimum: 41), "length \(length)") {
                try opener.open(Array(frame.prefix(length)))
            }
            #expect(opener.window == core.window)
        }
        var opener = core
        #expect(try opener.open(frame) == WorkedExample.responsePlaintext)
    }

    /// At exactly 41 bytes a frame has a complete (wrong) tag: `auth_failed`, not too short.
    // REQ: FRAME-OPEN-3, FRAME-OPEN-6
    @Test func theMinimumSessionFrameLengthIs41() throws {
        var (_, core) = sessionPair()
        #expect(throws: TunnelError.frameTooShort) { try core.open([0x02] + repeated(0, 39)) }
        #expect(throws: TunnelError.authFailed) { try core.open([0x02] + repeated(0, 40)) }
    }

    // REQ: TYPE-2, HS-4, CHAN-6
    @Test func everyTruncationOfAHandshake() throws {
        let pairing = Pairing.named("truncate handshake")
        let frame = try pairing.device.start()
        for length in 0..<frame.count {
            var channel = Pairing.openPending
            #expect(throws: Self.expected(length: length, minimum: 73), "length \(length)") {
                try pairing.core.accept(Array(frame.prefix(length)), channel: &channel)
            }
            #expect(channel == Pairing.openPending)
        }
        var channel = Pairing.openPending
        _ = try pairing.core.accept(frame, channel: &channel)
    }

    /// 73 bytes is an empty plaintext with its tag: it authenticates, and then is not JSON.
    // REQ: HS-4, JSON-1
    @Test func aMinimumLengthHandshakeWithAnEmptyPlaintextIsNotJSON() throws {
        let pairing = Pairing.named("empty handshake")
        let frame = try pairing.device.sealHandshake([])
        #expect(frame.count == 73)
        var channel = Pairing.openPending
        #expect(throws: TunnelError.badHandshakeJSON) { try pairing.core.accept(frame, channel: &channel) }
        #expect(throws: TunnelError.frameTooShort) {
            try pairing.core.accept(Array(frame.prefix(72)), channel: &channel)
        }
        #expect(channel == Pairing.openPending)
    }

    // REQ: TYPE-2, ACK-4
    @Test func everyTruncationOfAnAck() throws {
        let pairing = Pairing.named("truncate ack")
        var channel = Pairing.openPending
        let ack = try pairing.core.accept(pairing.device.start(), channel: &channel).ack
        for length in 0..<ack.count {
            #expect(throws: Self.expected(length: length, minimum: 41), "length \(length)") {
                try pairing.device.finish(Array(ack.prefix(length)))
            }
        }
        _ = try pairing.device.finish(ack)
    }

    // REQ: ACK-4, JSON-1
    @Test func aMinimumLengthAckWithAnEmptyPlaintextIsNotJSON() throws {
        let pairing = Pairing.named("empty ack")
        let ack = try pairing.core.sealAck([], for: pairing.device)
        #expect(ack.count == 41)
        #expect(throws: TunnelError.badHandshakeJSON) { try pairing.device.finish(ack) }
        #expect(throws: TunnelError.frameTooShort) { try pairing.device.finish(Array(ack.prefix(40))) }
    }
}
