import Foundation
import OpenHumanTunnel
import TunnelCrypto

// tunnel-bench: the session cipher against the bare AEAD calls on the same buffers.
//
// Each case runs both sides in this one process; the cases are interleaved in 9 rounds
// (reportInterleaved), and each prints `ratio=<raw time / reference time>` as the median of its
// rounds with the interquartile range and `stable` or `unstable`: machine speed cancels out of a
// stable ratio, which is what to compare between runs; an unstable one moved with the load. The last lines compare the core's whole-session memory, full,
// with an empty window: there `ratio=` is full-memory time over empty-window time (goal <= 1.2).
// Before them, the envelope layer's chunking of a 16 MiB message (ChunkingBench.swift), with the
// reassembler's peak memory. Run with `swift run -c release tunnel-bench`.

/// Runs `body` `iterations` times and returns the seconds taken.
func measure(_ iterations: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure { for _ in 0..<iterations { body() } }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Writes a little-endian counter into the first 8 bytes of a nonce, so every frame is fresh
/// for the replay window at the same cost on both sides.
func setCounter(_ nonce: inout [UInt8], _ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { counter in
        for i in 0..<8 { nonce[i] = counter[i] }
    }
}

struct Case {
    let name: String
    let plaintextLength: Int
    let iterations: Int
}

let keys = SessionKeys(c2s: [UInt8](repeating: 0x11, count: 32), s2c: [UInt8](repeating: 0x22, count: 32))

/// seal on the device, open on the core: the reference path with its checks and window, then the
/// same AEAD work done with the bare AEAD calls (`XChaCha20Poly1305.sealRaw`/`openRaw`, one
/// libsodium call each) into preallocated buffers.
func sealOpen(_ c: Case) -> (reference: Double, raw: Double) {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    var nonce = [UInt8](repeating: 0, count: 24)
    var counter: UInt64 = 0
    let device = SessionCipher(role: .device, keys: keys)
    var core = SessionCipher(role: .core, keys: keys)
    let reference = measure(c.iterations) {
        counter += 1
        setCounter(&nonce, counter)
        let frame = try! device.seal(plaintext, nonce: nonce)
        _ = try! core.open(frame)
    }
    var frame = [UInt8](repeating: 0, count: c.plaintextLength + 41)
    var opened = [UInt8](repeating: 0, count: c.plaintextLength)
    let key = keys.c2s
    let raw = measure(c.iterations) {
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
    return (reference, raw)
}

/// open only, with the window already holding 128 nonces, so every accepted frame evicts one.
func openFullWindow(_ c: Case) -> (reference: Double, raw: Double) {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    let device = SessionCipher(role: .device, keys: keys)
    var nonce = [UInt8](repeating: 0, count: 24)
    let frames: [[UInt8]] = (0..<(c.iterations + 128)).map { i in
        setCounter(&nonce, UInt64(i + 1))
        return try! device.seal(plaintext, nonce: nonce)
    }
    var core = SessionCipher(role: .core, keys: keys)
    for frame in frames.prefix(128) { _ = try! core.open(frame) }
    var index = 128
    let reference = measure(c.iterations) {
        _ = try! core.open(frames[index])
        index += 1
    }
    var opened = [UInt8](repeating: 0, count: c.plaintextLength)
    let key = keys.c2s
    index = 128
    let raw = measure(c.iterations) {
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
    return (reference, raw)
}

/// The core's whole-session memory (MEMORY-1) at its fullest: the last opens of a `CoreSession`
/// of 2^20 frames (the memory already holds at least 948,576 nonces), timed against the same opens by a session cipher
/// whose 128-entry window started empty (the deployed core's opener). The two alternate in
/// batches of 1,000 and the medians of the batches are compared, so that load from other
/// processes hits both sides alike. Prints `ratio=<full-memory time / empty-window time>`:
/// the goal is at most 1.2.
func openFullSessionMemory(_ c: Case) {
    let plaintext = [UInt8](repeating: 0x5a, count: c.plaintextLength)
    let device = SessionCipher(role: .device, keys: keys)
    var nonce = [UInt8](repeating: 0, count: 24)
    let batch = 1_000, batches = max(10, c.iterations / batch)
    // The memory starts as full as it can while every measured frame still fits the largest
    // bound, 2^20: it never holds more than a real session can.
    let bound = 1_048_576, remembered = bound - batches * batch
    // One session throughout: a copy would duplicate its 32 MiB table on the first insert.
    var full = CoreSession(keys: keys, bound: bound)
    for i in 0..<remembered {
        setCounter(&nonce, UInt64(i + 1))
        _ = try! full.open(try! device.seal([], nonce: nonce))
    }
    var window = SessionCipher(role: .core, keys: keys)
    var fullTimes: [Double] = [], emptyTimes: [Double] = []
    for b in 0..<batches {
        let frames: [[UInt8]] = (0..<batch).map { i in
            setCounter(&nonce, UInt64(remembered + b * batch + i + 1))
            return try! device.seal(plaintext, nonce: nonce)
        }
        var index = 0
        fullTimes.append(
            measure(batch) {
                _ = try! full.open(frames[index])
                index += 1
            }
        )
        index = 0
        emptyTimes.append(
            measure(batch) {
                _ = try! window.open(frames[index])
                index += 1
            }
        )
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] / Double(batch) }
    let (fullTime, emptyTime) = (median(fullTimes), median(emptyTimes))
    print(
        "open, full session memory (\(remembered) nonces) vs empty window \(c.name): full \(format(fullTime * 1e9)) ns/op, "
            + "empty \(format(emptyTime * 1e9)) ns/op, ratio=\(format(fullTime / emptyTime, digits: 3))"
    )
}

/// One measured case: a label, its size and the function that times both sides once.
struct Measured {
    let label: String
    let size: Case
    let run: (Case) -> (reference: Double, raw: Double)
    var ratios: [Double] = []
    var reference = 0.0, raw = 0.0, operations = 0.0
}

/// The quartiles of `values` (nearest rank): the median and the interquartile range around it.
func quartiles(_ values: [Double]) -> (q1: Double, median: Double, q3: Double) {
    let sorted = values.sorted()
    func rank(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count)))] }
    return (rank(0.25), rank(0.5), rank(0.75))
}

