import OpenHumanTunnel
import Testing

/// A frame sent back to its sender is opened with the other direction key and fails (KDF-5).
@Suite struct ReflectionTests {
    // REQ: KDF-5, FRAME-OPEN-6, FRAME-OPEN-7
    @Test func aDeviceFrameReflectedToTheDeviceFailsAuthentication() throws {
        var (device, core) = sessionPair()
        let frame = try device.seal(utf8("to the core"), nonce: testNonce(1))
        let before = device.window
        #expect(throws: TunnelError.authFailed) { try device.open(frame) }
        #expect(device.window == before)
        // Control: the core, its real receiver, opens it.
        #expect(try core.open(frame) == utf8("to the core"))
    }

    // REQ: KDF-5, FRAME-OPEN-6, FRAME-OPEN-7
    @Test func aCoreFrameReflectedToTheCoreFailsAuthentication() throws {
        var (device, core) = sessionPair()
        let frame = try core.seal(utf8("to the device"), nonce: testNonce(1))
        let before = core.window
        #expect(throws: TunnelError.authFailed) { try core.open(frame) }
        #expect(core.window == before)
        #expect(try device.open(frame) == utf8("to the device"))
    }

    /// Reflection after the genuine frame was accepted: the reflecting party never recorded the
    /// nonce (it only sealed it), so the answer is `auth_failed`, not `replayed`.
    // REQ: KDF-5, FRAME-OPEN-5, FRAME-OPEN-6
    @Test func sealingDoesNotRecordTheNonceSoAReflectionIsAnAuthenticationFailure() throws {
        var (device, core) = sessionPair()
        let frame = try device.seal(utf8("hello"), nonce: testNonce(7))
        #expect(device.window.count == 0)
        _ = try core.open(frame)
        #expect(throws: TunnelError.authFailed) { try device.open(frame) }
        #expect(throws: TunnelError.replayed) { try core.open(frame) }
    }

    /// The handshake is one-way too: the ack, reflected to the core, is the wrong type.
    // REQ: TYPE-4, HS-4, ACK-4
    @Test func handshakeMessagesReflectedToTheirSenderAreTheWrongType() throws {
        let pairing = Pairing.named("reflect handshake")
        let frame = try pairing.device.start()
        var channel = Pairing.openPending
        let ack = try pairing.core.accept(frame, channel: &channel).ack
        let paired = channel
        #expect(throws: TunnelError.unexpectedType(0x04)) { try pairing.core.accept(ack, channel: &channel) }
        #expect(channel == paired)
        #expect(throws: TunnelError.unexpectedType(0x03)) { try pairing.device.finish(frame) }
        _ = try pairing.device.finish(ack)
    }
}
