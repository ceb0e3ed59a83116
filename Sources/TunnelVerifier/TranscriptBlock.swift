/// What the transcript shows for one step: a one-line summary (time, direction, event, type,
/// sizes) and the lines decoded from it (handshake and ack members, envelopes, notes).
public struct TranscriptBlock: Equatable, Sendable {
    public let step: Int
    /// The record's time in Unix milliseconds; nil for step 0.
    public internal(set) var time: Int64?
    public internal(set) var summary: String
    public internal(set) var details: [String]

    init(step: Int, time: Int64?, summary: String, details: [String] = []) {
        self.step = step
        self.time = time
        self.summary = summary
        self.details = details
    }
}
