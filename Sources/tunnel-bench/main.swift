import OpenHumanTunnel

// tunnel-bench: each wire version's session frames against the bare AEAD calls on the same
// buffers, version 2's rows beside version 3's so that one run shows the gain; the envelope
// layer's chunking of a 16 MiB message; version 2's core whole-session memory against an empty
// window; and version 3's receiver deep in a session against one at its start. Run with
// `swift run -c release tunnel-bench` (about 15 s on two cores).
//
// Every row is measured the same way (reportPairs, InterleavedPairs.swift): n short pairs, one
// batch of each side back to back, the side that goes first alternating, each pair giving one
// ratio; the row prints each side's median time per operation, then the median of the pair
// ratios, their interquartile range and n: `ratio=0.87 [0.86..0.88] n=301`. A batch takes about
// half a millisecond (a 16 MiB message, about 0.1 s), so load from other processes hits both
// sides of a pair alike and a pair it interrupts is an outlier the median ignores; the median
// ratio is what to compare between runs.
//
// The rows, and their goals:
// - `v2 seal+open`, `v2 open, full window` (SessionCipherBench.swift) and `v3 seal+open`
//   (SessionV3CipherBench.swift): raw time over reference time (1.0: the reference costs nothing
//   over the bare AEAD). Version 3's goals: at least 0.9 at 64 B, at least 0.97 at its largest
//   content, 49,125 B. Version 3 pads the content to a bucket (64 B to 128, 1 KiB to 2,048), and
//   its raw side seals that padded plaintext, so the ratio prices the padding's handling too.
// - `chunked 16 MiB` (ChunkingBench.swift): raw time over reference time, followed by the
//   reference's time by stage and the reassembler's peak memory.
// - `v3 fragmented 16 MiB` (FragmentsV3Bench.swift): version 3's send and receive of the same
//   16 MiB in fragments, no base64, against bare ChaCha20-Poly1305 of its 49,112-byte pieces;
//   goals at least 0.85, and the reassembly's peak at most 1.05 times the message.
// - `v2 open, full session memory` (SessionMemoryBench.swift): full-memory time over
//   empty-window time, goal at most 1.2; its full side waits on a 32 MiB table in memory and so
//   also moves with other processes' use of the shared cache.
// - `v3 open, full window after 2^20 / 2^32 counters` (SessionV3WindowBench.swift): full-window
//   time over empty-window time, goal at most 1.05: a version 3 receiver's cost must not depend
//   on the session's length.

let keys = SessionKeys(c2s: [UInt8](repeating: 0x11, count: 32), s2c: [UInt8](repeating: 0x22, count: 32))

/// Pairs per frame row: enough that the quartiles are steady from run to run.
let framePairs = 301
/// Pairs per session memory row, of 500 opens a side: version 2's memory holds 2^20 nonces less
/// the frames these open, so more pairs would measure a memory less full. Version 3's window rows
/// use as many.
let memoryPairs = 201
/// Pairs of the 16 MiB row: a pair takes about 0.1 s.
let chunkingPairs = 41

print(
    "ratio = raw time / reference time (full / empty for the session memory and v3 window rows): the median over n interleaved "
        + "pairs, the side going first alternating, with the interquartile range of the pair ratios in brackets"
)
let frameCases = [
    FrameCase(name: "64 B", plaintextLength: 64, batch: 500),
    FrameCase(name: "1 KiB", plaintextLength: 1024, batch: 200),
    FrameCase(name: "49111 B", plaintextLength: 49_111, batch: 8),
]
/// Version 3's sizes: the same small ones, and its largest content (V3-PAD-1), whose padded
/// plaintext is the largest bucket.
let frameCasesV3 = [
    FrameCase(name: "64 B", plaintextLength: 64, batch: 500),
    FrameCase(name: "1 KiB", plaintextLength: 1024, batch: 200),
    FrameCase(name: "49125 B", plaintextLength: FramePadding.maximumContentLength, batch: 8),
]
// Each size's version 2 row, then its version 3 row, so the two read side by side.
for (v2, v3) in zip(frameCases, frameCasesV3) {
    reportPairs(sealOpen(v2, keys: keys), pairs: framePairs)
    reportPairs(sealOpenV3(v3, key: keys.c2s), pairs: framePairs)
}
for c in frameCases {
    let opens = FrameCase(name: c.name, plaintextLength: c.plaintextLength, batch: c.batch * 2)
    reportPairs(openFullWindow(opens, keys: keys), pairs: framePairs)
}
ChunkingBench.run(keys: keys, pairs: chunkingPairs)
FragmentsV3Bench.run(key: keys.c2s, pairs: chunkingPairs)
for c in frameCases.prefix(2) {
    let opens = FrameCase(name: c.name, plaintextLength: c.plaintextLength, batch: 500)
    reportPairs(openFullSessionMemory(opens, keys: keys, pairs: memoryPairs + 3), pairs: memoryPairs)
}
for (length, lengthName) in [(UInt64(1) << 20, "2^20"), (UInt64(1) << 32, "2^32")] {
    for c in frameCasesV3.prefix(2) {
        let opens = FrameCase(name: c.name, plaintextLength: c.plaintextLength, batch: 500)
        reportPairs(
            openLongSessionV3(opens, key: keys.c2s, length: length, lengthName: lengthName),
            pairs: memoryPairs
        )
    }
}
