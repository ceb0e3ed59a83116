import OpenHumanTunnel

/// A plaintext size and how many frames one side times per pair: enough that a batch takes
/// about half a millisecond (well above the clock's resolution), few enough that a pair is over
/// before the machine's load changes.
struct FrameCase {
    let name: String
    let plaintextLength: Int
    let batch: Int
}

/// Writes a little-endian counter into the first 8 bytes of a nonce, so every frame is fresh
/// for the replay window at the same cost on both sides.
func setCounter(_ nonce: inout [UInt8], _ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { counter in
        for i in 0..<8 { nonce[i] = counter[i] }
    }
}

/// `count` frames sealed by the device under the nonces `first`, `first + 1`, ...: what an open
/// side times, sealed before the clock starts.
func sealedFrames(_ plaintext: [UInt8], keys: SessionKeys, first: UInt64, count: Int) -> [[UInt8]] {
    let device = SessionCipher(role: .device, keys: keys)
    var nonce = [UInt8](repeating: 0, count: 24)
    return (0..<count).map { i in
        setCounter(&nonce, first + UInt64(i))
        return try! device.seal(plaintext, nonce: nonce)
    }
}

/// Fresh frames for the open sides, one batch per pair: the side that runs first in a pair
/// finds its batch number new and has the batch sealed (before its clock starts); the other
/// side opens the same frames. The nonces count up from `first`, so a batch is never a replay.
final class FrameBatches {
    private let plaintext: [UInt8]
    private let keys: SessionKeys
    private let size: Int
    private var next: UInt64
    private var sealed = 0
    private var current: [[UInt8]] = []

    init(plaintext: [UInt8], keys: SessionKeys, first: UInt64, size: Int) {
        self.plaintext = plaintext
        self.keys = keys
        self.size = size
        next = first
    }

    /// The frames of batch `number` (0, 1, ...), which each side asks for in turn.
    func batch(_ number: Int) -> [[UInt8]] {
        if number == sealed {
            current = sealedFrames(plaintext, keys: keys, first: next, count: size)
            next += UInt64(size)
            sealed += 1
        }
        return current
    }
}
