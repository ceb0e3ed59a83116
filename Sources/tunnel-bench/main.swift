import OpenHumanTunnel

// tunnel-bench: the session cipher against the bare AEAD calls on the same buffers, the envelope
// layer's chunking of a 16 MiB message, and the core's whole-session memory against an empty
// window. Run with `swift run -c release tunnel-bench` (about 10 s on two cores).
//
// Every row is measured the same way (reportPairs, InterleavedPairs.swift): n short pairs, one
// batch of each side back to back, the side that goes first alternating, each pair giving one
// ratio; the row prints each side's median time per operation, then the median of the pair
// ratios, their interquartile range and n: `ratio=0.87 [0.86..0.88] n=301`. A batch takes about
// half a millisecond (a 16 MiB message, about 0.1 s), so load from other processes hits both
// sides of a pair alike and a pair it interrupts is an outlier the median ignores; the median
// ratio is what to compare between runs. The ratios are raw time over reference time (1.0: the
// reference costs nothing over the bare AEAD), except the last two rows', full-memory time over
// empty-window time (goal at most 1.2), whose full side waits on a 32 MiB table in memory and so
// also moves with other processes' use of the shared cache. The 16 MiB chunking row
// (ChunkingBench.swift) is followed by the reference's time by stage and the reassembler's peak
// memory.

let keys = SessionKeys(c2s: [UInt8](repeating: 0x11, count: 32), s2c: [UInt8](repeating: 0x22, count: 32))

/// Pairs per frame row: enough that the quartiles are steady from run to run.
let framePairs = 301
/// Pairs per session memory row, of 500 opens a side: its memory holds 2^20 nonces less the
/// frames these open, so more pairs would measure a memory less full.
let memoryPairs = 201
/// Pairs of the 16 MiB row: a pair takes about 0.1 s.
let chunkingPairs = 41

print(
    "ratio = raw time / reference time (full / empty for the session memory rows): the median over n interleaved "
        + "pairs, the side going first alternating, with the interquartile range of the pair ratios in brackets"
)
let frameCases = [
    FrameCase(name: "64 B", plaintextLength: 64, batch: 500),
    FrameCase(name: "1 KiB", plaintextLength: 1024, batch: 200),
    FrameCase(name: "49111 B", plaintextLength: 49_111, batch: 8),
]
for c in frameCases { reportPairs(sealOpen(c, keys: keys), pairs: framePairs) }
for c in frameCases {
    let opens = FrameCase(name: c.name, plaintextLength: c.plaintextLength, batch: c.batch * 2)
    reportPairs(openFullWindow(opens, keys: keys), pairs: framePairs)
}
ChunkingBench.run(keys: keys, pairs: chunkingPairs)
for c in frameCases.prefix(2) {
    let opens = FrameCase(name: c.name, plaintextLength: c.plaintextLength, batch: 500)
    reportPairs(openFullSessionMemory(opens, keys: keys, pairs: memoryPairs + 3), pairs: memoryPairs)
}
