import OpenHumanTunnel
import TunnelCrypto

// The state a side keeps between its batches (ciphers, counters, buffers) is captured by its
// escaping closure, and Swift checks every access to such a variable at run time. Each side
// therefore passes its state `inout` to a function that runs the whole batch, so the checks
// happen once per batch instead of once per byte of a nonce copy, which made a 64-byte raw
// seal+open a tenth slower than the same loop over local variables.

/// seal on the device, open on the core: the reference path with its checks and window, against
/// the same AEAD work done with the bare AEAD calls (`XChaCha20Poly1305.sealRaw`/`openRaw`, one
/// libsodium call each) into preallocated buffers. The ratio is raw time over reference time.
func sealOpen(_ c: FrameCase, keys: SessionKeys) -> Comparison {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    let device = SessionCipher(role: .device, keys: keys)
    var core = SessionCipher(role: .core, keys: keys)
    var counter: UInt64 = 0
    func referenceBatch(_ core: inout SessionCipher, _ counter: inout UInt64) -> Double {
        var nonce = [UInt8](repeating: 0, count: 24)
        return measure(c.batch) {
            counter += 1
            setCounter(&nonce, counter)
            let frame = try! device.seal(plaintext, nonce: nonce)
            _ = try! core.open(frame)
        }
    }
    var frame = [UInt8](repeating: 0, count: c.plaintextLength + 41)
    var opened = [UInt8](repeating: 0, count: c.plaintextLength)
    let key = keys.c2s
    func rawBatch(_ frame: inout [UInt8], _ opened: inout [UInt8], _ counter: inout UInt64) -> Double {
        var nonce = [UInt8](repeating: 0, count: 24)
        return measure(c.batch) {
            counter += 1
            setCounter(&nonce, counter)
            frame.withUnsafeMutableBufferPointer { f in
                f[0] = 0x02
                for i in 0..<24 { f[1 + i] = nonce[i] }
                key.withUnsafeBytes { k in
                    plaintext.withUnsafeBytes { p in
                        XChaCha20Poly1305.sealRaw(
                            into: f.baseAddress! + 25,
                            key: k,
                            nonce: f.baseAddress! + 1,
                            plaintext: p,
                            aad: []
                        )
                    }
                    try! XChaCha20Poly1305.openRaw(
                        into: &opened,
                        key: k,
                        nonce: f.baseAddress! + 1,
                        ciphertext: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: f[25...])),
                        aad: []
                    )
                }
            }
        }
    }
    return Comparison(
        name: "v2 seal+open \(c.name)",
        operations: c.batch,
        numerator: Side(label: "raw") { rawBatch(&frame, &opened, &counter) },
        denominator: Side(label: "reference") { referenceBatch(&core, &counter) }
    )
}

/// open only, with the window already holding 128 nonces, so every accepted frame evicts one.
/// Each pair opens a fresh batch of frames, sealed before it starts; the raw side opens the
/// same frames with the bare AEAD call.
func openFullWindow(_ c: FrameCase, keys: SessionKeys) -> Comparison {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    var core = SessionCipher(role: .core, keys: keys)
    for frame in sealedFrames(plaintext, keys: keys, first: 1, count: 128) { _ = try! core.open(frame) }
    let batches = FrameBatches(plaintext: plaintext, keys: keys, first: 129, size: c.batch)
    var referenceRuns = 0, rawRuns = 0
    var opened = [UInt8](repeating: 0, count: c.plaintextLength)
    let key = keys.c2s
    func rawBatch(_ frames: [[UInt8]], _ opened: inout [UInt8]) -> Double {
        var index = 0
        return measure(frames.count) {
            frames[index].withUnsafeBytes { f in
                key.withUnsafeBytes { k in
                    try! XChaCha20Poly1305.openRaw(
                        into: &opened,
                        key: k,
                        nonce: f.baseAddress!.assumingMemoryBound(to: UInt8.self) + 1,
                        ciphertext: UnsafeRawBufferPointer(rebasing: f[25...]),
                        aad: []
                    )
                }
            }
            index += 1
        }
    }
    let reference = Side(label: "reference") {
        referenceRuns += 1
        return openBatch(batches.batch(referenceRuns - 1), &core)
    }
    let raw = Side(label: "raw") {
        rawRuns += 1
        return rawBatch(batches.batch(rawRuns - 1), &opened)
    }
    return Comparison(
        name: "v2 open, full window \(c.name)",
        operations: c.batch,
        numerator: raw,
        denominator: reference
    )
}

/// Opens every frame of `frames` with `opener` and returns the seconds taken.
func openBatch(_ frames: [[UInt8]], _ opener: inout SessionCipher) -> Double {
    var index = 0
    return measure(frames.count) {
        _ = try! opener.open(frames[index])
        index += 1
    }
}
