import Testing

/// Bad input never crashes and never changes state (ERR-1): thousands of deterministic random
/// mutations of valid messages at each receiver. Every outcome is either the original message's
/// success (for a mutation that happens to change nothing) or a typed error with no side effect.
@Suite struct RobustnessTests {
    /// xorshift64*: reproducible, no system randomness.
    struct Mutator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// One to four random edits: overwrite, insert, delete, truncate or extend.
        mutating func mutate(_ message: [UInt8]) -> [UInt8] {
            var out = message
            for _ in 0...below(4) {
                switch below(5) {
                case 0 where !out.isEmpty: out[below(out.count)] = UInt8(truncatingIfNeeded: next())
                case 1: out.insert(UInt8(truncatingIfNeeded: next()), at: below(out.count + 1))
                case 2 where !out.isEmpty: out.remove(at: below(out.count))
                case 3: out = Array(out.prefix(below(out.count + 1)))
                default: out += (0..<below(64)).map { _ in UInt8(truncatingIfNeeded: next()) }
                }
            }
            return out
        }
    }

    // REQ: ERR-1, FRAME-OPEN-7
    @Test func mutatedSessionFramesFailCleanly() throws {
        let (device, core) = sessionPair()
        let frame = try device.seal(WorkedExample.requestPlaintext, nonce: testNonce(1))
        var mutator = Mutator(state: 0x5eed_0001)
        for _ in 0..<3_000 {
            let message = mutator.mutate(frame)
            var opener = core
            do {
                #expect(try opener.open(message) == WorkedExample.requestPlaintext && message == frame)
            } catch {
                #expect(opener.window == core.window)
            }
        }
    }

    // REQ: ERR-1, CHAN-1, CHAN-6
    @Test func mutatedHandshakesFailCleanly() throws {
        let pairing = Pairing.named("robust handshake")
        let frame = try pairing.device.start()
        var mutator = Mutator(state: 0x5eed_0002)
        for _ in 0..<2_000 {
            let message = mutator.mutate(frame)
            for original in [
                Pairing.openPending, .revoked,
                .paired(devicePublicKey: pairing.device.staticPublic, lastHandshakeEphemeral: nil),
            ] {
                var channel = original
                do {
                    _ = try pairing.core.accept(message, channel: &channel)
                    #expect(message == frame)
                } catch {
                    #expect(channel == original)
                }
            }
        }
    }

    // REQ: ERR-1
    @Test func mutatedAcksFailCleanly() throws {
        let pairing = Pairing.named("robust ack")
        var channel = Pairing.openPending
        let ack = try pairing.core.accept(pairing.device.start(), channel: &channel).ack
        var mutator = Mutator(state: 0x5eed_0003)
        for _ in 0..<3_000 {
            let message = mutator.mutate(ack)
            do {
                _ = try pairing.device.finish(message)
                #expect(message == ack)
            } catch {
                // Any typed error is a clean failure; a crash would end the test run.
            }
        }
    }
}
