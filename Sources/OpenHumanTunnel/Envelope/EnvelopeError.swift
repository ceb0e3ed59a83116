/// Every way the envelope layer rejects an input, one case per code of spec/11-envelope.md
/// section 11.9. Like `TunnelError`, only `code` is carried on the adapter protocol; the field
/// names are for tests and logs.
public enum EnvelopeError: Error, Equatable, Hashable, Sendable {
    case badEnvelopeJSON
    case duplicateField(String)
    case missingField(String)
    case badFieldType(String)
    case badFieldValue(String)
    case badRequestID
    case unknownKind
    case unexpectedKind
    case badBase64
    case badChunkSize
    case messageTooLarge
    case firstChunkMissing
    case tooManyPartials
    case chunkTotalMismatch
    case duplicateChunk
    case chunkTimeout
    case nestedChunk
    case chunkRequestIDMismatch
    case duplicateRequestID
    case tooManyRequests
    case unknownRequest
    case requestTimeout
    case notStreaming
    case streamOutOfOrder

    /// The stable snake_case code of section 11.9.
    public var code: String {
        switch self {
        case .badEnvelopeJSON: "bad_envelope_json"
        case .duplicateField: "duplicate_field"
        case .missingField: "missing_field"
        case .badFieldType: "bad_field_type"
        case .badFieldValue: "bad_field_value"
        case .badRequestID: "bad_request_id"
        case .unknownKind: "unknown_kind"
        case .unexpectedKind: "unexpected_kind"
        case .badBase64: "bad_base64"
        case .badChunkSize: "bad_chunk_size"
        case .messageTooLarge: "message_too_large"
        case .firstChunkMissing: "first_chunk_missing"
        case .tooManyPartials: "too_many_partials"
        case .chunkTotalMismatch: "chunk_total_mismatch"
        case .duplicateChunk: "duplicate_chunk"
        case .chunkTimeout: "chunk_timeout"
        case .nestedChunk: "nested_chunk"
        case .chunkRequestIDMismatch: "chunk_request_id_mismatch"
        case .duplicateRequestID: "duplicate_request_id"
        case .tooManyRequests: "too_many_requests"
        case .unknownRequest: "unknown_request"
        case .requestTimeout: "request_timeout"
        case .notStreaming: "not_streaming"
        case .streamOutOfOrder: "stream_out_of_order"
        }
    }
}
