import OpenHumanTunnel
import TunnelCrypto
import VectorFormat

/// The operations of chapter 11 (kit chapter 2, ADP-60 to ADP-64): encode, parse, split,
/// reassemble, the core's dispatch decision and the device's pending requests.
extension Operations {
    func envelopeEncode(_ input: RequestInput) throws -> JSONValue {
        let fields = try input.object("envelope")
        let id = try fields.string("requestId"), seq = try fields.integer("seq")
        let kindName = try fields.string("kind")
        guard let kind = EnvelopeKind(rawValue: kindName) else {
            throw BadRequest(reason: "input.envelope.kind: not one of the six kinds")
        }
        // ENV-11's order: the request id, then seq, then the kind's own members.
        guard RequestID.isValid(Array(id.utf8)) else { throw EnvelopeError.badRequestID }
        if kind == .request || kind == .response || kind == .error, seq != 0 {
            throw EnvelopeError.badFieldValue("seq")
        }
        let envelope: OutgoingEnvelope
        switch kind {
        case .request:
            envelope = .request(
                requestId: id,
                method: try fields.string("method"),
                paramsText: fields.isAbsent("params") ? nil : try fields.bytes("params"),
                stream: try fields.optionalBool("stream") ?? false
            )
        case .response: envelope = .response(requestId: id, payloadText: try fields.bytes("payload"))
        case .error:
            envelope = .error(
                requestId: id,
                code: try fields.string("code"),
                detail: fields.isAbsent("detail") ? nil : try fields.string("detail")
            )
        case .streamChunk: envelope = .streamChunk(requestId: id, seq: seq, payloadText: try fields.bytes("payload"))
        case .streamEnd: envelope = .streamEnd(requestId: id, seq: seq, payloadText: try fields.bytes("payload"))
        case .chunk:
            envelope = .chunk(
                requestId: id,
                seq: Int(clamping: seq),
                total: Int(clamping: try fields.integer("total")),
                data: try fields.bytes("data")[...]
            )
        }
        return ["plaintext": .hex(try implementation.envelopeEncode(envelope))]
    }

    func envelopeParse(_ input: RequestInput) throws -> JSONValue {
        let envelope = try implementation.envelopeParse(try input.bytes("plaintext"), receiver: try input.role())
        return try Self.fields(of: envelope)
    }

    func envelopeSplit(_ input: RequestInput) throws -> JSONValue {
        let id = try input.string("requestId")
        let message = try Self.message(input, requestId: id)
        let splitter = try implementation.envelopeSplitter(requestId: id, message: message)
        let from = Int(clamping: try input.optionalNatural("from") ?? 0)
        let count = Int(clamping: try input.optionalNatural("count") ?? Int64(splitter.count))
        let range = min(from, splitter.count)..<min(from.addingReportingOverflow(count).partialValue, splitter.count)
        return [
            "total": .int(Int64(splitter.count)),
            "plaintexts": .array(range.map { .hex(splitter.plaintext(at: $0)) }),
            "length": .int(Int64(message.count)),
            "sha256": .hex(SHA256.hash(message)),
        ]
    }

    func envelopeReassemble(_ input: RequestInput) throws -> JSONValue {
        var reassembler = implementation.reassembler(role: try input.role())
        let digest = try input.optionalBool("digest") ?? false
        var splitters: [String: ChunkSplitter] = [:]
        return try StepRunner.run(
            input,
            catching: EnvelopeError.self,
            parse: EnvelopeStep.init,
            before: { step in reassembler.expire(now: step.now) },
            apply: { step in
                switch try reassembler.receive(
                    try step.plaintext(using: self, splitters: &splitters),
                    now: step.now,
                    admit: { _ in }
                ) {
                case .message(let bytes, _):
                    digest
                        ? ["length": .int(Int64(bytes.count)), "sha256": .hex(SHA256.hash(bytes))]
                        : ["message": .hex(bytes)]
                case .partial(let id, let received, let total): Self.partial(id, received, total)
                }
            },
            finish: { expired, answer in answer["expired"] = .array(expired.map(JSONValue.string)) }
        )
    }