/// How wide an interquartile range may be, against its median, for a ratio to be called stable.
let stableSpread = 0.10

/// Runs every case once per round, the cases interleaved and the order of reference and raw
/// swapped every other round, so that load from other processes falls on all cases and both
/// sides alike instead of on whichever case ran while it lasted. Prints for each case the median
/// of the per-round ratios with their interquartile range, and `stable` when that range is within
/// 10% of the median; an `unstable` ratio moved with the machine's load in this run and says
/// nothing about the code.
func reportInterleaved(_ cases: [Measured], rounds: Int) {
    var cases = cases
    for c in cases {  // warm-up
        _ = c.run(
            Case(name: c.size.name, plaintextLength: c.size.plaintextLength, iterations: max(1, c.size.iterations / 10))
        )
    }
    for round in 0..<rounds {
        for index in cases.indices {
            let size = cases[index].size
            let r: (reference: Double, raw: Double)
            if round % 2 == 0 {
                r = cases[index].run(size)
            } else {
                // The same work with raw timed first: `run` times reference then raw, so time it
                // twice and keep raw of the first call, reference of the second.
                let first = cases[index].run(size)
                let second = cases[index].run(size)
                r = (second.reference, first.raw)
            }
            cases[index].ratios.append(r.raw / r.reference)
            cases[index].reference += r.reference
            cases[index].raw += r.raw
            cases[index].operations += Double(size.iterations)
        }
    }
    for c in cases {
        let megabytes = Double(c.size.plaintextLength) * c.operations / 1_000_000
        let (q1, median, q3) = quartiles(c.ratios)
        let stability = (q3 - q1) / median <= stableSpread ? "stable" : "unstable"
        print(
            "\(c.label) \(c.size.name): reference \(format(c.reference / c.operations * 1e9)) ns/op "
                + "\(format(megabytes / c.reference)) MB/s, raw \(format(c.raw / c.operations * 1e9)) ns/op "
                + "\(format(megabytes / c.raw)) MB/s, ratio=\(format(median, digits: 3)) "
                + "(IQR \(format(q1, digits: 3))-\(format(q3, digits: 3)) over \(c.ratios.count) rounds, \(stability))"
        )
    }
}

func format(_ value: Double, digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

let cases = [
    Case(name: "64 B", plaintextLength: 64, iterations: 20_000),
    Case(name: "1 KiB", plaintextLength: 1024, iterations: 8_000),
    Case(name: "49111 B", plaintextLength: 49_111, iterations: 300),
]
print(
    "ratio = reference throughput / raw throughput, the median of 9 interleaved rounds; stable = its interquartile range "
        + "within 10% of it. On a loaded machine the small-frame ratios move; the 16 MiB chunking and the "
        + "session-memory ratio have stayed within a few percent."
)
reportInterleaved(
    cases.map { Measured(label: "seal+open", size: $0, run: sealOpen) }
        + cases.map { Measured(label: "open, full window", size: $0, run: openFullWindow) },
    rounds: 9
)
ChunkingBench.run(keys: keys, rounds: 3)
for c in cases.prefix(2) { openFullSessionMemory(c) }
