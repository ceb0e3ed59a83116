/// The receiver's side of chunking (CHUNK-4 to CHUNK-7): complete envelopes out of frame
/// plaintexts, with memory bounded by the limits.
///
/// A partial message starts only at its first chunk (`seq` 0) and holds exactly the pieces
/// received, each kept as its own array (CHUNK-7: nothing is reserved for pieces that have not
/// arrived, so a 110-byte frame cannot make the receiver reserve 16 MiB, review R3-8). The
/// pieces are joined once, into one buffer of the message's exact length, when the last one
/// arrives. There are at most `maximumPartials` partial messages.
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

    /// How many partial messages are held (CHUNK-4).
    public var partialCount: Int { partials.count }

    /// The bytes the partial messages' pieces occupy, as allocated (array capacities), for
    /// the memory bound of CHUNK-7.
    public var reservedBytes: Int { partials.values.reduce(0) { $0 + $1.reservedBytes } }

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
            guard !partial.hasPiece(seq) else {
                partials[id] = partial
                throw .duplicateChunk
            }
            partial.store(seq: seq, piece: data)
            guard partial.isComplete else {
                partials[id] = partial
                notePeak()
                return .partial(requestId: id, received: partial.receivedCount, total: total)
            }
            return try complete(partial.takeMessage(), requestId: id)
        }
        try admit(id)
        // CHUNK-4: only the first piece starts a message, so an arrival out of order cannot
        // claim a partial slot for a message whose start nobody sent.
        guard seq == 0 else { throw .firstChunkMissing }
        if total == 1 { return try complete(data, requestId: id) }
        guard partials.count < limits.maximumPartials else { throw .tooManyPartials }
        var partial = PartialMessage(total: total, deadline: now.saturatingAdd(limits.chunkTimeout))
        partial.store(seq: seq, piece: data)
        partials[id] = partial
        notePeak()
        return .partial(requestId: id, received: 1, total: total)
    }

    private mutating func notePeak() {
        peakBufferedBytes = max(peakBufferedBytes, partials.values.reduce(0) { $0 + $1.bufferedBytes })
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

/// One message being reassembled: the pieces received so far, each held as its own array
/// (CHUNK-7: no more memory than the bytes received), and the deadline of CHUNK-5.
struct PartialMessage: Sendable {
    let total: Int
    let deadline: Int64
    private var pieces: [[UInt8]?]
    private(set) var receivedCount = 0

    init(total: Int, deadline: Int64) {
        self.total = total
        self.deadline = deadline
        pieces = [[UInt8]?](repeating: nil, count: total)
    }

    var bufferedBytes: Int { pieces.reduce(0) { $0 + ($1?.count ?? 0) } }
    var reservedBytes: Int { pieces.reduce(0) { $0 + ($1?.capacity ?? 0) } }
    var isComplete: Bool { receivedCount == total }

    func hasPiece(_ seq: Int) -> Bool { pieces[seq] != nil }

    mutating func store(seq: Int, piece: [UInt8]) {
        pieces[seq] = piece
        receivedCount += 1
    }

    /// The complete message: the pieces in `seq` order, joined into one buffer of exactly the
    /// message's length; the pieces are released as they are copied.
    mutating func takeMessage() -> [UInt8] {
        var message: [UInt8] = []
        message.reserveCapacity(bufferedBytes)
        for seq in pieces.indices {
            message += pieces[seq] ?? []
            pieces[seq] = nil
        }
        return message
    }
}
