/// A received envelope that passed ENV-6: its request id and what its kind carries.
public struct Envelope: Equatable, Sendable {
    public let requestId: String
    public let body: Body

    public enum Body: Equatable, Sendable {
        /// `params` is `null` when absent; `stream` is false when absent (ENV-7).
        case request(method: String, params: JSONNode, stream: Bool)
        case response(JSONNode)
        /// The code and detail a device reads from the payload string (ENV-8).
        case error(code: String, detail: String?)
        case streamChunk(seq: Int64, payload: JSONNode)
        case streamEnd(seq: Int64, payload: JSONNode)
        /// One piece of a larger envelope, decoded.
        case chunk(seq: Int, total: Int, data: [UInt8])
    }

    public init(requestId: String, body: Body) {
        self.requestId = requestId
        self.body = body
    }

    public var kind: EnvelopeKind {
        switch body {
        case .request: .request
        case .response: .response
        case .error: .error
        case .streamChunk: .streamChunk
        case .streamEnd: .streamEnd
        case .chunk: .chunk
        }
    }
}