    func envelopeCore(_ input: RequestInput) throws -> JSONValue {
        let acceptedBefore = try input.optionalNatural("acceptedBefore") ?? 0
        guard acceptedBefore <= PingMany.maximumCount else {
            throw BadRequest(reason: "input.acceptedBefore: at most \(PingMany.maximumCount)")
        }
        var gate = implementation.coreGate(
            grant: Set(try input.strings("grant")),
            methods: Set(try input.strings("methods")),
            acceptedBefore: Int(acceptedBefore),
            grantedAt: try input.optionalNatural("grantedAt") ?? 0
        )
        var splitters: [String: ChunkSplitter] = [:]
        return try StepRunner.run(
            input,
            catching: EnvelopeError.self,
            parse: CoreStep.init,
            before: { coreStep in gate.expire(now: coreStep.now) },
            apply: { coreStep in
                let step: EnvelopeStep
                switch coreStep {
                case .many(let many, let now): return many.run(on: &gate, now: now)
                case .newSession:
                    gate.startSession()
                    return [:]
                case .one(let one): step = one
                }
                switch try gate.receive(try step.plaintext(using: self, splitters: &splitters), now: step.now) {
                case .dispatch(let id, let method, let params, let stream):
                    return [
                        "dispatch": [
                            "requestId": .string(id), "method": .string(method),
                            "params": try Self.value(params), "stream": .bool(stream),
                        ]
                    ]
                case .reply(let plaintexts): return ["reply": .array(plaintexts.map(JSONValue.hex))]
                case .partial(let id, let received, let total): return Self.partial(id, received, total)
                }
            },
            finish: { expired, answer in answer["expired"] = .array(expired.map(JSONValue.string)) }
        )
    }

    func envelopeDevice(_ input: RequestInput) throws -> JSONValue {
        var device = implementation.deviceRequests()
        return try StepRunner.run(
            input,
            catching: EnvelopeError.self,
            parse: DeviceStep.init,
            before: { step in device.expire(now: step.now) },
            apply: { step in
                switch step.action {
                case .send(let id, let method, let params, let stream, let timeout):
                    let plaintexts = try device.send(
                        requestId: id,
                        method: method,
                        paramsText: params,
                        stream: stream,
                        timeout: timeout,
                        now: step.now
                    )
                    return ["plaintexts": .array(plaintexts.map(JSONValue.hex))]
                case .receive(let plaintext): return try Self.event(device.receive(plaintext, now: step.now))
                case .tick: return [:]
                case .signal(let event, let code):
                    device.relayEvent(event, code: code)
                    return [:]
                }
            },
            finish: { expiry, answer in
                answer["timedOut"] = .array(expiry.timedOut.map(JSONValue.string))
                answer["expired"] = .array(expiry.expired.map(JSONValue.string))
            }
        )
    }

    // MARK: - Reading inputs

    /// `message` in hex, or a `generated` message (ADP-61).
    private static func message(_ input: RequestInput, requestId: String) throws -> [UInt8] {
        if input.has("generated") { return try generated(input.object("generated"), requestId: requestId) }
        return try input.bytes("message")
    }

    static func generated(_ spec: RequestInput, requestId: String) throws(BadRequest) -> [UInt8] {
        let seed = try spec.bytes("seed", count: 32), length = try spec.safeNatural("length")
        guard length <= Int64(GeneratedMessage.maximumLength),
            let bytes = GeneratedMessage.bytes(requestId: requestId, seed: seed, length: Int(length))
        else {
            throw BadRequest(reason: "generated.length: outside what ADP-61 allows for this requestId")
        }
        return bytes
    }

    /// One step of `envelope-reassemble` or `envelope-core`: a plaintext, or one of the
    /// adapter's own split of a generated message (ADP-62), with the step's time.
    private struct EnvelopeStep {
        enum Source {
            case plaintext([UInt8])
            case splitOf(requestId: String, generated: RequestInput, index: Int)
        }
        let source: Source
        let now: Int64

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            now = try step.safeNatural("now")
            if step.has("splitOf") {
                let split = try step.object("splitOf")
                source = .splitOf(
                    requestId: try split.string("requestId"),
                    generated: try split.object("generated"),
                    index: Int(clamping: try split.safeNatural("index"))
                )
            } else {
                source = .plaintext(try step.bytes("plaintext"))
            }
        }

