import OpenHumanTunnel

/// The envelopes of one session, read as each receiver reads them (VERIFY-6): the library's
/// parser and reassembler, plus the two sender rules a receiver cannot see from one frame
/// (chunks in increasing `seq`, CHUNK-2; a message that fits one frame is not chunked, CHUNK-1).
struct EnvelopeFlow {
    private var reassemblers: [Role: Reassembler] = [:]
    /// The next `seq` each sender owes per request id it is chunking.
    private var nextSeq: [Role: [String: Int]] = [:]

    struct Problem: Error, Equatable {
        let requirement: String
        let detail: String
    }

    /// Reads a plaintext `sender` sealed at `now` (ms); the lines to show, or the rule broken.
    mutating func read(_ plaintext: [UInt8], from sender: Role, now: Int64) throws(Problem) -> [String] {
        let receiver: Role = sender == .device ? .core : .device
        var reassembler = reassemblers[receiver] ?? Reassembler(role: receiver)
        defer { reassemblers[receiver] = reassembler }
        var lines = reassembler.expire(now: now).map { "chunked message \($0) timed out at the receiver (CHUNK-5)" }
        let envelope: Envelope
        do { envelope = try EnvelopeParser.parse(plaintext, receiver: receiver) } catch {
            throw Problem(requirement: Self.requirement(for: error), detail: "envelope refused: \(error.code)")
        }
        if case .chunk(let seq, let total, _) = envelope.body {
            let expected = nextSeq[sender]?[envelope.requestId] ?? 0
            guard seq == expected else {
                throw Problem(
                    requirement: "CHUNK-2",
                    detail: "chunk \(seq) of \(total) of \(envelope.requestId) where chunk \(expected) was due"
                )
            }
            nextSeq[sender, default: [:]][envelope.requestId] = seq + 1 == total ? nil : seq + 1
        }
        let outcome: Reassembler.Outcome
        do { outcome = try reassembler.receive(plaintext, now: now) } catch {
            throw Problem(requirement: Self.requirement(for: error), detail: "envelope refused: \(error.code)")
        }
        switch outcome {
        case .partial(let id, let received, let total):
            lines.append("chunk \(received) of \(total) of request \(id)")
        case .message(let bytes, _):
            if case .chunk(_, let total, _) = envelope.body {
                guard bytes.count > Limits.maximumPlaintextLength else {
                    throw Problem(
                        requirement: "CHUNK-1",
                        detail: "a message of \(bytes.count) bytes was sent as \(total) chunks, not one frame"
                    )
                }
                lines.append("reassembled from \(total) chunks, \(bytes.count) bytes:")
            }
            lines.append(TranscriptText.excerpt(bytes))
        }
        return lines
    }

    /// The rule a sender broke when a receiver refuses its envelope with `error`.
    static func requirement(for error: EnvelopeError) -> String {
        switch error {
        case .unexpectedKind: "ENV-1"
        case .badBase64: "CHUNK-3"
        case .badChunkSize, .messageTooLarge: "CHUNK-1"
        case .chunkTotalMismatch, .duplicateChunk: "CHUNK-2"
        case .tooManyPartials: "CHUNK-4"
        case .firstChunkMissing: "CHUNK-2"
        case .nestedChunk, .chunkRequestIDMismatch: "CHUNK-6"
        default: "ENV-2"
        }
    }
}
