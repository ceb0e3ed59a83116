import OpenHumanTunnel
import VectorFormat

/// The `envelope-reassemble` steps by which the runner hands an adapter a split message, shared
/// by the live chunking check and interop so that both deliver chunks the same way.
enum ReassemblySteps {
    /// Whether the chunks' hex fits a request line with room to spare (ADP-2's line cap):
    /// otherwise the adapter rebuilds each chunk from a `splitOf` reference (ADP-61).
    static func fitOnALine(_ chunks: [[UInt8]]) -> Bool {
        chunks.reduce(0) { $0 + $1.count } * 2 < 3_000_000
    }

    /// The first chunk first, as CHUNK-4 requires (a partial message starts only at `seq` 0),
    /// then the others in reverse order, so that reassembly by `seq` rather than by arrival is
    /// what gets tested; one second of `now` per step. Each step carries its chunk's plaintext
    /// when the chunks fit on a line, else a `splitOf` of `generated` under `requestId`.
    static func firstThenReversed(_ chunks: [[UInt8]], requestId: String, generated: JSONValue) -> [JSONValue] {
        let explicit = fitOnALine(chunks)
        let order = [0] + chunks.indices.dropFirst().reversed()
        return order.enumerated().map { position, index in
            let now = JSONValue.int(Int64(position))
            if explicit { return ["plaintext": .hex(chunks[index]), "now": now] }
            return [
                "splitOf": ["requestId": .string(requestId), "generated": generated, "index": .int(Int64(index))],
                "now": now,
            ]
        }
    }
}
