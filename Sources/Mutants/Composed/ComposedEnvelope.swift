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
        default: break
        }
        return limits
    }

    static func encode(_ envelope: OutgoingEnvelope, mutant: Mutant?) throws(EnvelopeError) -> [UInt8] {
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
        limits: EnvelopeLimits,
        mutant: Mutant?
    ) -> any CoreGateEndpoint {
        // The deployed core: any implemented method is callable by any paired device (F-44).
        // A core that trusts its grant table to list only what it implements (RPC-6).
        let known = mutant == .unimplementedMethodDispatched ? methods.union(grant) : methods
        let gate = CoreRequestGate(
            grant: mutant == .grantNotChecked ? grant.union(methods) : grant,
            methods: known,
            limits: limits
        )
        return mutant == .noRequestIDDedup ? ForgetfulGate(inner: gate, fresh: gate) : gate
    }

    static func deviceRequests(limits: EnvelopeLimits, mutant: Mutant?) -> any DeviceEndpoint {
        LenientDevice(inner: DeviceRequests(limits: limits), mutant: mutant, limits: limits)
    }
}

/// A core with no request-id memory, as deployed (F-6): a request refused as a duplicate is
/// handled again by a gate that has seen nothing.
private struct ForgetfulGate: CoreGateEndpoint {
    var inner: CoreRequestGate
    let fresh: CoreRequestGate

    mutating func expire(now: Int64) -> [String] { inner.expire(now: now) }

    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> CoreRequestGate.Decision {
        do {
            return try inner.receive(plaintext, now: now)
        } catch .duplicateRequestID {
            var forgetful = fresh
            return try forgetful.receive(plaintext, now: now)
        }
    }
}

/// The device with the mutants of RPC-4, RPC-5 and STREAM-2 (gap and not_streaming); with any other mutant it is the
/// library's `DeviceRequests` unchanged.
private struct LenientDevice: DeviceEndpoint {
    var inner: DeviceRequests
    let mutant: Mutant?
    let limits: EnvelopeLimits

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
        try inner.send(
            requestId: requestId,
            method: method,
            paramsText: paramsText,
            stream: stream,
            timeout: timeout,
            now: now
        )
    }

    mutating func receive(_ plaintext: [UInt8], now: Int64) throws(EnvelopeError) -> DeviceRequests.Event {
        do {
            return try inner.receive(plaintext, now: now)
        } catch let error {
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
