/// The receiver's checks of ENV-6 to ENV-9, in their order: each member completely before the
/// next, the first failure's code and no other effect.
///
/// The order puts `requestId` first so that every later failure belongs to a known request, and
/// the cheap syntactic checks before the piece is decoded. The parser has no state, so a
/// rejected envelope changes nothing by construction.
public enum EnvelopeParser {
    /// The largest value of `seq` and `total` (ENV-6 step 5).
    public static let maximumCount: Int64 = 4_294_967_295

    public static func parse(
        _ plaintext: [UInt8],
        receiver role: Role,
        limits: EnvelopeLimits = .standard
    ) throws(EnvelopeError) -> Envelope {
        let root = try JSONNodeReader.readObject(plaintext)
        if let name = root.firstDuplicateName { throw .duplicateField(String(decoding: name, as: UTF8.self)) }

        guard let idNode = root.member("requestId") else { throw .missingField("requestId") }
        guard case .string(let idBytes) = idNode else { throw .badFieldType("requestId") }
        guard RequestID.isValid(idBytes) else { throw .badRequestID }
        let requestId = String(decoding: idBytes, as: UTF8.self)

        guard let kindNode = root.member("kind") else { throw .missingField("kind") }
        guard case .string(let kindBytes) = kindNode else { throw .badFieldType("kind") }
        guard let kind = EnvelopeKind(rawValue: String(decoding: kindBytes, as: UTF8.self)),
            Array(kind.rawValue.utf8) == kindBytes
        else { throw .unknownKind }
        guard kind.isReceived(by: role) else { throw .unexpectedKind }

        let seq = try count("seq", in: root)
        if kind == .request || kind == .response || kind == .error, seq != 0 { throw .badFieldValue("seq") }

        if kind == .chunk { return try chunk(requestId: requestId, seq: seq, root: root, limits: limits) }

        guard let payload = root.member("payload") else { throw .missingField("payload") }
        switch kind {
        case .request: return Envelope(requestId: requestId, body: try request(payload))
        case .error: return Envelope(requestId: requestId, body: try error(payload))
        case .response: return Envelope(requestId: requestId, body: .response(payload))
        case .streamChunk: return Envelope(requestId: requestId, body: .streamChunk(seq: seq, payload: payload))
        case .streamEnd: return Envelope(requestId: requestId, body: .streamEnd(seq: seq, payload: payload))
        case .chunk: preconditionFailure("handled above")
        }
    }

    /// `seq` or `total`: a number written as a plain integer from 0 to 2^32 - 1 (`-0` is 0).
    private static func count(_ name: String, in root: JSONNode) throws(EnvelopeError) -> Int64 {
        guard let node = root.member(name) else { throw .missingField(name) }
        guard case .number = node else { throw .badFieldType(name) }
        guard let value = node.integer, (0...maximumCount).contains(value) else { throw .badFieldValue(name) }
        return value
    }

    /// ENV-6 step 6 and CHUNK-3.
    private static func chunk(
        requestId: String,
        seq: Int64,
        root: JSONNode,
        limits: EnvelopeLimits
    ) throws(EnvelopeError) -> Envelope {
        let total = try count("total", in: root)
        guard total >= 1 else { throw .badFieldValue("total") }
        guard seq < total else { throw .badFieldValue("seq") }
        guard total <= Int64(limits.maximumTotal) else { throw .messageTooLarge }
        guard let dataNode = root.member("data") else { throw .missingField("data") }
        guard case .string(let text) = dataNode else { throw .badFieldType("data") }
        let piece = try StandardBase64.decode(text)
        let isLast = seq == total - 1
        guard isLast ? (1...limits.pieceLength).contains(piece.count) : piece.count == limits.pieceLength else {
            throw .badChunkSize
        }
        if isLast, Int(total - 1) * limits.pieceLength + piece.count > limits.maximumMessageLength {
            throw .messageTooLarge
        }
        return Envelope(requestId: requestId, body: .chunk(seq: Int(seq), total: Int(total), data: piece))
    }

    /// ENV-7: the request's payload object.
    private static func request(_ payload: JSONNode) throws(EnvelopeError) -> Envelope.Body {
        guard case .object = payload else { throw .badFieldType("payload") }
        if let name = payload.firstDuplicateName { throw .duplicateField(String(decoding: name, as: UTF8.self)) }
        guard let methodNode = payload.member("method") else { throw .missingField("method") }
        guard case .string(let method) = methodNode else { throw .badFieldType("method") }
        guard MethodName.isValid(method) else { throw .badFieldValue("method") }
        let params = payload.member("params") ?? .null
        var stream = false
        if let streamNode = payload.member("stream") {
            guard case .bool(let flag) = streamNode else { throw .badFieldType("stream") }
            stream = flag
        }
        return .request(method: String(decoding: method, as: UTF8.self), params: params, stream: stream)
    }

    /// ENV-8: a code, or a code, `": "` and a detail; any other text is `method_failed`.
    private static func error(_ payload: JSONNode) throws(EnvelopeError) -> Envelope.Body {
        guard case .string(let text) = payload else { throw .badFieldType("payload") }
        let separator: [UInt8] = [UInt8(ascii: ":"), UInt8(ascii: " ")]
        var split = text.count
        if let colon = text.firstIndex(of: UInt8(ascii: ":")), text[colon...].starts(with: separator) { split = colon }
        let code = text[..<split]
        if EnvelopeErrorCode.isValid(code) {
            let detail = split == text.count ? nil : String(decoding: text[(split + 2)...], as: UTF8.self)
            return .error(code: String(decoding: code, as: UTF8.self), detail: detail)
        }
        return .error(code: "method_failed", detail: String(decoding: text, as: UTF8.self))
    }
}
