import OpenHumanTunnel
import Testing
import TunnelCrypto

/// The attack of review R3-1, run live against both versions: a party in the middle has seen
/// the real QR code, has handed the phone a payload of its own core, and may grind offline as
/// long as it likes. It pairs when the phone's code equals the real core's, since then both
/// users see the same six digits and confirm.
@Suite struct PairingManInTheMiddleTests {
    /// Version 3: over 10,002 attempts at the real core (3,334 QR codes, each tried 3 times),
    /// the attacker never makes the two codes agree, and the real core refuses a 4th attempt.
    /// The attacker uses its best strategy: it finishes with the phone first, so it knows the
    /// phone's code, then tries each attempt at the real core and reveals only a match.
    // REQ: V3-COMMIT-1, V3-SAS-1, V3-ATTEMPT-1
    @Test func version3AManInTheMiddleHoldingTheQRNeverMakesTheCodesAgree() throws {
        var matches = 0, attemptsAtTheRealCore = 0
        for trial in 0..<3_334 {
            let real = PairingV3Scene(label: "mitm real \(trial)"), own = PairingV3Scene(label: "mitm own \(trial)")
            // The phone, handed the attacker's payload, pairs with the attacker's core.
            var attackerAsCore = own.core()
            var phone = try own.phone("mitm phone \(trial)")
            let reveal = try #require(
                try phone.receive(try attackerAsCore.answer(phone.messageOne, now: 100, label: "a\(trial)"))
            )
            try attackerAsCore.take(reveal, now: 101)
            let phoneCode = try #require(phone.code)
            // The attacker, with the real QR code, tries the real core.
            var realCore = real.core()
            for attempt in 0..<CorePairingV3.maximumAttempts {
                var attacker = try real.phone("mitm attacker \(trial) \(attempt)")
                let reply = try realCore.answer(
                    attacker.messageOne,
                    now: 100 + 12 * Int64(attempt),
                    label: "r\(trial) \(attempt)"
                )
                attemptsAtTheRealCore += 1
                _ = try attacker.receive(reply)
                if attacker.code == phoneCode { matches += 1 }
            }
            if trial == 0 {
                let fourth = try real.phone("mitm attacker 0 3")
                #expect(throws: TunnelError.tooManyAttempts) {
                    try realCore.answer(fourth.messageOne, now: 136, label: "r0 3")
                }
            }
        }
        #expect(attemptsAtTheRealCore == 10_002)
        #expect(matches == 0, "the attacker matched the phone's code \(matches) times")
    }

    /// Version 2, kept as a test of its limitation (R3-1): the same attacker pairs. It finishes
    /// with the real core first (one handshake, so KEYCONF-7's limits never bite), reads the
    /// real core's code off its own ack, then grinds the ack nonce it sends the phone until the
    /// phone's code is the same. Both users then see one code and confirm. If this test ever
    /// fails, version 2 has changed.
    // REQ: SAS-1
    @Test func version2LimitationAManInTheMiddleChoosesThePhonesCode() throws {
        let realCore = CoreParty.named("v2 mitm real core"), attackerCore = CoreParty.named("v2 mitm attacker core")
        // The attacker as a device of the real core: its code is the real core's code.
        var realChannel = CoreChannel(coreStaticPrivate: realCore.staticPrivate, state: .pending(expiresAt: 2_000))
        let attackerDevice = DeviceParty.named("v2 mitm attacker device", corePublic: realCore.staticPublic)
        let realCode = try realChannel.handshake(from: attackerDevice, core: realCore, now: 1_000).coreCode
        // The phone, handed the attacker's payload, sends its handshake to the attacker's core.
        let phone = DeviceParty.named("v2 mitm phone", corePublic: attackerCore.staticPublic)
        let handshake = try phone.start()
        var scratch = ChannelState.pending(expiresAt: 2_000)
        let first = try attackerCore.accept(handshake, channel: &scratch)
        // Offline: everything but the ack nonce is fixed, so each try is one AEAD and one code.
        let staticDH = try X25519.sharedSecret(privateKey: attackerCore.staticPrivate, publicKey: phone.staticPublic)
        let ephemeralDH = try X25519.sharedSecret(
            privateKey: attackerCore.serverEphemeralPrivate,
            publicKey: phone.clientEphemeralPublic
        )
        let ackKey = try HKDF.sha256(
            ikm: staticDH,
            salt: phone.clientEphemeralPublic,
            info: InfoTag.handshakeAck,
            length: 32
        )
        let aad = [0x04] + phone.clientEphemeralPublic
        let plaintext = try XChaCha20Poly1305.open(
            key: ackKey,
            nonce: Array(first.ack[1..<25]),
            ciphertext: Array(first.ack[25...]),
            aad: aad
        )
        var tries = 0
        var ack: [UInt8] = []
        repeat {
            tries += 1
            var nonce = repeated(0, 16)
            withUnsafeBytes(of: UInt64(tries).bigEndian) { nonce += $0 }
            ack = [0x04] + nonce + XChaCha20Poly1305.seal(key: ackKey, nonce: nonce, plaintext: plaintext, aad: aad)
        } while ShortAuthenticationString.derive(
            staticDH: staticDH,
            ephemeralDH: ephemeralDH,
            handshake: handshake,
            ack: ack
        )
            != realCode && tries < 20_000_000
        // The phone accepts the ground ack, and its code is the real core's.
        _ = try phone.finish(ack)
        let phoneCode = ShortAuthenticationString.derive(
            staticDH: try X25519.sharedSecret(privateKey: phone.staticPrivate, publicKey: attackerCore.staticPublic),
            ephemeralDH: try X25519.sharedSecret(
                privateKey: phone.clientEphemeralPrivate,
                publicKey: attackerCore.serverEphemeralPublic
            ),
            handshake: handshake,
            ack: ack
        )
        #expect(phoneCode == realCode, "after \(tries) offline tries")
    }
}
