// The mutants of one area. The core's session memory, keys and clock (MEMORY-*, CHAN-KEY-*, CLOCK-1, QR-SRC-3).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let coreMemoryWindow128 = Mutant(
        "core-memory-window-128",
        breaks: ["MEMORY-1"],
        "the core's session remembers only the 128 most recent nonces, as the deployed core did: a request replayed after 129 frames runs again"
    )
    public static let sessionBoundOffByOne = Mutant(
        "session-bound-off-by-one",
        breaks: ["MEMORY-2"],
        "the core's session accepts one frame more than its declared sessionReplayMemory before it is exhausted"
    )
    public static let exhaustedSessionStillOpens = Mutant(
        "exhausted-session-still-opens",
        breaks: ["MEMORY-2"],
        "the core's session never ends: the memory grows without bound"
    )
    public static let exhaustionCheckedBeforeReplay = Mutant(
        "exhaustion-checked-before-replay",
        breaks: ["MEMORY-2"],
        "an exhausted session answers session_exhausted even for a remembered nonce, instead of replayed: the bound is checked first"
    )
    public static let coreMemoryPrefix15 = Mutant(
        "core-memory-prefix-15",
        breaks: ["MEMORY-1", "MEMORY-3"],
        "the core's session memory keys each nonce by its first 15 bytes, one fewer than MEMORY-3 allows: of two frames equal in those, the second is refused as replayed"
    )
    public static let coreMemoryZeroEmptySlot = Mutant(
        "core-memory-zero-empty-slot",
        breaks: ["MEMORY-1"],
        "the core's session memory marks its empty slots with the all-zero nonce and never remembers that nonce: its frame opens every time it is replayed"
    )
    public static let sharedKeyFirstChannelKept = Mutant(
        "shared-key-first-channel-kept",
        breaks: ["CHAN-KEY-2"],
        "of the channels that share a core key, the first is kept and only the later ones are revoked"
    )
    public static let relayExpiryTrusted = Mutant(
        "relay-expiry-trusted",
        breaks: ["CLOCK-1"],
        "the core takes the relay's pairingExpiresAt as the pairing window, uncapped by its own clock"
    )
    public static let pairingWindowCapOffByOne = Mutant(
        "pairing-window-cap-off-by-one",
        breaks: ["CLOCK-1"],
        "the core caps the pairing window at 601 seconds instead of 600"
    )
    public static let fingerprintWithoutLabel = Mutant(
        "fingerprint-without-label",
        breaks: ["QR-SRC-3"],
        "the core key fingerprint hashes the key without the label"
    )

    /// This area's mutants, in catalog order.
    static let sessionMemoryArea: [Mutant] = [
        .coreMemoryWindow128, .sessionBoundOffByOne, .exhaustedSessionStillOpens, .exhaustionCheckedBeforeReplay,
        .coreMemoryPrefix15, .coreMemoryZeroEmptySlot,
        .sharedKeyFirstChannelKept, .relayExpiryTrusted, .pairingWindowCapOffByOne, .fingerprintWithoutLabel,
    ]
}
