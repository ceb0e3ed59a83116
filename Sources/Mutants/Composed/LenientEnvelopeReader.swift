import OpenHumanTunnel

/// The envelope readers of the mutants that accept what ENV-1, ENV-4, ENV-6 and CHUNK-3 refuse.
/// Each one repairs the refused plaintext the way its lenient reader would see it (mark
/// skipped, id truncated, kind lowercased, padding added, empty piece filled), reads the repair
/// with the library's parser and gives back the envelope the broken reader would have produced.
struct LenientEnvelopeReader {
    let mutant: Mutant

    /// Nil when `mutant` has no lenient reading of `refusal`, so the refusal stands.
    init?(mutant: Mutant?, refusal: EnvelopeError) {
        switch (mutant, refusal) {
        case (.byteOrderMarkSkipped?, .badEnvelopeJSON), (.requestIDLengthOffByOne?, .badRequestID),
            (.kindCaseInsensitive?, .unknownKind), (.unpaddedBase64Accepted?, .badBase64),
            (.emptyLastPieceAccepted?, .badChunkSize), (.methodLengthOffByOne?, .badFieldValue("method")):
            self.mutant = mutant!
        default:
            return nil
        }
    }

    func parse(_ plaintext: [UInt8], role: Role, limits: EnvelopeLimits) throws(EnvelopeError) -> Envelope {
        let text = String(decoding: plaintext, as: UTF8.self)
        switch mutant {
        case .byteOrderMarkSkipped:
            guard plaintext.starts(with: [0xEF, 0xBB, 0xBF]) else { throw .badEnvelopeJSON }
            return try EnvelopeParser.parse(Array(plaintext.dropFirst(3)), receiver: role, limits: limits)
        case .requestIDLengthOffByOne:
            // The 65th character is cut for the library's check and put back in the result.
            guard let id = Self.stringMember("requestId", in: text), id.utf8.count == 65 else { throw .badRequestID }
            let read = try Self.parse(
                text.replacing(
                    "\"requestId\":\"\(id)\"",
                    with: "\"requestId\":\"\(id.dropLast())\"",
                    maxReplacements: 1
                ),
                role: role,
                limits: limits
            )
            return Envelope(requestId: id, body: read.body)
        case .kindCaseInsensitive:
            guard let kind = Self.stringMember("kind", in: text) else { throw .unknownKind }
            return try Self.parse(
                text.replacing("\"kind\":\"\(kind)\"", with: "\"kind\":\"\(kind.lowercased())\"", maxReplacements: 1),
                role: role,
                limits: limits
            )
        case .unpaddedBase64Accepted:
            guard let data = Self.stringMember("data", in: text), data.utf8.count % 4 != 0 else { throw .badBase64 }
            let padded = data + String(repeating: "=", count: 4 - data.utf8.count % 4)
            return try Self.parse(
                text.replacing("\"data\":\"\(data)\"", with: "\"data\":\"\(padded)\"", maxReplacements: 1),
                role: role,
                limits: limits
            )
        case .methodLengthOffByOne:
            // The 129th character is cut for the library's check and put back in the result.
            guard let payload = text.range(of: "\"method\":\""),
                let end = text[payload.upperBound...].firstIndex(of: "\"")
            else { throw .badFieldValue("method") }
            let method = String(text[payload.upperBound..<end])
            guard method.utf8.count == MethodName.maximumLength + 1 else { throw .badFieldValue("method") }
            let read = try Self.parse(
                text.replacing(
                    "\"method\":\"\(method)\"",
                    with: "\"method\":\"\(method.dropLast())\"",
                    maxReplacements: 1
                ),
                role: role,
                limits: limits
            )
            guard case .request(_, let params, let stream) = read.body else { throw .badFieldValue("method") }
            return Envelope(requestId: read.requestId, body: .request(method: method, params: params, stream: stream))
        case .emptyLastPieceAccepted:
            // Read with a one-byte piece, then the piece emptied again.
            guard text.contains("\"data\":\"\"") else { throw .badChunkSize }
            let read = try Self.parse(
                text.replacing("\"data\":\"\"", with: "\"data\":\"AA==\"", maxReplacements: 1),
                role: role,
                limits: limits
            )
            guard case .chunk(let seq, let total, _) = read.body else { throw .badChunkSize }
            return Envelope(requestId: read.requestId, body: .chunk(seq: seq, total: total, data: []))
        default:
            throw .badEnvelopeJSON
        }
    }

    private static func parse(_ text: String, role: Role, limits: EnvelopeLimits) throws(EnvelopeError) -> Envelope {
        try EnvelopeParser.parse(Array(text.utf8), receiver: role, limits: limits)
    }

    /// The value of a top-level string member in the sender form (`"name":"value"`), without
    /// escapes; nil when absent.
    private static func stringMember(_ name: String, in text: String) -> String? {
        guard let start = text.range(of: "\"\(name)\":\"") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
