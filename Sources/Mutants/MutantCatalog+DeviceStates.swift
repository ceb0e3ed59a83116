// The mutants of one area. The device's states and its handling of relay events (DEV-STATE-*,
// SIG-DEV-*). Each is declared once: its name (as given to `--mutant`), the requirements it breaks
// and what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let ackErrorLatched = Mutant(
        "ack-error-latched",
        breaks: ["ACK-5", "DEV-STATE-3"],
        "the first refused ack rejects the connect for good, as the deployed app does (B4): the valid ack that follows installs the session, but it and every later message answer the first ack's error"
    )
    public static let lateAckInstallsSession = Mutant(
        "late-ack-installs-session",
        breaks: ["DEV-STATE-3", "DEV-STATE-4"],
        "the ack deadline erases nothing, as in the deployed app (B5): the device stays in awaiting-ack and an ack that comes after its timeout still installs a session"
    )
    public static let handshakeKeepsSession = Mutant(
        "handshake-keeps-session",
        breaks: ["DEV-STATE-2"],
        "a handshake sent in established leaves the session running, as the deployed app's sendHandshake on tunnel:connected does (B6): old frames still open and the new ack goes to the old session's opener"
    )
    public static let relayErrorFailsPending = Mutant(
        "relay-error-fails-pending",
        breaks: ["SIG-DEV-4"],
        "any tunnel:error, whatever its code, fails every pending request and stream, as the deployed app does (B8): one peer_offline or rate_limited ends everything outstanding"
    )

    /// This area's mutants, in catalog order.
    static let deviceStatesArea: [Mutant] = [
        .ackErrorLatched, .lateAckInstallsSession, .handshakeKeepsSession, .relayErrorFailsPending,
    ]
}
