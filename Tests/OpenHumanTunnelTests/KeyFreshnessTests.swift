import Testing
import TunnelCrypto

/// Private keys come from the CSPRNG, and each ephemeral serves one handshake (DH-3).
@Suite struct KeyFreshnessTests {
    /// The production source gives 32-byte private keys that never repeat, and a device built
    /// from them completes a handshake.
    // REQ: DH-3
    @Test func systemRandomPrivateKeysAreFreshAndUsable() throws {
        var random = SystemRandom()
        let keys = (0..<200).map { _ in random.bytes(32) }
        #expect(Set(keys).count == 200)
        #expect(keys.allSatisfy { $0.count == 32 })
        let core = CoreParty(
            staticPrivate: random.bytes(32),
            serverEphemeralPrivate: random.bytes(32),
            ackNonce: random.bytes(24)
        )
        let device = DeviceParty(
            corePublic: core.staticPublic,
            staticPrivate: random.bytes(32),
            handshakeEphemeralPrivate: random.bytes(32),
            clientEphemeralPrivate: random.bytes(32),
            nonce: random.bytes(24)
        )
        var channel = Pairing.openPending
        let accepted = try core.accept(device.start(), channel: &channel)
        #expect(try device.finish(accepted.ack) == accepted.keys)
    }

    /// Two handshakes of one device with new ephemerals share nothing but the static keys: new
    /// header key, new client key, new session keys.
    // REQ: DH-3, HS-3, ACK-3, SESS-1
    @Test func freshEphemeralsGiveAnUnrelatedHandshakeAndSession() throws {
        let pairing = Pairing.named("fresh")
        let next = Pairing(core: pairing.core.nextSession("fresh 2"), device: pairing.device.nextHandshake("fresh 2"))
        var channel = Pairing.openPending
        let first = try pairing.core.accept(pairing.device.start(), channel: &channel)
        let second = try next.core.accept(next.device.start(), channel: &channel)
        #expect(pairing.device.handshakeEphemeralPublic != next.device.handshakeEphemeralPublic)
        #expect(first.clientEphemeralPublic != second.clientEphemeralPublic)
        #expect(first.devicePublicKey == second.devicePublicKey)
        #expect(Set([first.keys.c2s, first.keys.s2c, second.keys.c2s, second.keys.s2c]).count == 4)
    }
}
