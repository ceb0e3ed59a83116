import OpenHumanTunnel

/// The core's whole-session memory (MEMORY-1) at its fullest: opens by a `CoreSession` of 2^20
/// frames whose memory already holds all but the measured frames' nonces, timed against the
/// same opens by a session cipher whose 128-entry window started empty (the deployed core's
/// opener). The ratio is full-memory time over empty-window time: the goal is at most 1.2.
///
/// Filling the memory takes a second or two and is not timed. `pairs` must be the number of
/// pairs the row will run, warm-up included: every measured frame must still fit the bound,
/// so the memory never holds more than a real session can.
func openFullSessionMemory(_ c: FrameCase, keys: SessionKeys, pairs: Int) -> Comparison {
    let bound = 1_048_576, remembered = bound - pairs * c.batch
    // One session throughout: a copy would duplicate its 32 MiB table on the first insert.
    var full = CoreSession(keys: keys, bound: bound)
    let device = SessionCipher(role: .device, keys: keys)
    var nonce = [UInt8](repeating: 0, count: 24)
    for i in 0..<remembered {
        setCounter(&nonce, UInt64(i + 1))
        _ = try! full.open(try! device.seal([], nonce: nonce))
    }
    var window = SessionCipher(role: .core, keys: keys)
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    let batches = FrameBatches(plaintext: plaintext, keys: keys, first: UInt64(remembered + 1), size: c.batch)
    var fullRuns = 0, emptyRuns = 0
    func fullBatch(_ frames: [[UInt8]], _ full: inout CoreSession) -> Double {
        var index = 0
        return measure(frames.count) {
            _ = try! full.open(frames[index])
            index += 1
        }
    }
    let fullSide = Side(label: "full") {
        fullRuns += 1
        return fullBatch(batches.batch(fullRuns - 1), &full)
    }
    let emptySide = Side(label: "empty") {
        emptyRuns += 1
        return openBatch(batches.batch(emptyRuns - 1), &window)
    }
    return Comparison(
        name: "v2 open, full session memory (\(remembered) nonces) vs empty window \(c.name)",
        operations: c.batch,
        numerator: fullSide,
        denominator: emptySide
    )
}
