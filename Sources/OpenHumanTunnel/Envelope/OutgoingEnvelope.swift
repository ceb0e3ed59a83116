/// An envelope to send, with its values as the JSON texts the application wrote (ENV-2): the
/// layer inserts them verbatim, so their inner form stays the application's.
public enum OutgoingEnvelope: Equatable, Sendable {
    /// `paramsText` nil is written `null`.
    case request(requestId: String, method: String, paramsText: [UInt8]?, stream: Bool)
    case response(requestId: String, payloadText: [UInt8])
    case error(requestId: String, code: String, detail: String?)
    case streamChunk(requestId: String, seq: Int64, payloadText: [UInt8])
    case streamEnd(requestId: String, seq: Int64, payloadText: [UInt8])
    case chunk(requestId: String, seq: Int, total: Int, data: ArraySlice<UInt8>)

    public var requestId: String {
        switch self {
        case .request(let id, _, _, _), .response(let id, _), .error(let id, _, _),
            .streamChunk(let id, _, _), .streamEnd(let id, _, _), .chunk(let id, _, _, _):
            id
        }
    }
}
