import AdapterOperations
import OpenHumanTunnel

/// The envelope layer (chapter 11) with the mutants that concern it: wrong limits, a sender
/// form with spaces, receiver codes renamed, and a grant that is not consulted. Every other
/// path is the library's.
enum ComposedEnvelope {
    static func limits(_ mutant: Mutant?) -> EnvelopeLimits {
        var limits = EnvelopeLimits.standard
        switch mutant {
        case .deployedChunkSize: limits.pieceLength = 61_440
        case .chunkDeadlineOffByOne: limits.chunkTimeout -= 1
        case .fivePartialMessages: limits.maximumPartials = 5
        case .noMessageSizeLimit: limits.maximumMessageLength *= 2
        case .noRequestBound: limits.maximumRequests = .max
        case .requestBoundOffByOne: limits.maximumRequests += 1
        case .grantNeverLapses: limits.grantLifetime = .max
        default: break
        }
        return limits
    }

    static func encode(_ envelope: OutgoingEnvelope, mutant: Mutant?) throws(EnvelopeError) -> [UInt8] {
        // The params text read before the method name is looked at.
        if mutant == .senderChecksValueFirst, case .request(let id, _, let params?, let stream) = envelope {
            _ = try EnvelopeEncoder.encode(.request(requestId: id, method: "m", paramsText: params, stream: stream))
        }
        let bytes = try EnvelopeEncoder.encode(envelope)
        guard mutant == .envelopeWithSpaces else { return bytes }
        // A default JSON encoder's separators: ": " and ", " between the envelope's own members.
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(
            text.replacing("\",\"kind\":", with: "\", \"kind\": ").replacing(",\"seq\":", with: ", \"seq\": ").utf8
        )
    }

    static func parse(
        _ plaintext: [UInt8],
        role: Role,
        limits: EnvelopeLimits,
        mutant: Mutant?
    ) throws(EnvelopeError) -> Envelope {
        let envelope: Envelope
        do {
            envelope = try EnvelopeParser.parse(plaintext, receiver: role, limits: limits)
        } catch .unexpectedKind where mutant == .unexpectedKindReportedAsUnknown {
            throw .unknownKind
        } catch let error {
            guard let lenient = LenientEnvelopeReader(mutant: mutant, refusal: error) else { throw error }
            envelope = try lenient.parse(plaintext, role: role, limits: limits)
        }
        // A strict reader of ENV-8: a payload that is not `code` or `code: detail` is refused
        // instead of read as method_failed, so a deployed core's error leaves the call hanging.
        // A code bound checked with <= 65: a 65-letter code is read as a code.
        if mutant == .errorCodeLengthOffByOne, case .error("method_failed", let detail?) = envelope.body {
            let code = detail.prefix { $0 != ":" }
            if code.utf8.count == EnvelopeErrorCode.maximumLength + 1,
                EnvelopeErrorCode.isValid(Array(code.utf8.dropLast()))
            {
                let rest = detail.dropFirst(code.count)
                return Envelope(
                    requestId: envelope.requestId,
                    body: .error(code: String(code), detail: rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : nil)
                )
            }
        }
        if mutant == .freeTextErrorRejected, case .error(let code, _) = envelope.body, code == "method_failed",
            !String(decoding: plaintext, as: UTF8.self).contains("\"method_failed")
        {
            throw .badFieldValue("payload")
        }
        return envelope
    }

    static func reassembler(role: Role, limits: EnvelopeLimits, mutant: Mutant?) -> any ReassemblerEndpoint {
        let reassembler = Reassembler(role: role, limits: limits)
        guard let mutant, LenientReassembler.mutants.contains(mutant) else { return reassembler }
        return LenientReassembler(inner: reassembler, mutant: mutant)
    }

    static func coreGate(
        grant: Set<String>,
        methods: Set<String>,
        acceptedBefore: Int,
        grantedAt: Int64,
        limits: EnvelopeLimits,
        mutant: Mutant?
    ) -> any CoreGateEndpoint {
        // The deployed core: any implemented method is callable by any paired device (F-44).
        // A core that trusts its grant table to list only what it implements (RPC-6).
        let known = mutant == .unimplementedMethodDispatched ? methods.union(grant) : methods
        let gate = CoreRequestGate(
            grant: mutant == .grantNotChecked ? grant.union(methods) : grant,
            methods: known,
            limits: limits,
            acceptedBefore: acceptedBefore,
            grantedAt: grantedAt
        )
        switch mutant {
        case .noRequestIDDedup: return ForgetfulGate(inner: gate, fresh: gate)
        case .nestedDuplicateRefused: return StrictParamsGate(inner: gate)
        case .requestMemoryPerSession: return SessionMemoryGate(inner: gate)
        default: return gate
        }
    }

    static func deviceRequests(limits: EnvelopeLimits, mutant: Mutant?) -> any DeviceEndpoint {
        LenientDevice(inner: DeviceRequests(limits: limits), mutant: mutant, limits: limits)
    }
}

/// A core with no request-id memory, as deployed (F-6): a request whose id the core remembers
/// is handled again by a gate that has seen nothing, so it is dispatched again.
private struct ForgetfulGate: CoreGateEndpoint {
    var inner: CoreRequestGate
    let fresh: CoreRequestGate