        /// The step's plaintext. A generated message is built and split once per request, not
        /// once per step: `splitters` keeps them by request id, seed and length.
        func plaintext(using operations: Operations, splitters: inout [String: ChunkSplitter]) throws -> [UInt8] {
            switch source {
            case .plaintext(let bytes): return bytes
            case .splitOf(let id, let generated, let index):
                let key = "\(id) \(try generated.bytes("seed", count: 32)) \(try generated.safeNatural("length"))"
                let splitter: ChunkSplitter
                if let known = splitters[key] {
                    splitter = known
                } else {
                    splitter = try operations.implementation.envelopeSplitter(
                        requestId: id,
                        message: try Operations.generated(generated, requestId: id)
                    )
                    splitters[key] = splitter
                }
                guard index < splitter.count else { throw BadRequest(reason: "splitOf.index: beyond the split") }
                return splitter.plaintext(at: index)
            }
        }
    }

    /// One step of `envelope-core`: a plaintext or a split piece, `pingMany` (ADP-65), or a new
    /// session of the channel (ADP-68).
    private enum CoreStep {
        case one(EnvelopeStep)
        case many(PingMany, now: Int64)
        case newSession(now: Int64)

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            if step.has("newSession") {
                guard try step.optionalBool("newSession") == true else {
                    throw BadRequest(reason: "\(path).newSession: must be true")
                }
                self = .newSession(now: try step.safeNatural("now"))
            } else if let many = try PingMany(step, path: path) {
                self = .many(many, now: try step.safeNatural("now"))
            } else {
                self = .one(try EnvelopeStep(value, path: path))
            }
        }

        var now: Int64 {
            switch self {
            case .one(let step): step.now
            case .many(_, let now): now
            case .newSession(let now): now
            }
        }
    }

    private struct DeviceStep {
        enum Action {
            case send(requestId: String, method: String, params: [UInt8]?, stream: Bool, timeout: Int64)
            case receive([UInt8])
            case tick
            /// A relay event (chapter 12) with its `tunnel:error` code, if any.
            case signal(event: String, code: String?)
        }
        let action: Action
        let now: Int64

        init(_ value: JSONValue, path: String) throws(BadRequest) {
            let step = try RequestInput(value, path: path)
            now = try step.safeNatural("now")
            if step.has("signal"), !step.has("send"), !step.has("receive"), !step.has("tick") {
                let signal = try step.object("signal")
                let data = try signal.object("data")
                action = .signal(
                    event: try signal.string("event"),
                    code: data.has("code") ? try data.string("code") : nil
                )
                return
            }
            switch (step.has("send"), step.has("receive"), step.has("tick")) {
            case (true, false, false):
                let send = try step.object("send")
                action = .send(
                    requestId: try send.string("requestId"),
                    method: try send.string("method"),
                    params: send.isAbsent("params") ? nil : try send.bytes("params"),
                    stream: try send.optionalBool("stream") ?? false,
                    timeout: try send.safeNatural("timeout")
                )
            case (false, true, false): action = .receive(try step.bytes("receive"))
            case (false, false, true): action = .tick
            default:
                throw BadRequest(
                    reason: "\(path): expected exactly one of \"send\", \"receive\", \"tick\" and \"signal\""
                )
            }
        }
    }

    // MARK: - Writing outputs

    static func partial(_ id: String, _ received: Int, _ total: Int) -> [String: JSONValue] {
        ["partial": ["requestId": .string(id), "received": .int(Int64(received)), "total": .int(Int64(total))]]
    }

    static func event(_ event: DeviceRequests.Event) throws -> [String: JSONValue] {
        switch event {
        case .response(let id, let payload):
            return ["event": ["requestId": .string(id), "kind": "response", "payload": try value(payload)]]
        case .error(let id, let code, let detail):
            return [
                "event": [
                    "requestId": .string(id), "kind": "error", "code": .string(code),
                    "detail": detail.map(JSONValue.string) ?? .null,
                ]
            ]
        case .streamChunk(let id, let seq, let payload):
            return [
                "event": [
                    "requestId": .string(id), "kind": "stream-chunk", "seq": .int(seq), "payload": try value(payload),
                ]
            ]
        case .streamEnd(let id, let seq, let payload):
            return [
                "event": [
                    "requestId": .string(id), "kind": "stream-end", "seq": .int(seq), "payload": try value(payload),
                ]
            ]
        case .partial(let id, let received, let total):
            return partial(id, received, total)
        }
    }

    /// The fields `envelope-parse` answers.
    static func fields(of envelope: Envelope) throws -> JSONValue {
        var out: [String: JSONValue] = [
            "requestId": .string(envelope.requestId), "kind": .string(envelope.kind.rawValue),
        ]
        switch envelope.body {
        case .request(let method, let params, let stream):
            out["seq"] = 0
            out["method"] = .string(method)
            out["params"] = try value(params)
            out["stream"] = .bool(stream)
        case .response(let payload):
            out["seq"] = 0
            out["payload"] = try value(payload)
        case .error(let code, let detail):
            out["seq"] = 0
            out["code"] = .string(code)
            out["detail"] = detail.map(JSONValue.string) ?? .null
        case .streamChunk(let seq, let payload), .streamEnd(let seq, let payload):
            out["seq"] = .int(seq)
            out["payload"] = try value(payload)
        case .chunk(let seq, let total, let data):
            out["seq"] = .int(Int64(seq))
            out["total"] = .int(Int64(total))
            out["data"] = .hex(data)
        }
        return .object(out)
    }

    /// A payload as a kit JSON value. A number with a fraction or an exponent has no form in an
    /// adapter line (ADP-1), so such an output is `unsupported`, never silently changed.
    static func value(_ node: JSONNode) throws -> JSONValue {
        switch node {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .number:
            guard let integer = node.integer, integer != .max, integer != .min else { throw UnrepresentableOutput() }
            return .int(integer)
        case .array(let elements): return .array(try elements.map(value))
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for member in members { out[String(decoding: member.name, as: UTF8.self)] = try value(member.value) }
            return .object(out)
        }
    }
}

/// An output the adapter protocol cannot carry (a non-integer number, ADP-1): answered
/// `unsupported`.
public struct UnrepresentableOutput: Error {}
