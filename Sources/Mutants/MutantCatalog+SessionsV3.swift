// The mutants of one area. Wire version 3: session frames (V3-SESS, V3-FRAME, V3-WINDOW,
// V3-REKEY, V3-PAD). Each is declared once: its name (as given to `--mutant`), the requirements
// it breaks and what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let v3SessionCountersFromZero = Mutant(
        "v3-session-counters-from-zero",
        breaks: ["V3-SESS-1"],
        "both directions' first session counter is 0, reusing the handshake's counters under its keys"
    )
    public static let v3SessionHandshakeCountersOpen = Mutant(
        "v3-session-handshake-counters-open",
        breaks: ["V3-SESS-1", "V3-WINDOW-1"],
        "a new session's window is empty, so the peer's counters below its first (the handshake's records) open as frames"
    )
    public static let v3SessionRefusedSealTakesCounter = Mutant(
        "v3-session-refused-seal-takes-counter",
        breaks: ["V3-SESS-2", "V3-PAD-1"],
        "content too large to seal still takes a counter"
    )
    public static let v3SessionSealsAtLastCounter = Mutant(
        "v3-session-seals-at-last-counter",
        breaks: ["V3-SESS-2"],
        "the sender seals at 2^64 - 1 (and wraps) instead of refusing with session_exhausted"
    )
    public static let v3FrameNonceBigEndian = Mutant(
        "v3-frame-nonce-big-endian",
        breaks: ["V3-FRAME-1"],
        "the nonce holds the counter big-endian, not as Noise's little-endian counter"
    )
    public static let v3FrameHeaderNotAuthenticated = Mutant(
        "v3-frame-header-not-authenticated",
        breaks: ["V3-FRAME-1"],
        "the type octet and counter are not the associated data: the AEAD gets empty ad"
    )
    public static let v3FrameBucketCheckedAfterTag = Mutant(
        "v3-frame-bucket-checked-after-tag",
        breaks: ["V3-FRAME-2", "V3-PAD-2"],
        "a frame whose length is no bucket's is opened first: auth_failed instead of bad_padding"
    )
    public static let v3FrameReplayCheckedAfterTag = Mutant(
        "v3-frame-replay-checked-after-tag",
        breaks: ["V3-FRAME-2", "V3-WINDOW-2"],
        "the window is consulted after the AEAD: an accepted counter with another ciphertext is auth_failed, not replayed"
    )
    public static let v3WindowNarrow = Mutant(
        "v3-window-2047",
        breaks: ["V3-WINDOW-1"],
        "the window is 2,047 counters wide: H - 2047, new, is refused as replayed"
    )
    public static let v3WindowWide = Mutant(
        "v3-window-2049",
        breaks: ["V3-WINDOW-1", "V3-WINDOW-2"],
        "the window is 2,049 counters wide: H - 2048 is opened instead of refused"
    )
    public static let v3WindowNoReplayCheck = Mutant(
        "v3-window-no-replay-check",
        breaks: ["V3-WINDOW-2"],
        "counters are never checked: a copy of an accepted frame opens again"
    )
    public static let v3WindowRecordsBeforeTag = Mutant(
        "v3-window-records-before-tag",
        breaks: ["V3-WINDOW-3", "V3-FRAME-2"],
        "a counter is recorded before its tag is checked, so a forged frame blocks the genuine frame at its counter"
    )
    public static let v3WindowNotClearedOnSlide = Mutant(
        "v3-window-not-cleared-on-slide",
        breaks: ["V3-WINDOW-3"],
        "sliding the window does not clear the bits it reuses, so a counter never seen is refused as replayed"
    )
    public static let v3RekeyNever = Mutant(
        "v3-rekey-never",
        breaks: ["V3-REKEY-1"],
        "one key for every epoch: counters past 65,535 are sealed and opened under epoch 0's key"
    )
    public static let v3RekeyIgnoresTime = Mutant(
        "v3-rekey-ignores-time",
        breaks: ["V3-REKEY-2"],
        "the sender never starts an epoch by time: an idle session keeps one key for days"
    )
    public static let v3RekeyTimeSkipsEpochStart = Mutant(
        "v3-rekey-time-skips-epoch-start",
        breaks: ["V3-REKEY-2"],
        "a rotation by time moves past a next counter that already starts an epoch, wasting an epoch"
    )
    public static let v3RekeyPreviousKeyDropped = Mutant(
        "v3-rekey-previous-key-dropped",
        breaks: ["V3-REKEY-3"],
        "a receiver drops the previous epoch's key at the rotation, so a frame in flight across it is auth_failed"
    )
    public static let v3RekeyLookaheadNine = Mutant(
        "v3-rekey-lookahead-9",
        breaks: ["V3-REKEY-3"],
        "a receiver derives keys 9 epochs ahead of H's instead of 8"
    )
    public static let v3RekeyLookaheadSeven = Mutant(
        "v3-rekey-lookahead-7",
        breaks: ["V3-REKEY-3"],
        "a receiver derives keys only 7 epochs ahead of H's, refusing a genuine frame 8 epochs ahead"
    )
    public static let v3CounterMaxOpened = Mutant(
        "v3-counter-max-opened",
        breaks: ["V3-REKEY-3"],
        "counter 2^64 - 1 is not refused as out of range: the receiver tries to open it"
    )
    public static let v3PaddingNotChecked = Mutant(
        "v3-padding-not-checked",
        breaks: ["V3-PAD-2"],
        "the bytes after the content are not checked: non-zero padding is accepted"
    )
    public static let v3PaddingSmallestBucketOnly = Mutant(
        "v3-padding-smallest-bucket-only",
        breaks: ["V3-PAD-2"],
        "content padded to a larger bucket than the smallest is refused as bad_padding"
    )
    public static let v3PaddingNone = Mutant(
        "v3-padding-none",
        breaks: ["V3-PAD-1"],
        "the sender writes the length field and content with no padding, leaking the exact size"
    )

    public static let v3RecordKindUnchecked = Mutant(
        "v3-record-kind-unchecked",
        breaks: ["V3-FRAG-2"],
        "a record of an unknown kind is delivered as a whole message instead of refused as bad_record"
    )
    public static let v3FragmentWholeLimitOffByOne = Mutant(
        "v3-fragment-whole-limit-off-by-one",
        breaks: ["V3-FRAG-1"],
        "a message of exactly 49,124 bytes is sent as fragments instead of one whole record"
    )
    public static let v3FragmentSizeOffByOne = Mutant(
        "v3-fragment-size-off-by-one",
        breaks: ["V3-FRAG-1"],
        "fragments carry 49,111 bytes of data instead of 49,112"
    )
    public static let v3FragmentIDsFromOne = Mutant(
        "v3-fragment-ids-from-one",
        breaks: ["V3-FRAG-1"],
        "the first fragmented message of a session has id 1 instead of 0"
    )
    public static let v3FragmentSmallTotalAccepted = Mutant(
        "v3-fragment-small-total-accepted",
        breaks: ["V3-FRAG-2"],
        "a fragment of a message that fits one record is accepted instead of bad_fragment"
    )
    public static let v3FragmentTooLargeAccepted = Mutant(
        "v3-fragment-too-large-accepted",
        breaks: ["V3-FRAG-2"],
        "a fragment whose total is above 16 MiB starts a partial message instead of message_too_large"
    )
    public static let v3FragmentOverrunAccepted = Mutant(
        "v3-fragment-overrun-accepted",
        breaks: ["V3-FRAG-2"],
        "a fragment reaching past its total is accepted instead of bad_fragment"
    )
    public static let v3FragmentTotalMismatchIgnored = Mutant(
        "v3-fragment-total-mismatch-ignored",
        breaks: ["V3-FRAG-2"],
        "a fragment whose total differs from its partial message's is appended instead of bad_fragment"
    )
    public static let v3FragmentGapAccepted = Mutant(
        "v3-fragment-gap-accepted",
        breaks: ["V3-FRAG-2"],
        "a fragment's offset is not checked: a gap or a first fragment at another offset is taken"
    )
    public static let v3FragmentPartialsUnbounded = Mutant(
        "v3-fragment-partials-unbounded",
        breaks: ["V3-FRAG-2", "V3-FRAG-3"],
        "a fifth partial message is started instead of too_many_partials"
    )
    public static let v3FragmentRefusalRecordsCounter = Mutant(
        "v3-fragment-refusal-records-counter",
        breaks: ["V3-FRAG-2"],
        "a frame whose record is refused still records its counter, so the same frame again is replayed"
    )

    static let sessionsV3Area: [Mutant] = [
        .v3SessionCountersFromZero, .v3SessionHandshakeCountersOpen, .v3SessionRefusedSealTakesCounter,
        .v3SessionSealsAtLastCounter, .v3FrameNonceBigEndian, .v3FrameHeaderNotAuthenticated,
        .v3FrameBucketCheckedAfterTag, .v3FrameReplayCheckedAfterTag, .v3WindowNarrow, .v3WindowWide,
        .v3WindowNoReplayCheck, .v3WindowRecordsBeforeTag, .v3WindowNotClearedOnSlide, .v3RekeyNever,
        .v3RekeyIgnoresTime, .v3RekeyTimeSkipsEpochStart, .v3RekeyPreviousKeyDropped, .v3RekeyLookaheadNine,
        .v3RekeyLookaheadSeven, .v3CounterMaxOpened, .v3PaddingNotChecked, .v3PaddingSmallestBucketOnly,
        .v3PaddingNone, .v3RecordKindUnchecked, .v3FragmentWholeLimitOffByOne, .v3FragmentSizeOffByOne,
        .v3FragmentIDsFromOne, .v3FragmentSmallTotalAccepted, .v3FragmentTooLargeAccepted, .v3FragmentOverrunAccepted,
        .v3FragmentTotalMismatchIgnored, .v3FragmentGapAccepted, .v3FragmentPartialsUnbounded,
        .v3FragmentRefusalRecordsCounter,
    ]
}
