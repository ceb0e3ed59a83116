import OpenHumanTunnel

/// The session cipher's receive path: framing checks, authentication and the replay window.
enum SessionFuzz {
    /// Opens `frame` twice on a fresh core cipher (FRAME-OPEN-1, FRAME-OPEN-7, REPLAY-1).
    ///
    /// A failed open must leave the window as it was (a forger must not be able to fill it), a
    /// successful one must add exactly one nonce, and the same frame must never open twice.
    static func openTwice(_ frame: [UInt8]) {
        var core = SessionCipher(role: .core, keys: FuzzKeys.session)
        let before = core.window
        do {
            _ = try core.open(frame)
            precondition(core.window.count == before.count + 1, "a successful open did not grow the window by one")
            let afterFirst = core.window
            do {
                _ = try core.open(frame)
                preconditionFailure("one frame opened twice")
            } catch {
                precondition(error == .replayed, "a replay was refused with \(error), not replayed")
                precondition(core.window == afterFirst, "a refused replay changed the window")
            }
        } catch {
            precondition(core.window == before, "a failed open changed the window")
        }
    }

    /// Seals and opens a sequence of frames whose nonces the input chooses, against a model of
    /// the window: the last `capacity` accepted nonces, oldest first (REPLAY-1 to REPLAY-4).
    ///
    /// Each 3 input bytes give one nonce, one byte in each of its three 8-byte words, so nonces
    /// repeat and collide in the window's small hash table often: that is what drives its
    /// eviction and backward-shift deletion, which random 24-byte nonces would almost never do.
    static func openSealedSequence(_ body: [UInt8]) {
        let capacity = 4
        let device = SessionCipher(role: .device, keys: FuzzKeys.session)
        var core = SessionCipher(role: .core, keys: FuzzKeys.session, replayMemory: capacity)
        var remembered: [[UInt8]] = []
        var forgotten: [[UInt8]] = []
        for start in stride(from: 0, to: body.count - 2, by: 3) {
            let plaintext = Array(body[start..<start + 3])
            var nonce = [UInt8](repeating: 0, count: 24)
            (nonce[0], nonce[8], nonce[16]) = (plaintext[0], plaintext[1], plaintext[2])
            let frame = try! device.seal(plaintext, nonce: nonce)
            let before = core.window
            do {
                let opened = try core.open(frame)
                precondition(!remembered.contains(nonce), "a remembered nonce opened again")
                precondition(opened == plaintext, "open returned other bytes than were sealed")
                remembered.append(nonce)
                if remembered.count > capacity { forgotten.append(remembered.removeFirst()) }
                forgotten.removeAll { $0 == nonce }
            } catch {
                precondition(error == .replayed, "an authentic frame was refused with \(error)")
                precondition(remembered.contains(nonce), "a forgotten nonce was refused as replayed")
                precondition(core.window == before, "a refused replay changed the window")
            }
            precondition(core.window.nonces == remembered, "the window differs from the model")
            precondition(remembered.allSatisfy(core.window.contains), "a remembered nonce is not found")
            precondition(!forgotten.contains(where: core.window.contains), "an evicted nonce is still found")
        }
    }
}
