/// The device's side of the envelope layer for one session: pending requests, their deadlines,
/// stream order, and reassembly of chunked answers (RPC-4, RPC-5, STREAM-2, ENV-5).
///
/// An answer is delivered only to a request that is waiting for it: a late, unknown or replayed
/// answer is `unknown_request` and changes nothing, and a chunk of such an answer is refused
/// before it is buffered, so a core cannot make the phone hold data nobody awaits.
public struct DeviceRequests: Sendable {
    private struct Pending: Sendable {
        let stream: Bool
        let timeout: Int64
        var deadline: Int64
        var nextSeq: Int64 = 0
    }

    private var reassembler: Reassembler
    private var pending: [String: Pending] = [:]

    /// What a received plaintext gave.
    public enum Event: Equatable, Sendable {
        case response(requestId: String, payload: JSONNode)
        case error(requestId: String, code: String, detail: String?)
        case streamChunk(requestId: String, seq: Int64, payload: JSONNode)
        case streamEnd(requestId: String, seq: Int64, payload: JSONNode)
        case partial(requestId: String, received: Int, total: Int)
    }

    public init(limits: EnvelopeLimits = .standard) {
        reassembler = Reassembler(role: .device, limits: limits)
    }

    /// How many partial answers are being reassembled (CHUNK-4).
    public var partialCount: Int { reassembler.partialCount }

    /// RPC-5 and CHUNK-5, before each step: the requests whose deadline passed (each failed
    /// with `request_timeout`) and the partial messages discarded, both sorted.
    public mutating func expire(now: Int64) -> (timedOut: [String], expired: [String]) {
        let timedOut = pending.filter { $0.value.deadline < now }.keys
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for id in timedOut { pending[id] = nil }
        return (timedOut, reassembler.expire(now: now))
    }

    /// Encodes and splits a request, and records it as pending with deadline `now + timeout`. An
    /// id that is not pending (timed out or answered) may be sent again: that is a retry of the
    /// same action (ENV-5), which the core answers from what it did; a pending id is refused, so
    /// one action is never in flight twice.
    public mutating func send(
        requestId: String,
        method: String,
        paramsText: [UInt8]?,
        stream: Bool,
        timeout: Int64,
        now: Int64
    ) throws(EnvelopeError) -> [[UInt8]] {
        guard pending[requestId] == nil else { throw .duplicateRequestID }
        let message = try EnvelopeEncoder.encode(
            .request(
                requestId: requestId,
                method: method,
                paramsText: paramsText,
                stream: stream
            )
        )
        let plaintexts = try ChunkSplitter(requestId: requestId, message: message, limits: reassembler.limits)
            .plaintexts
        pending[requestId] = Pending(stream: stream, timeout: timeout, deadline: now.saturatingAdd(timeout))
        return plaintexts
    }

    /// Reads one frame plaintext. A stream envelope out of order, or for a request that asked
    /// for no stream, fails and removes that request: the error is thrown after the removal.
    public mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> Event {
        let waiting = Set(pending.keys)
        let outcome = try reassembler.receive(plaintext, now: now) { id throws(EnvelopeError) in
            if !waiting.contains(id) { throw .unknownRequest }
        }
        guard case .message(_, let envelope) = outcome else {
            guard case .partial(let id, let received, let total) = outcome else { preconditionFailure("two cases") }
            return .partial(requestId: id, received: received, total: total)
        }
        let id = envelope.requestId
        guard var request = pending[id] else { throw .unknownRequest }
        switch envelope.body {
        case .response(let payload):
            pending[id] = nil
            return .response(requestId: id, payload: payload)
        case .error(let code, let detail):
            pending[id] = nil
            return .error(requestId: id, code: code, detail: detail)
        case .streamChunk(let seq, let payload):
            try checkStream(request, id: id, seq: seq)
            request.nextSeq += 1
            request.deadline = now.saturatingAdd(request.timeout)
            pending[id] = request
            return .streamChunk(requestId: id, seq: seq, payload: payload)
        case .streamEnd(let seq, let payload):
            try checkStream(request, id: id, seq: seq)
            pending[id] = nil
            return .streamEnd(requestId: id, seq: seq, payload: payload)
        case .request, .chunk:
            // A device's parser refuses `request`, and the reassembler never returns a chunk.
            throw .unexpectedKind
        }
    }

    /// STREAM-2: a stream envelope belongs to a stream request and comes in `seq` order;
    /// otherwise the request fails and is removed.
    private mutating func checkStream(_ request: Pending, id: String, seq: Int64) throws(EnvelopeError) {
        guard request.stream else {
            pending[id] = nil
            throw .notStreaming
        }
        guard seq == request.nextSeq else {
            pending[id] = nil
            throw .streamOutOfOrder
        }
    }
}