    mutating func expire(now: Int64) -> [String] { inner.expire(now: now) }
    mutating func startSession() { inner.startSession() }

    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> CoreRequestGate.Decision {
        if let envelope = try? EnvelopeParser.parse(plaintext, receiver: .core),
            inner.remembered(envelope.requestId, now: now) != nil
        {
            var forgetful = fresh
            return try forgetful.receive(plaintext, now: now)
        }
        return try inner.receive(plaintext, now: now)
    }
}

/// A core whose JSON reader refuses a repeated member name at any depth, as a strict reader
/// applied to the whole plaintext does: duplicates inside `params` are refused with
/// duplicate_field instead of handed to the method (ENV-7).
private struct StrictParamsGate: CoreGateEndpoint {
    var inner: CoreRequestGate

    mutating func expire(now: Int64) -> [String] { inner.expire(now: now) }
    mutating func startSession() { inner.startSession() }

    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> CoreRequestGate.Decision {
        if let envelope = try? EnvelopeParser.parse(plaintext, receiver: .core),
            case .request(_, let params, _) = envelope.body, let name = Self.duplicateName(in: params)
        {
            throw .duplicateField(String(decoding: name, as: UTF8.self))
        }
        return try inner.receive(plaintext, now: now)
    }

    private static func duplicateName(in node: JSONNode) -> [UInt8]? {
        if let name = node.firstDuplicateName { return name }
        switch node {
        case .object(let members): return members.lazy.compactMap { duplicateName(in: $0.value) }.first
        case .array(let elements): return elements.lazy.compactMap { duplicateName(in: $0) }.first
        default: return nil
        }
    }
}

/// A core whose request-id memory is per session only: a new session forgets the previous
/// session's ids too (a second start empties what the first kept).
private struct SessionMemoryGate: CoreGateEndpoint {
    var inner: CoreRequestGate

    mutating func expire(now: Int64) -> [String] { inner.expire(now: now) }
    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> CoreRequestGate.Decision {
        try inner.receive(plaintext, now: now)
    }
    mutating func startSession() {
        inner.startSession()
        inner.startSession()
    }
}

/// The device with the mutants of RPC-4, RPC-5 and STREAM-2 (gap and not_streaming); with any other mutant it is the
/// library's `DeviceRequests` unchanged.
private struct LenientDevice: DeviceEndpoint {
    var inner: DeviceRequests
    let mutant: Mutant?
    let limits: EnvelopeLimits
    /// Every id sent, for the device that never reuses one.
    private var used = Set<String>()

    init(inner: DeviceRequests, mutant: Mutant?, limits: EnvelopeLimits) {
        self.inner = inner
        self.mutant = mutant
        self.limits = limits
    }

    mutating func relayEvent(_ event: String, code: String?) {
        // The deployed app (B8): any tunnel:error, whatever its code, fails every pending call
        // and stream, so the session's requests start over from none.
        if mutant == .relayErrorFailsPending, event == "tunnel:error" {
            inner = DeviceRequests(limits: limits)
        } else {
            inner.relayEvent(event, code: code)
        }
    }

    mutating func expire(now: Int64) -> (timedOut: [String], expired: [String]) {
        // A deadline compared with <= instead of <: a request times out one millisecond early.
        inner.expire(now: mutant == .requestDeadlineOffByOne ? now + 1 : now)
    }

    mutating func send(
        requestId: String,
        method: String,
        paramsText: [UInt8]?,
        stream: Bool,
        timeout: Int64,
        now: Int64
    ) throws(EnvelopeError) -> [[UInt8]] {
        if mutant == .retryNeedsNewID {
            guard !used.contains(requestId) else { throw .duplicateRequestID }
            used.insert(requestId)
        }
        return try inner.send(
            requestId: requestId,
            method: method,
            paramsText: paramsText,
            stream: stream,
            timeout: timeout,
            now: now
        )
    }

    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> DeviceRequests.Event {
        let partialsHeld = inner.partialCount
        do {
            return try inner.receive(plaintext, now: now)
        } catch let error {
            // The limit of CHUNK-4 checked before RPC-4's pending check.
            if error == .unknownRequest, mutant == .partialLimitBeforeAdmit,
                partialsHeld >= EnvelopeLimits.standard.maximumPartials,
                case .chunk? = (try? EnvelopeParser.parse(plaintext, receiver: .device))?.body
            {
                throw .tooManyPartials
            }
            // A late answer delivered anyway (no pending check), or a stream gap passed over.
            guard
                (error == .unknownRequest && mutant == .lateResponseDelivered)
                    || (error == .streamOutOfOrder && mutant == .streamGapAccepted)
                    || (error == .notStreaming && mutant == .plainRequestStreamDelivered),
                let envelope = try? EnvelopeParser.parse(plaintext, receiver: .device)
            else { throw error }
            switch envelope.body {
            case .response(let payload): return .response(requestId: envelope.requestId, payload: payload)
            case .streamChunk(let seq, let payload):
                return .streamChunk(requestId: envelope.requestId, seq: seq, payload: payload)
            default: throw error
            }
        }
    }
}
