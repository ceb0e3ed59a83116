/// The core's side of the envelope layer for one session: reassembly, the request-id memory of
/// RPC-2, and the dispatch decision of RPC-6 under the device's grant (AUTH-1 to AUTH-3).
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
    /// Every request id accepted in the session (RPC-2). Ids are at most 64 bytes; a core that
    /// must keep 2^20 of them may store 128-bit hashes instead, as RPC-2 allows.
    private var accepted = Set<String>()
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

    public mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> Decision {
        let accepted = self.accepted
        let outcome = try reassembler.receive(plaintext, now: now) { id throws(EnvelopeError) in
            // RPC-2 before a chunk may start a partial message: a used id buffers nothing.
            if accepted.contains(id) { throw .duplicateRequestID }
        }
        switch outcome {
        case .partial(let id, let received, let total):
            return .partial(requestId: id, received: received, total: total)
        case .message(_, let envelope):
            // The only complete kind a core's parser lets through is a request (ENV-6 step 4).
            guard case .request(let method, let params, let stream) = envelope.body else { throw .unexpectedKind }
            let id = envelope.requestId
            guard !self.accepted.contains(id), !reassembler.isReassembling(id) else { throw .duplicateRequestID }
            guard acceptedCount < limits.maximumRequests else { throw .tooManyRequests }
            self.accepted.insert(id)
            acceptedCount += 1
            return try decide(requestId: id, method: method, params: params, stream: stream, now: now)
        }
    }

    /// RPC-6: the grant first, so a device learns nothing about methods outside it.
    private func decide(
        requestId: String,
        method: String,
        params: JSONNode,
        stream: Bool,
        now: Int64
    ) throws(EnvelopeError) -> Decision {
        // AUTH-5: a lapsed grant holds only the pings, which AUTH-3 adds to every grant.
        let lapsed = now > grantedAt.saturatingAdd(limits.grantLifetime)
        guard (grant.contains(method) && !lapsed) || Self.pingMethods.contains(method) else {
            return .reply(try answer(.error(requestId: requestId, code: "method_not_allowed", detail: nil)))
        }
        if Self.pingMethods.contains(method) {
            return .reply(try answer(.response(requestId: requestId, payloadText: Self.pingResult)))
        }
        guard methods.contains(method) else {
            return .reply(try answer(.error(requestId: requestId, code: "unknown_method", detail: nil)))
        }
        return .dispatch(requestId: requestId, method: method, params: params, stream: stream)
    }

    private func answer(_ envelope: OutgoingEnvelope) throws(EnvelopeError) -> [[UInt8]] {
        try ChunkSplitter(
            requestId: envelope.requestId,
            message: try EnvelopeEncoder.encode(envelope),
            limits: limits
        ).plaintexts
    }
}
