import OpenHumanTunnel
import Testing

/// The 128-nonce replay window (spec 6.3), at and around its boundary, with the numbering of
/// the spec: F1, F2, … are frames with distinct nonces N1, N2, …
@Suite struct ReplayWindowTests {
    /// A device and a core with `count` device frames F1…Fcount sealed (not yet opened).
    struct Scene {
        var device: SessionCipher
        var core: SessionCipher
        let frames: [[UInt8]]

        init(count: Int) throws {
            (device, core) = sessionPair()
            let device = self.device
            frames = try (1...count).map { try device.seal(utf8("F\($0)"), nonce: testNonce($0)) }
        }

        /// Frame Fn, 1-based like the spec.
        func f(_ n: Int) -> [UInt8] { frames[n - 1] }

        mutating func accept(_ range: ClosedRange<Int>) throws {
            for n in range { #expect(try core.open(f(n)) == utf8("F\(n)")) }
        }
    }

    /// Spec 6.3 steps 1 and 2: after F1…F128 the window is N1…N128; F129 evicts N1.
    // REQ: REPLAY-1, REPLAY-2
    @Test func theWindowHoldsTheLast128AcceptedNoncesInAcceptanceOrder() throws {
        var scene = try Scene(count: 129)
        try scene.accept(1...128)
        #expect(scene.core.window.nonces == (1...128).map { testNonce($0) })
        #expect(scene.core.window.count == 128)
        try scene.accept(129...129)
        #expect(scene.core.window.nonces == (2...129).map { testNonce($0) })
        #expect(!scene.core.window.contains(testNonce(1)))
        #expect(scene.core.window.contains(testNonce(2)))
    }

    /// Spec 6.3 step 3, each line from the same state: F129 and F2 are replayed (F2 is the 128th
    /// most recent, the exact boundary), F1 (the 129th most recent) is accepted again.
    // REQ: REPLAY-3, FRAME-OPEN-5, FRAME-OPEN-7
    @Test func theBoundary128thMostRecentIsReplayedAndThe129thIsAcceptedAgain() throws {
        var scene = try Scene(count: 129)
        try scene.accept(1...129)
        let state = scene.core
        for n in [129, 128, 64, 3, 2] {
            var core = state
            #expect(throws: TunnelError.replayed, "F\(n)") { try core.open(scene.f(n)) }
            #expect(core.window == state.window)
        }
        var core = state
        #expect(try core.open(scene.f(1)) == utf8("F1"))
        #expect(core.window.nonces == (3...129).map { testNonce($0) } + [testNonce(1)])
    }

    /// Spec 6.3 step 4: after F1 was accepted again (evicting N2), F2 is accepted and F1 replayed.
    // REQ: REPLAY-2, REPLAY-3
    @Test func theWindowKeepsSlidingFirstInFirstOut() throws {
        var scene = try Scene(count: 129)
        try scene.accept(1...129)
        #expect(throws: TunnelError.replayed) { try scene.core.open(scene.f(2)) }
        try scene.accept(1...1)
        try scene.accept(2...2)
        #expect(throws: TunnelError.replayed) { try scene.core.open(scene.f(1)) }
        #expect(scene.core.window.nonces == (4...129).map { testNonce($0) } + [testNonce(1), testNonce(2)])
    }

