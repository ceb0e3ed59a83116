/// The receiver's partial messages (spec/14-sessions-v3.md 14.6, V3-FRAG-2, V3-FRAG-3): at most
/// 4, each the pieces received in order and their count, so nothing is reserved for data that
/// has not arrived (review R3-8).
///
/// Checking and applying are separate: `check` decides what a record does without changing
/// anything, so the session can refuse the record with its frame still unrecorded, and `apply`
/// carries the decision out once the frame is accepted.
public struct Reassembly: Sendable {
    public static let maximumPartials = 4

    private struct Partial: Sendable {
        let total: Int
        var pieces: [ArraySlice<UInt8>]
        var received: Int
    }

    /// What a checked record does.
    enum Action {
        case deliver([UInt8])
        case start(id: UInt32, total: Int, piece: ArraySlice<UInt8>)
        case append(id: UInt32, piece: ArraySlice<UInt8>)
    }

    private var partials: [UInt32: Partial] = [:]
    /// The most bytes the partial messages and a message being joined held at once.
    public private(set) var peakHeldBytes = 0

    public init() {}

    /// The number of partial messages held.
    public var partialCount: Int { partials.count }

    /// V3-FRAG-2: what `content` does, or its refusal.
    func check(_ content: [UInt8]) throws(TunnelError) -> Action {
        guard let fragment = try MessageRecord.read(content) else { return .deliver(Array(content.dropFirst())) }
        let piece = content[fragment.data]
        guard let partial = partials[fragment.id] else {
            guard fragment.offset == 0 else { throw .fragmentOutOfOrder }
            guard partials.count < Self.maximumPartials else { throw .tooManyPartials }
            return .start(id: fragment.id, total: fragment.total, piece: piece)
        }
        guard fragment.total == partial.total else { throw .badFragment }
        guard fragment.offset == partial.received else { throw .fragmentOutOfOrder }
        return .append(id: fragment.id, piece: piece)
    }

    /// Carries out a checked action; returns the message it completes, if any.
    mutating func apply(_ action: Action) -> [UInt8]? {
        switch action {
        case .deliver(let message):
            return message
        case .start(let id, let total, let piece):
            partials[id] = Partial(total: total, pieces: [piece], received: piece.count)
            return complete(id)
        case .append(let id, let piece):
            partials[id]!.pieces.append(piece)
            partials[id]!.received += piece.count
            return complete(id)
        }
    }

    /// The message of partial `id` once it holds `total` bytes, joined piece by piece, each
    /// piece released as it is copied so the join holds little more than the message.
    private mutating func complete(_ id: UInt32) -> [UInt8]? {
        let held = partials.values.reduce(0) { $0 + $1.received }
        peakHeldBytes = max(peakHeldBytes, held)
        guard var partial = partials[id], partial.received == partial.total else { return nil }
        partials[id] = nil
        var message = [UInt8]()
        message.reserveCapacity(partial.total)
        var index = 0
        while index < partial.pieces.count {
            message.append(contentsOf: partial.pieces[index])
            partial.pieces[index] = []
            index += 1
        }
        return message
    }
}
