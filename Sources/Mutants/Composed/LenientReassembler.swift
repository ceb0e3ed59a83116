import AdapterOperations
import OpenHumanTunnel
import ReferenceAdapter
import VectorFormat

/// The reassembler of the mutants of CHUNK-4 and CHUNK-6. It keeps its own copy of every piece
/// the library's `Reassembler` took, as a naive receiver keeps a list of pieces, so where the
/// library refuses a chunk it can answer what that naive receiver would: the duplicate or the
/// conflicting chunk taken, or the reassembled message delivered unchecked.
struct LenientReassembler: ReassemblerEndpoint {
    static let mutants: Set<Mutant> = [
        .duplicateChunkOverwrites, .conflictingTotalIgnored,
        .nestedChunkAccepted, .chunkRequestIDNotCompared, .chunkStartsAnywhere,
    ]

    var inner: Reassembler
    let mutant: Mutant
    /// The pieces of every partial message by seq, and the total its first chunk gave.
    private var partials: [String: (total: Int, pieces: [Int: [UInt8]])] = [:]

    init(inner: Reassembler, mutant: Mutant) {
        self.inner = inner
        self.mutant = mutant
    }

    mutating func expire(now: Int64) -> [String] {
        let expired = inner.expire(now: now)
        for id in expired { partials[id] = nil }
        return expired
    }

    mutating func receive(
        _ plaintext: [UInt8],
        now: Int64,
        admit: (String) throws(EnvelopeError) -> Void
    ) throws(EnvelopeError) -> Reassembler.Outcome {
        let chunk = try? EnvelopeParser.parse(plaintext, receiver: inner.role, limits: inner.limits)
        do {
            let outcome = try inner.receive(plaintext, now: now, admit: admit)
            if let chunk, case .chunk(let seq, let total, let data) = chunk.body {
                switch outcome {
                case .partial: partials[chunk.requestId, default: (total, [:])].pieces[seq] = data
                case .message: partials[chunk.requestId] = nil
                }
            }
            return outcome
        } catch let error {
            guard let chunk, case .chunk(let seq, let total, let data) = chunk.body else { throw error }
            let id = chunk.requestId
            // A message of one chunk never had a partial.
            var partial = partials[id] ?? (total, [:])
            switch (error, mutant) {
            case (.duplicateChunk, .duplicateChunkOverwrites) where partials[id] != nil,
                (.chunkTotalMismatch, .conflictingTotalIgnored) where partials[id] != nil:
                partial.pieces[seq] = data
                partials[id] = partial
                return .partial(requestId: id, received: partial.pieces.count, total: partial.total)
            case (.firstChunkMissing, .chunkStartsAnywhere):
                // Suite 2.3's receiver: any chunk starts a message (and takes a partial slot).
                partial.pieces[seq] = data
                partials[id] = partial
                return .partial(requestId: id, received: partial.pieces.count, total: partial.total)
            case (.nestedChunk, .nestedChunkAccepted), (.chunkRequestIDMismatch, .chunkRequestIDNotCompared):
                partial.pieces[seq] = data
                partials[id] = nil
                let message = partial.pieces.keys.sorted().flatMap { partial.pieces[$0]! }
                return .message(
                    bytes: message,
                    envelope: try EnvelopeParser.parse(message, receiver: inner.role, limits: inner.limits)
                )
            default:
                throw error
            }
        }
    }
}
