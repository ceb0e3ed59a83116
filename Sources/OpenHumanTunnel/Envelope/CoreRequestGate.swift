/// The core's side of the envelope layer for one channel: reassembly, the request-id memory of
/// RPC-2 (the current session's, and the previous session's for the retry window), and the
/// dispatch decision of RPC-6 under the device's grant (AUTH-1 to AUTH-5).
///
/// A request whose id is remembered is a retry or a copy: it is never dispatched again, and it is
/// answered from what the core did with it (RPC-2), so a retry after a lost answer or a
/// re-handshake (ENV-5) learns the outcome instead of running the action twice (review R3-6).
///
/// It decides; it does not run methods. A `dispatch` decision hands the method to the
/// application, whose answer the core sends with `EnvelopeEncoder` and `ChunkSplitter`. The
/// ping and every refusal the layer answers itself, so a method outside the grant never reaches
/// application code.
public struct CoreRequestGate: Sendable {
    /// The methods every grant contains (AUTH-3), answered by the layer with `{"ok":true}`.
    public static let pingMethods: Set<String> = ["openhuman.ping", "core.ping"]
    public static let pingResult = Array("{\"ok\":true}".utf8)

    public let grant: Set<String>
    public let methods: Set<String>
    /// When the user last granted or renewed the grant at the desktop, on the `now` clock: the
    /// grant beyond the pings lapses `limits.grantLifetime` later (AUTH-5).
    public let grantedAt: Int64
    private var reassembler: Reassembler
    /// What the core did with an accepted request, and when (RPC-2).
    public enum Done: Sendable, Equatable {
        case pinged, notAllowed, unknownMethod, dispatched
    }
    private struct Remembered: Sendable {
        let done: Done
        let at: Int64
    }

    /// How long, in ms after acceptance, a request of the previous session is remembered (RPC-2).
    public static let retryWindow: Int64 = 600_000

    /// Every request id accepted in the current session (RPC-2). Ids are at most 64 bytes; a core
    /// that must keep 2^20 of them may store 128-bit hashes instead, as RPC-2 allows.
    private var accepted: [String: Remembered] = [:]
    /// The previous session's, remembered for `retryWindow` after each was accepted.
    private var previous: [String: Remembered] = [:]
    /// Requests accepted in the session, counted against RPC-2's bound: the ids above plus the
    /// `acceptedBefore` the session was created with.
    private var acceptedCount: Int

    public enum Decision: Equatable, Sendable {
        /// RPC-6 step 4: run `method`.
        case dispatch(requestId: String, method: String, params: JSONNode, stream: Bool)
        /// Frame plaintexts the layer sends at once: the ping's response or a refusal.
        case reply([[UInt8]])
        /// A chunk was kept (CHUNK-4).
        case partial(requestId: String, received: Int, total: Int)
    }

    /// `acceptedBefore` counts requests the session accepted before this gate saw any, with ids
    /// no later request uses (ADP-66): it lets a test reach RPC-2's bound without sending them.
    public init(
        grant: Set<String>,
        methods: Set<String>,
        limits: EnvelopeLimits = .standard,
        acceptedBefore: Int = 0,
        grantedAt: Int64 = 0
    ) {
        self.grant = grant
        self.methods = methods
        self.grantedAt = grantedAt
        acceptedCount = acceptedBefore
        reassembler = Reassembler(role: .core, limits: limits)
    }

    public var limits: EnvelopeLimits { reassembler.limits }

    /// CHUNK-5, before each step.
    public mutating func expire(now: Int64) -> [String] { reassembler.expire(now: now) }

    /// A new session of the channel begins (SESS-1): the current session's ids become the
    /// previous session's, its partial messages and its request count end.
    public mutating func startSession() {
        previous = accepted
        accepted = [:]
        acceptedCount = 0
        reassembler = Reassembler(role: .core, limits: reassembler.limits)
    }

    /// What the core did with `requestId`, if it still remembers it at `now` (RPC-2).
    public func remembered(_ requestId: String, now: Int64) -> Done? {
        if let known = accepted[requestId] { return known.done }
        guard let earlier = previous[requestId], now <= earlier.at.saturatingAdd(Self.retryWindow) else { return nil }
        return earlier.done
    }

    public mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> Decision {
        var duplicate: (id: String, done: Done)?
        let outcome: Reassembler.Outcome
        do {
            outcome = try reassembler.receive(plaintext, now: now) { [self] id throws(EnvelopeError) in
                // RPC-2 before a chunk may start a partial message: a used id buffers nothing.
                if let done = remembered(id, now: now) {
                    duplicate = (id, done)
                    throw .duplicateRequestID
                }
            }
        } catch .duplicateRequestID where duplicate != nil {
            return .reply(try answer(again: duplicate!.done, requestId: duplicate!.id))
        }
        switch outcome {
        case .partial(let id, let received, let total):
            return .partial(requestId: id, received: received, total: total)
        case .message(_, let envelope):
            // The only complete kind a core's parser lets through is a request (ENV-6 step 4).
            guard case .request(let method, let params, let stream) = envelope.body else { throw .unexpectedKind }
            let id = envelope.requestId
            if let done = remembered(id, now: now) { return .reply(try answer(again: done, requestId: id)) }
            // Nothing was done yet with a message being reassembled: refused, not answered.
            guard !reassembler.isReassembling(id) else { throw .duplicateRequestID }
            guard acceptedCount < limits.maximumRequests else { throw .tooManyRequests }
            let (decision, done) = try decide(requestId: id, method: method, params: params, stream: stream, now: now)
            accepted[id] = Remembered(done: done, at: now)
            acceptedCount += 1
            return decision
        }
    }

    /// RPC-6: the grant first, so a device learns nothing about methods outside it.
    private func decide(
        requestId: String,
        method: String,
        params: JSONNode,
        stream: Bool,
        now: Int64
    ) throws(EnvelopeError) -> (Decision, Done) {
        // AUTH-5: a lapsed grant holds only the pings, which AUTH-3 adds to every grant.
        let lapsed = now > grantedAt.saturatingAdd(limits.grantLifetime)
        let done: Done
        if !(grant.contains(method) && !lapsed) && !Self.pingMethods.contains(method) {
            done = .notAllowed
        } else if Self.pingMethods.contains(method) {
            done = .pinged
        } else if !methods.contains(method) {
            done = .unknownMethod
        } else {
            return (.dispatch(requestId: requestId, method: method, params: params, stream: stream), .dispatched)
        }
        return (.reply(try answer(again: done, requestId: requestId)), done)
    }

    /// The layer's answer for what it did: the same bytes the first time and for every retry; a
    /// dispatched request's retry learns `duplicate_request_id`, since its answer is the
    /// application's and is sent once (RPC-2).
    private func answer(again done: Done, requestId: String) throws(EnvelopeError) -> [[UInt8]] {
        switch done {
        case .pinged: try answer(.response(requestId: requestId, payloadText: Self.pingResult))
        case .notAllowed: try answer(.error(requestId: requestId, code: "method_not_allowed", detail: nil))
        case .unknownMethod: try answer(.error(requestId: requestId, code: "unknown_method", detail: nil))
        case .dispatched: try answer(.error(requestId: requestId, code: "duplicate_request_id", detail: nil))
        }
    }

    private func answer(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [[UInt8]] {
        try ChunkSplitter(
            requestId: envelope.requestId,
            message: try EnvelopeEncoder.encode(envelope),
            limits: limits
        ).plaintexts
    }
}
