// The mutants of one area. The relay (RELAY-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let relayTokenExpiryOffByOne = Mutant(
        "relay-token-expiry-off-by-one",
        breaks: ["RELAY-2"],
        "the relay accepts a pairing token until 601 seconds after registration instead of 600"
    )
    public static let relayPayloadLimitOffByOne = Mutant(
        "relay-payload-limit-off-by-one",
        breaks: ["RELAY-12"],
        "the relay refuses a payload of exactly 65,536 characters, the text of the largest message"
    )
    public static let relayRateLimitOffByOne = Mutant(
        "relay-rate-limit-off-by-one",
        breaks: ["RELAY-13"],
        "the relay forwards 101 frames of a connection in one second instead of 100"
    )
    public static let relayEvictionUntold = Mutant(
        "relay-eviction-untold",
        breaks: ["RELAY-8"],
        "the relay replaces a connection without sending it tunnel:evicted, as the deployed relay does to a device"
    )
    public static let relayPairingTokenReusable = Mutant(
        "relay-pairing-token-reusable",
        breaks: ["RELAY-2"],
        "the relay checks the pairing token but not its single use, so a second device with a stolen token joins"
    )

    public static let relayPeerOfflineUncounted = Mutant(
        "relay-peer-offline-uncounted",
        breaks: ["RELAY-13", "RELAY-17"],
        "the relay does not count a frame it answers peer_offline towards the second's 100, so a core alone sends without limit"
    )

    public static let relayPendingLimitOffByOne = Mutant(
        "relay-pending-limit-off-by-one",
        breaks: ["RELAY-20"],
        "the relay lets one account own 101 pending channels instead of 100"
    )

    /// This area's mutants, in catalog order.
    static let relayArea: [Mutant] = [
        .relayTokenExpiryOffByOne, .relayPayloadLimitOffByOne, .relayRateLimitOffByOne, .relayEvictionUntold,
        .relayPairingTokenReusable, .relayPeerOfflineUncounted,
        .relayPendingLimitOffByOne,
    ]
}
