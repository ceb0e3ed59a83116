/// The six kinds of section 11.1, and which side sends each (ENV-1).
public enum EnvelopeKind: String, CaseIterable, Sendable {
    case request
    case response
    case error
    case streamChunk = "stream-chunk"
    case streamEnd = "stream-end"
    case chunk

    /// Whether `role`'s receiver takes this kind (ENV-6 step 4): the core takes what devices
    /// send, the device what cores send, and both take chunks.
    public func isReceived(by role: Role) -> Bool {
        switch self {
        case .chunk: true
        case .request: role == .core
        case .response, .error, .streamChunk, .streamEnd: role == .device
        }
    }
}
