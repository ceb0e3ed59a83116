/// The verifier's answer for one trace (VERIFY-1, VERIFY-9).
public struct Verification: Equatable, Sendable {
    public enum Status: String, Sendable {
        /// Every check that could be made passed.
        case pass
        /// At least one departure.
        case departure
    }

    public let blocks: [TranscriptBlock]
    public let departures: [Departure]
    /// The pairing codes (SAS-2) of the handshakes whose secrets the key log gave, by the step
    /// of their ack; a version 3 pairing's (V3-SAS-1) by the step of its reveal.
    public let pairingCodes: [PairingCode]
    /// True when the verifier stopped at the first departure with records left unread.
    public let stoppedEarly: Bool

    public var status: Status { departures.isEmpty ? .pass : .departure }

    public struct PairingCode: Equatable, Sendable {
        public let step: Int
        public let code: String
    }
}
