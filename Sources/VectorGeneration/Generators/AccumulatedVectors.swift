import AdapterOperations
import VectorFormat

/// `vectors/accumulated.json`: the accumulated session-frame test for 1, 100, 10,000 and
/// (flagged slow) 1,000,000 cases of one seed. Runner-driven: operation `accumulated`.
enum AccumulatedVectors {
    /// Slow hashes, pinned so that a routine `vectorgen` run stays fast. `vectorgen --slow`
    /// recomputes them with the reference and fails when a pin is stale; tools/accumulated.py
    /// reproduces them independently.
    static let pinnedHashes: [Int: String] = [
        1_000_000: "df72a861a44f202a4cf65785480fb48fee64247bea602a718effa5b029626788"
    ]

    static func make(options: GenerationOptions) throws -> VectorFile {
        var file = VectorFileBuilder(
            area: "accumulated",
            description:
                "Accumulated randomized test: cases drawn from a SHA-256 counter-mode stream (spec/kit/01-vectors.md), "
                + "each a frame sealed by one role with random keys, nonce and a 0 to 1,024-byte plaintext, a quarter with a "
                + "flipped bit and a quarter truncated, opened by the other role; one SHA-256 over all frames and results.",
            flags: [
                "Accumulated": Flag(
                    description: "Many generated cases checked through one hash.",
                    bug: "A bug on rare lengths, bit positions or roles that fixed vectors miss."
                ),
                Flag.slow: Flag(
                    description: "Takes minutes; a runner runs it only when asked for slow vectors.",
                    bug: "The same as Accumulated, for bugs rarer than one in 10,000 cases."
                ),
            ]
        )
        let requirements = ["FRAME-SEAL-1", "FRAME-OPEN-1", "FRAME-OPEN-2", "FRAME-OPEN-3", "FRAME-OPEN-6", "KDF-5"]
        for count in [1, 100, 10_000, 1_000_000] {
            let name = "session-frames-\(count)"
            let pinned = pinnedHashes[count]
            var outcome: OperationOutcome? = nil
            if let pinned, !options.computeSlow {
                outcome = .output(["sha256": .string(pinned)])
            }
            try file.add(
                name,
                operation: "accumulated",
                requirements: requirements,
                comment: "The first \(count) case\(count == 1 ? "" : "s") of the seed \(AccumulatedTest.seed).",
                flags: count > 10_000 ? ["Accumulated", Flag.slow] : ["Accumulated"],
                input: ["seed": .string(AccumulatedTest.seed), "cases": .int(Int64(count))],
                precomputed: outcome,
                expect: pinned.map { .output(["sha256": .string($0)]) } ?? .valid
            )
        }
        return try file.build()
    }
}
