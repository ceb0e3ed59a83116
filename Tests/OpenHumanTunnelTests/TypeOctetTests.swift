import OpenHumanTunnel
import Testing

/// The first byte decides first (spec 4.3): every one of the 256 type octets at each of the
/// three receivers, in front of an otherwise valid message of that receiver.
@Suite struct TypeOctetTests {
    // REQ: TYPE-1, TYPE-3, TYPE-4, TYPE-5, FRAME-OPEN-2, FRAME-OPEN-7
    @Test func everyTypeOctetAtTheSessionOpener() throws {
        let (device, core) = sessionPair()
        let frame = try device.seal(utf8("typed"), nonce: testNonce(1))
        for type in UInt8.min...UInt8.max {
            var opener = core
            if let error = Receiver.sessionOpener.typeError(for: type) {
                #expect(throws: error, "type \(type)") { try opener.open(frame.withType(type)) }
                #expect(opener.window == core.window)
            } else {
                #expect(try opener.open(frame.withType(type)) == utf8("typed"))
            }
        }
    }

    // REQ: TYPE-1, TYPE-3, TYPE-4, TYPE-5, HS-4, CHAN-6
    @Test func everyTypeOctetAtTheHandshakeOpener() throws {
        let pairing = Pairing.named("types handshake")
        let frame = try pairing.device.start()
        for type in UInt8.min...UInt8.max {
            var channel = Pairing.openPending
            if let error = Receiver.handshakeOpener.typeError(for: type) {
                #expect(throws: error, "type \(type)") {
                    try pairing.core.accept(frame.withType(type), channel: &channel)
                }
                #expect(channel == Pairing.openPending)
            } else {
                _ = try pairing.core.accept(frame.withType(type), channel: &channel)
            }
        }
    }

    // REQ: TYPE-1, TYPE-3, TYPE-4, TYPE-5, ACK-4
    @Test func everyTypeOctetAtTheAckOpener() throws {
        let pairing = Pairing.named("types ack")
        var channel = Pairing.openPending
        let ack = try pairing.core.accept(pairing.device.start(), channel: &channel).ack
        for type in UInt8.min...UInt8.max {
            if let error = Receiver.ackOpener.typeError(for: type) {
                #expect(throws: error, "type \(type)") { try pairing.device.finish(ack.withType(type)) }
            } else {
                _ = try pairing.device.finish(ack.withType(type))
            }
        }
    }

    /// The type check comes before the length checks: one-byte messages give the type error
    /// (or too short for the receiver's own type), and so do oversized ones.
    // REQ: TYPE-2, TYPE-3, TYPE-4, TYPE-5, FRAME-OPEN-1, SIZE-1, HS-4, ACK-4
    @Test func theTypeIsCheckedBeforeAnyLength() throws {
        let pairing = Pairing.named("types first")
        var (_, core) = sessionPair()
        var channel = Pairing.openPending
        for type in UInt8.min...UInt8.max {
            for length in [1, 60_000] {
                let message = [type] + repeated(0, length - 1)
                let lengthError: TunnelError = length == 1 ? .frameTooShort : .frameTooLarge
                #expect(throws: Receiver.sessionOpener.typeError(for: type) ?? lengthError) { try core.open(message) }
                #expect(throws: Receiver.handshakeOpener.typeError(for: type) ?? lengthError) {
                    try pairing.core.accept(message, channel: &channel)
                }
                #expect(throws: Receiver.ackOpener.typeError(for: type) ?? lengthError) {
                    try pairing.device.finish(message)
                }
            }
        }
        #expect(channel == Pairing.openPending && core.window.count == 0)
    }

    /// Legacy G1 frames (0x01) get their own error at every receiver, whatever their length or
    /// content: the peer must pair again.
    // REQ: TYPE-3
    @Test func legacyFramesAreLegacyAtEveryReceiver() throws {
        let pairing = Pairing.named("legacy")
        var (_, core) = sessionPair()
        var channel = ChannelState.revoked
        for message in [[0x01], [0x01] + repeated(0xff, 40), [0x01] + repeated(0, 200), [0x01] + repeated(0, 49_152)] {
            #expect(throws: TunnelError.legacyFrame) { try core.open(message) }
            #expect(throws: TunnelError.legacyFrame) { try pairing.core.accept(message, channel: &channel) }
            #expect(throws: TunnelError.legacyFrame) { try pairing.device.finish(message) }
        }
        #expect(TunnelError.legacyFrame.code == "legacy_frame")
    }

    /// An empty message at every receiver.
    // REQ: TYPE-2
    @Test func emptyMessagesAreEmptyFrameAtEveryReceiver() throws {
        let pairing = Pairing.named("empty")
        var (_, core) = sessionPair()
        var channel = ChannelState.revoked
        #expect(throws: TunnelError.emptyFrame) { try core.open([]) }
        #expect(throws: TunnelError.emptyFrame) { try pairing.core.accept([], channel: &channel) }
        #expect(throws: TunnelError.emptyFrame) { try pairing.device.finish([]) }
        #expect(channel == .revoked && core.window.count == 0)
    }

    /// Wire codes carry no detail: every unexpected or unsupported byte maps to one code.
    // REQ: TYPE-4, TYPE-5
    @Test func typeErrorsHaveOneWireCodeEach() {
        #expect(Set((0...255).map { TunnelError.unsupportedType(UInt8($0)).code }) == ["unsupported_type"])
        #expect(Set((0...255).map { TunnelError.unexpectedType(UInt8($0)).code }) == ["unexpected_type"])
    }
}
