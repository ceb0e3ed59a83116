import OpenHumanTunnel
import TunnelCrypto

/// Version 3's receiver deep in a session against one at its start (V3-WINDOW-3: the check and
/// the update take constant time and memory whatever the session's length): opens by a receiver
/// that has accepted every counter up to `length + 2047`, so its 2,048-counter window is full and
/// lies in one epoch, timed against the same number of opens of frames of the same size by the
/// receiver of a new session, whose window starts empty. The ratio is full-window time over
/// empty-window time: the goal is at most 1.05.
///
/// Each batch starts from a copy of its side's receiver and opens the same frames, sealed once
/// before any clock starts (the full side's at counters from `length + 2048`, under the key of
/// their epoch, derived by `REKEY`; the empty side's from 0), so both sides do the same work
/// every pair, and the first accepted counter of a batch copies the window's words on both.
func openLongSessionV3(_ c: FrameCase, key: [UInt8], length: UInt64, lengthName: String) -> Comparison {
    let content = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    let first = length + CounterWindow.width
    let epochKey = keyOfEpoch(KeyEpochs.epoch(of: first), from: key)
    let fullReceiver = SessionReceiverV3(highest: first - 1, key: epochKey)
    let emptyReceiver = SessionReceiverV3(key: key, firstCounter: 0)
    let fullFrames = framesV3(content, key: epochKey, first: first, count: c.batch)
    let emptyFrames = framesV3(content, key: key, first: 0, count: c.batch)
    func batch(_ frames: [[UInt8]], _ template: SessionReceiverV3) -> Double {
        var receiver = template
        var index = 0
        return measure(frames.count) {
            _ = try! receiver.open(frames[index])
            index += 1
        }
    }
    return Comparison(
        name: "v3 open \(c.name), full window after \(lengthName) counters vs empty window",
        operations: c.batch,
        numerator: Side(label: "full") { batch(fullFrames, fullReceiver) },
        denominator: Side(label: "empty") { batch(emptyFrames, emptyReceiver) }
    )
}

/// The key of `epoch`: `REKEY` applied `epoch` times to epoch 0's key (V3-REKEY-1).
private func keyOfEpoch(_ epoch: UInt64, from key: [UInt8]) -> [UInt8] {
    var current = SecretBytes(copying: key)
    for _ in 0..<epoch { current = ChaCha20Poly1305.rekey(current) }
    return current.withUnsafeBytes { Array($0) }
}

/// `count` frames of `content` sealed at the counters `first`, `first + 1`, ... under `key`, the
/// key of their epoch.
private func framesV3(_ content: [UInt8], key: [UInt8], first: UInt64, count: Int) -> [[UInt8]] {
    var sender = SessionSenderV3(counter: first, key: key, startedAt: 0)
    return (0..<count).map { _ in try! sender.seal(content, now: 0) }
}
