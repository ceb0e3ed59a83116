/// The receiver's side of chunking (CHUNK-4 to CHUNK-7): complete envelopes out of frame
/// plaintexts, with memory bounded by the limits.
///
/// Every piece but the last has exactly `pieceLength` bytes (CHUNK-3), so piece `seq` is copied
/// straight to offset `seq * pieceLength` of one buffer per message: no list of pieces, no
/// second copy when the message completes. A partial message costs at most `total *
/// pieceLength` bytes, and there are at most `maximumPartials` of them (CHUNK-7).
///
/// Rejections leave every partial message as it was (ENV-6): a chunk that conflicts with its
/// message is dropped, not allowed to destroy the pieces already received. Time is an input:
/// the caller passes `now` to `expire(now:)` before each step (CHUNK-5).
public struct Reassembler: Sendable {
    public let role: Role
    public let limits: EnvelopeLimits
    private var partials: [String: PartialMessage] = [:]
    /// The most bytes of pieces this reassembler has held at once, for the benchmark.
    public private(set) var peakBufferedBytes = 0

    /// What one plaintext gave.
    public enum Outcome: Equatable, Sendable {
        /// A complete envelope: the bytes it was read from (the frame's plaintext, or the
        /// reassembled message) and the envelope.
        case message(bytes: [UInt8], envelope: Envelope)
        /// A chunk was kept; the message is not complete yet.
        case partial(requestId: String, received: Int, total: Int)
    }

    public init(role: Role, limits: EnvelopeLimits = .standard) {
        self.role = role
        self.limits = limits
    }

    /// Whether a message of `requestId` is being reassembled.
    public func isReassembling(_ requestId: String) -> Bool { partials[requestId] != nil }

    /// CHUNK-5: discards every partial message whose deadline is earlier than `now` and returns
    /// their request ids, sorted by byte value. A deadline equal to `now` is still alive.
    public mutating func expire(now: Int64) -> [String] {
        let expired = partials.filter { $0.value.deadline < now }.keys.sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
        for id in expired { partials[id] = nil }
        return expired
    }

    /// Reads one frame plaintext. `admit` is asked before a chunk starts a new partial message
    /// (RPC-2 at the core, RPC-4 at the device) and throws to refuse it.
    public mutating func receive(
        _ plaintext: [UInt8],
        now: Int64,
        admit: (String) throws(EnvelopeError) -> Void = { _ in }
    ) throws(EnvelopeError) -> Outcome {
        let envelope = try EnvelopeParser.parse(plaintext, receiver: role, limits: limits)
        guard case .chunk(let seq, let total, let data) = envelope.body else {
            return .message(bytes: plaintext, envelope: envelope)
        }
        let id = envelope.requestId
        // Taken out of the dictionary while it changes, so the buffer has one owner and a piece
        // is copied in place instead of the whole buffer being copied on write.
        if var partial = partials.removeValue(forKey: id) {
            guard partial.total == total else {
                partials[id] = partial
                throw .chunkTotalMismatch
            }
            guard !partial.received[seq] else {
                partials[id] = partial
                throw .duplicateChunk
            }
            partial.store(seq: seq, piece: data)
            guard partial.isComplete else {
                partials[id] = partial
                return .partial(requestId: id, received: partial.receivedCount, total: total)
            }
            return try complete(partial.takeMessage(), requestId: id)
        }
        try admit(id)
        if total == 1 { return try complete(data, requestId: id) }
        guard partials.count < limits.maximumPartials else { throw .tooManyPartials }
        var partial = PartialMessage(
            total: total,
            pieceLength: limits.pieceLength,
            deadline: now.saturatingAdd(limits.chunkTimeout)
        )
        partial.store(seq: seq, piece: data)
        partials[id] = partial
        peakBufferedBytes = max(peakBufferedBytes, partials.values.reduce(0) { $0 + $1.bufferedBytes })
        return .partial(requestId: id, received: 1, total: total)
    }

    /// CHUNK-6: the reassembled bytes are read as an envelope, which must not be a chunk and
    /// must carry its chunks' request id.
    private func complete(_ message: [UInt8], requestId: String) throws(EnvelopeError) -> Outcome {
        let inner = try EnvelopeParser.parse(message, receiver: role, limits: limits)
        if case .chunk = inner.body { throw .nestedChunk }
        guard inner.requestId == requestId else { throw .chunkRequestIDMismatch }
        return .message(bytes: message, envelope: inner)
    }
}

/// One message being reassembled: a buffer of `total * pieceLength` bytes, which pieces have
/// arrived, and the deadline of CHUNK-5.
struct PartialMessage: Sendable {
    let total: Int
    let deadline: Int64
    private let pieceLength: Int
    private(set) var received: [Bool]
    private(set) var receivedCount = 0
    private var buffer: [UInt8]
    private var lastPieceLength = 0

    init(total: Int, pieceLength: Int, deadline: Int64) {
        self.total = total
        self.deadline = deadline
        self.pieceLength = pieceLength
        received = [Bool](repeating: false, count: total)
        buffer = [UInt8](repeating: 0, count: total * pieceLength)
    }

    var bufferedBytes: Int { buffer.count }
    var isComplete: Bool { receivedCount == total }

    mutating func store(seq: Int, piece: [UInt8]) {
        let offset = seq * pieceLength
        buffer.withUnsafeMutableBufferPointer { out in
            piece.withUnsafeBufferPointer { src in
                out.baseAddress!.advanced(by: offset).update(from: src.baseAddress!, count: src.count)
            }
        }
        if seq == total - 1 { lastPieceLength = piece.count }
        received[seq] = true
        receivedCount += 1
    }

    /// The complete message, every piece but the last being full (CHUNK-3); the buffer is handed
    /// over, not copied.
    mutating func takeMessage() -> [UInt8] {
        buffer.removeSubrange(((total - 1) * pieceLength + lastPieceLength)...)
        let message = buffer
        buffer = []
        return message
    }
}
