/// Everything the verifier reads: the trace, and optionally a key log and a pairing payload.
public struct VerifierInput: Sendable {
    /// The trace file's bytes (TRACE-1).
    public var trace: [UInt8]
    /// The key log's text (KEYLOG-1), if one was given.
    public var keyLog: String?
    /// A pairing payload text given beside the trace (wire spec chapter 8).
    public var pairingPayload: String?
    /// Go on past the first departure instead of stopping there (VERIFY-8).
    public var continuePastDepartures: Bool

    public init(
        trace: [UInt8],
        keyLog: String? = nil,
        pairingPayload: String? = nil,
        continuePastDepartures: Bool = false
    ) {
        self.trace = trace
        self.keyLog = keyLog
        self.pairingPayload = pairingPayload
        self.continuePastDepartures = continuePastDepartures
    }
}