    /// Past the window nothing is guaranteed; this reference remembers exactly 128 (policy
    /// replayMemory=128), so a frame replayed after 128 newer ones is accepted.
    // REQ: REPLAY-3
    @Test func aReplayPastTheWindowIsAcceptedWithReplayMemory128() throws {
        var scene = try Scene(count: 300)
        try scene.accept(1...300)
        #expect(scene.core.window.capacity == 128)
        for n in [1, 100, 172] { #expect(try scene.core.open(scene.f(n)) == utf8("F\(n)")) }
        #expect(throws: TunnelError.replayed) { try scene.core.open(scene.f(300)) }
    }

    /// A replayed frame is refused before decryption (FRAME-OPEN-5 before 6): the nonce of an
    /// accepted frame with a garbled ciphertext is `replayed`; a fresh nonce with the same
    /// garbling is `auth_failed`, and stays so on retry because nothing was recorded.
    // REQ: FRAME-OPEN-5, FRAME-OPEN-6, FRAME-OPEN-7
    @Test func replayIsCheckedBeforeAuthentication() throws {
        var scene = try Scene(count: 2)
        try scene.accept(1...1)
        let state = scene.core.window
        let garbledOld = scene.f(1).flippingBit(8 * 30)
        #expect(throws: TunnelError.replayed) { try scene.core.open(garbledOld) }
        let garbledNew = scene.f(2).flippingBit(8 * 30)
        #expect(throws: TunnelError.authFailed) { try scene.core.open(garbledNew) }
        #expect(throws: TunnelError.authFailed) { try scene.core.open(garbledNew) }
        #expect(scene.core.window == state)
        // Control: the ungarbled F2 is accepted.
        try scene.accept(2...2)
    }

    /// A full window is exposed to forgeries, replays and malformed frames: none of them
    /// records or evicts a nonce. N1, the oldest, must still be there afterwards.
    // REQ: FRAME-OPEN-7, REPLAY-2
    @Test func rejectedFramesNeverEnterOrEvictFromTheWindow() throws {
        var scene = try Scene(count: 129)
        try scene.accept(1...128)
        let full = scene.core.window
        let forger = SessionCipher(role: .device, keys: SessionKeys(c2s: repeated(9, 32), s2c: repeated(9, 32)))
        var attacks: [([UInt8], TunnelError)] = []
        for n in 200..<400 {  // more than 128 forgeries with fresh nonces
            attacks.append((try forger.seal(utf8("forged"), nonce: testNonce(n)), .authFailed))
        }
        for n in [1, 64, 128] { attacks.append((scene.f(n), .replayed)) }
        attacks.append((scene.f(129).flippingBit(8 * 40), .authFailed))
        attacks.append((Array(scene.f(129).prefix(40)), .frameTooShort))
        attacks.append((scene.f(129).withType(0x01), .legacyFrame))
        attacks.append((scene.f(129).withType(0x03), .unexpectedType(0x03)))
        attacks.append((scene.f(129).withType(0x09), .unsupportedType(0x09)))
        attacks.append(([], .emptyFrame))
        attacks.append((scene.f(129) + repeated(0, 49_153 - scene.f(129).count), .frameTooLarge))
        for (frame, error) in attacks {
            #expect(throws: error) { try scene.core.open(frame) }
            #expect(scene.core.window == full)
        }
        #expect(throws: TunnelError.replayed) { try scene.core.open(scene.f(1)) }
        // Control: a genuine F129 evicts exactly N1.
        try scene.accept(129...129)
        #expect(scene.core.window.nonces == (2...129).map { testNonce($0) })
    }

    /// Frames carry no order: any permutation of fresh frames is accepted, and each replay of
    /// one of them is refused.
    // REQ: REPLAY-3, FRAME-OPEN-5
    @Test func reorderedFramesAreAccepted() throws {
        var scene = try Scene(count: 5)
        for n in [3, 1, 5, 2, 4] { try scene.accept(n...n) }
        #expect(scene.core.window.nonces == [3, 1, 5, 2, 4].map { testNonce($0) })
        for n in 1...5 { #expect(throws: TunnelError.replayed) { try scene.core.open(scene.f(n)) } }
    }

    /// Each opener has its own window: the device's window is unaffected by what the core opens,
    /// and sealing records nothing.
    // REQ: REPLAY-1, FRAME-OPEN-7
    @Test func eachOpenerHasItsOwnWindowAndSealingRecordsNothing() throws {
        var scene = try Scene(count: 3)
        let coreFrame = try scene.core.seal(utf8("down"), nonce: testNonce(1))
        try scene.accept(1...3)
        #expect(scene.device.window.count == 0)
        // The same nonce value in the other direction is a different frame, opened normally.
        #expect(try scene.device.open(coreFrame) == utf8("down"))
        #expect(scene.device.window.nonces == [testNonce(1)])
        #expect(scene.core.window.nonces == (1...3).map { testNonce($0) })
    }

    /// An empty plaintext (the 41-byte frame) is a frame like any other: recorded, then replayed.
    // REQ: FRAME-SEAL-3, FRAME-OPEN-3, REPLAY-2
    @Test func theShortestFrameIsRecordedLikeAnyOther() throws {
        var (device, core) = sessionPair()
        let frame = try device.seal([], nonce: testNonce(1))
        #expect(frame.count == 41)
        #expect(try core.open(frame) == [])
        #expect(throws: TunnelError.replayed) { try core.open(frame) }
    }

    /// A receiver MAY remember more than 128 (REPLAY-3): with replayMemory = 200 the 129th most
    /// recent is refused too, and the 201st is forgotten.
    // REQ: REPLAY-3, REPLAY-2
    @Test func aLargerReplayMemoryRefusesOlderReplaysToo() throws {
        let device = SessionCipher(role: .device, keys: fixedSessionKeys())
        var core = SessionCipher(role: .core, keys: fixedSessionKeys(), replayMemory: 200)
        let frames = try (1...201).map { try device.seal(utf8("F\($0)"), nonce: testNonce($0)) }
        for frame in frames { _ = try core.open(frame) }
        #expect(core.window.count == 200)
        #expect(throws: TunnelError.replayed) { try core.open(frames[1]) }  // F2, the 200th most recent
        #expect(try core.open(frames[0]) == utf8("F1"))  // F1, the 201st
    }
}
