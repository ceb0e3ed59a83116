// The mutants of one area. Session frames and the replay window (FRAME-*, REPLAY-*, KDF-5).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let swapDirectionKeys = Mutant(
        "swap-direction-keys",
        breaks: ["KDF-5"],
        "roles swapped: the device seals with s2c and opens with c2s, the core the reverse"
    )
    public static let oneKeyBothDirections = Mutant(
        "one-key-both-directions",
        breaks: ["KDF-5"],
        "both roles seal and open with c2s, like G1's single key, so a frame reflected to its sender opens"
    )
    public static let constantSealNonce = Mutant(
        "constant-seal-nonce",
        breaks: ["FRAME-SEAL-2"],
        "a frame sealed without a caller nonce gets 24 zero bytes instead of CSPRNG output, so nonces repeat under one key"
    )
    public static let zeroNonceTreatedAsAbsent = Mutant(
        "zero-nonce-treated-as-absent",
        breaks: ["FRAME-SEAL-1", "HS-1", "ACK-1"],
        "an all-zero nonce given by the caller is taken for 'no nonce' (a zero sentinel) and replaced by a random one, for frames, handshakes and acks"
    )
    public static let recordNonceBeforeAuth = Mutant(
        "record-nonce-before-auth",
        breaks: ["FRAME-OPEN-7"],
        "the nonce enters the replay window before authentication, so a forged frame blocks the genuine frame with its nonce"
    )
    public static let noReplayWindow = Mutant(
        "no-replay-window",
        breaks: ["FRAME-OPEN-5"],
        "the opener keeps no replay window: a replayed frame is accepted again"
    )
    public static let window126 = Mutant(
        "window-126",
        breaks: ["REPLAY-1", "REPLAY-3"],
        "the replay window holds 126 nonces while declaring replayMemory 128: the 127th most recent is accepted again"
    )
    public static let window127 = Mutant(
        "window-127",
        breaks: ["REPLAY-1", "REPLAY-3"],
        "the replay window holds 127 nonces while declaring replayMemory 128: the 128th most recent is accepted again"
    )
    public static let window129 = Mutant(
        "window-129",
        breaks: ["REPLAY-2", "REPLAY-3"],
        "the replay window holds 129 nonces while declaring replayMemory 128: the 129th most recent is still refused"
    )
    public static let windowEvictsNewest = Mutant(
        "window-evicts-newest",
        breaks: ["REPLAY-2"],
        "a full replay window evicts the most recent nonce instead of the oldest"
    )
    public static let zeroSessionKeyTreatedAsUnset = Mutant(
        "zero-session-key-treated-as-unset",
        breaks: ["FRAME-OPEN-6", "KDF-5"],
        "an all-zero direction key is taken for an unset one: the opener refuses every frame under it with auth_failed"
    )
    public static let windowZeroNonceEmptySlot = Mutant(
        "window-zero-nonce-empty-slot",
        breaks: ["REPLAY-1", "REPLAY-3"],
        "the replay window's empty slots hold zeros and a zero entry counts as empty: a frame whose nonce is 24 zero bytes is accepted again and again"
    )

    /// This area's mutants, in catalog order.
    static let sessionFramesArea: [Mutant] = [
        .swapDirectionKeys, .oneKeyBothDirections, .constantSealNonce, .zeroNonceTreatedAsAbsent,
        .recordNonceBeforeAuth, .noReplayWindow, .window126, .window127, .window129, .windowEvictsNewest,
        .zeroSessionKeyTreatedAsUnset, .windowZeroNonceEmptySlot,
    ]
}
