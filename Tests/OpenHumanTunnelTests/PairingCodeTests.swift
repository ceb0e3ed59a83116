import OpenHumanTunnel
import Testing

/// The six-digit pairing code (SAS-1, SAS-2): the device and the core agree on it, and every
/// attack of chapter 9 that completes an exchange ends with another code.
@Suite struct PairingCodeTests {
    static let pending = ChannelState.pending(expiresAt: 2_000)

    /// The genuine phone, a rogue device that saw the QR code, the relay pairing a device of its
    /// own, and the genuine handshake replayed by the relay: four exchanges with one core, four
    /// different codes. In each, the device's code equals the core's (the positive control).
    // REQ: SAS-1, SAS-2
    @Test func aRogueDeviceTheRelayAndAReplayedHandshakeEachGetADifferentCode() throws {
        let core = CoreParty.named("sas core")
        let phone = DeviceParty.named("sas phone", corePublic: core.staticPublic)
        var channel = CoreChannel(coreStaticPrivate: core.staticPrivate, state: Self.pending)
        let genuine = try channel.handshake(from: phone, core: core, now: 1_000)
        let rogue = try channel.handshake(
            from: DeviceParty.named("rogue", corePublic: core.staticPublic),
            core: core.nextSession("rogue"),
            now: 1_001
        )
        let relay = try channel.handshake(
            from: DeviceParty.named("relay's own device", corePublic: core.staticPublic),
            core: core.nextSession("relay"),
            now: 1_002
        )
        // The relay replays the genuine 0x03: the core answers with a new server_eph and nonce.
        var fresh = CoreChannel(coreStaticPrivate: core.staticPrivate, state: Self.pending)
        let replayCore = core.nextSession("replay")
        let replayAck = try fresh.receiveHandshake(
            genuine.handshake,
            now: 1_003,
            serverEphemeralPrivate: replayCore.serverEphemeralPrivate,
            ackNonce: replayCore.ackNonce
        )
        let codes = [genuine.coreCode, rogue.coreCode, relay.coreCode, replayAck.sas]
        #expect(Set(codes).count == 4, "codes \(codes) must all differ")
        for exchange in [genuine, rogue, relay] {
            #expect(try exchange.deviceCode == exchange.coreCode)
        }
        #expect(codes.allSatisfy { $0.count == 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    }

    /// Any change to either message changes the code, so a relay that rewrites a byte (or
    /// splices another ack) cannot keep the code the user will compare.
    // REQ: SAS-1
    @Test func theCodeDependsOnEveryByteOfBothMessages() throws {
        let staticDH = testPrivateKey("static_dh"), ephemeralDH = testPrivateKey("eph_dh")
        let handshake = Array(testPrivateKey("0x03").prefix(30)) + testPrivateKey("more")
        let ack = Array(testPrivateKey("0x04").prefix(20))
        let code = ShortAuthenticationString.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            handshake: handshake,
            ack: ack
        )
        #expect(
            code
                == ShortAuthenticationString.derive(
                    staticDH: staticDH,
                    ephemeralDH: ephemeralDH,
                    handshake: handshake,
                    ack: ack
                )
        )
        for index in [0, handshake.count / 2, handshake.count - 1] {
            var changed = handshake
            changed[index] ^= 0x01
            #expect(
                ShortAuthenticationString.derive(
                    staticDH: staticDH,
                    ephemeralDH: ephemeralDH,
                    handshake: changed,
                    ack: ack
                ) != code
            )
        }
        var changedAck = ack
        changedAck[ack.count - 1] ^= 0x80
        #expect(
            ShortAuthenticationString.derive(
                staticDH: staticDH,
                ephemeralDH: ephemeralDH,
                handshake: handshake,
                ack: changedAck
            ) != code
        )
        // The length prefixes: moving a byte from the end of one message to the start of the
        // other keeps the concatenation but not the code.
        #expect(
            ShortAuthenticationString.derive(
                staticDH: staticDH,
                ephemeralDH: ephemeralDH,
                handshake: Array(handshake.dropLast()),
                ack: [handshake.last!] + ack
            ) != code
        )
    }

    /// Six digits always: a small value keeps its leading zeros.
    // REQ: SAS-2
    @Test func codesAreSixDigitsWithLeadingZeros() {
        #expect(ShortAuthenticationString.digits([0, 0, 0, 0, 0, 0, 0, 5]) == "000005")
        #expect(ShortAuthenticationString.digits([0, 0, 0, 0, 0, 0x0f, 0x42, 0x3f]) == "999999")
        #expect(ShortAuthenticationString.digits([0, 0, 0, 0, 0, 0x0f, 0x42, 0x40]) == "000000")
    }

    /// The reduction reads all 64 bits: two values equal in their top 32 bits give different
    /// codes (a 32-bit reduction would give the same, with a bias near 2e-4).
    // REQ: SAS-2
    @Test func theReductionUsesAll64Bits() {
        let high: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        #expect(
            ShortAuthenticationString.digits(high + [0, 0, 0, 1])
                != ShortAuthenticationString.digits(high + [0, 0, 0, 2])
        )
        // 2^64 - 1 mod 10^6 = 551615: the last code of the larger class (spec/03 section 3.7).
        #expect(ShortAuthenticationString.digits([UInt8](repeating: 0xff, count: 8)) == "551615")
    }
}
