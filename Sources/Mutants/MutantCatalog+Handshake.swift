// The mutants of one area. The handshake and the ack (HS-*, ACK-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let handshakeAADOmitted = Mutant(
        "handshake-aad-omitted",
        breaks: ["HS-1"],
        "the 0x03 handshake is sealed and opened without its 33-byte header as AAD"
    )
    public static let ackAADOmitted = Mutant(
        "ack-aad-omitted",
        breaks: ["ACK-1"],
        "the 0x04 ack is sealed and opened without 0x04 || client_eph_pub as AAD"
    )
    public static let handshakePlaintextSortedKeys = Mutant(
        "handshake-plaintext-sorted-keys",
        breaks: ["HS-2"],
        "the device writes the handshake plaintext with member names sorted, as a sorted-keys JSON encoder does"
    )
    public static let ackPlaintextWithSpaces = Mutant(
        "ack-plaintext-with-spaces",
        breaks: ["ACK-2"],
        "the core writes the ack plaintext with a space after ':' and ',', as a default JSON encoder does"
    )
    public static let ackKindNotChecked = Mutant(
        "ack-kind-not-checked",
        breaks: ["ACK-4"],
        "the device never reads the ack's kind member, so a missing or wrong kind is accepted"
    )
    public static let ackStateDiscardedOnError = Mutant(
        "ack-state-discarded-on-error",
        breaks: ["ACK-5"],
        "the device drops its handshake state (client_eph) when an ack is refused, so a later valid ack for the same handshake fails"
    )
    public static let secondAckAccepted = Mutant(
        "second-ack-accepted",
        breaks: ["ACK-6"],
        "the device never closes its ack opener: a second ack after the first is accepted again instead of reaching the session opener"
    )

    /// This area's mutants, in catalog order.
    static let handshakeArea: [Mutant] = [
        .handshakeAADOmitted, .ackAADOmitted, .handshakePlaintextSortedKeys, .ackPlaintextWithSpaces,
        .ackKindNotChecked, .ackStateDiscardedOnError, .secondAckAccepted,
    ]
}
