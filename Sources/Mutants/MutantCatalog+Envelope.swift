// The mutants of one area. The envelope (ENV-*, CHUNK-*, AUTH-*).
// Each is declared once: its name (as given to `--mutant`), the requirements it breaks and
// what it gets wrong. `Mutant.catalog` (Mutant.swift) lists the areas in order.

extension Mutant {
    public static let deployedChunkSize = Mutant(
        "deployed-chunk-size",
        breaks: ["CHUNK-1"],
        "messages are cut into the deployed 61,440-byte pieces, whose chunk frames exceed 49,152 bytes"
    )
    public static let chunkDeadlineOffByOne = Mutant(
        "chunk-deadline-off-by-one",
        breaks: ["CHUNK-5"],
        "a partial message expires 29,999 ms after its first chunk, so a chunk at exactly 30,000 ms is lost"
    )
    public static let fivePartialMessages = Mutant(
        "five-partial-messages",
        breaks: ["CHUNK-4"],
        "five partial messages are kept at once instead of four"
    )
    public static let noMessageSizeLimit = Mutant(
        "no-message-size-limit",
        breaks: ["CHUNK-1", "ENV-6"],
        "messages up to 32 MiB are split and reassembled, twice the limit"
    )
    public static let envelopeWithSpaces = Mutant(
        "envelope-with-spaces",
        breaks: ["ENV-2"],
        "the envelope is written with a space after ':' and ',', as a default JSON encoder does"
    )
    public static let unexpectedKindReportedAsUnknown = Mutant(
        "unexpected-kind-reported-as-unknown",
        breaks: ["ENV-6"],
        "a kind the receiver does not take is reported unknown_kind, not unexpected_kind"
    )
    public static let freeTextErrorRejected = Mutant(
        "free-text-error-rejected",
        breaks: ["ENV-8"],
        "a device refuses an error payload that is free text, as a deployed core sends, instead of reading method_failed"
    )
    public static let grantNotChecked = Mutant(
        "grant-not-checked",
        breaks: ["AUTH-1", "RPC-6"],
        "the core dispatches every method it implements, whatever the device's grant, as the deployed core did"
    )
    public static let noRequestIDDedup = Mutant(
        "no-request-id-dedup",
        breaks: ["RPC-2"],
        "the core keeps no request-id memory, so a request sent again in a new frame runs again, as deployed (finding F-6)"
    )
    public static let noRequestBound = Mutant(
        "no-request-bound",
        breaks: ["RPC-2"],
        "the core accepts requests without end in a session, so its request-id memory grows without bound"
    )
    public static let requestBoundOffByOne = Mutant(
        "request-bound-off-by-one",
        breaks: ["RPC-2"],
        "the core accepts 1,048,577 requests in a session, one more than the bound"
    )
    public static let lateResponseDelivered = Mutant(
        "late-response-delivered",
        breaks: ["RPC-4"],
        "the device delivers a response whose request is not pending (late, timed out or replayed)"
    )
    public static let requestDeadlineOffByOne = Mutant(
        "request-deadline-off-by-one",
        breaks: ["RPC-5"],
        "the device times a request out when now equals its deadline, one millisecond early"
    )
    public static let streamGapAccepted = Mutant(
        "stream-gap-accepted",
        breaks: ["STREAM-2"],
        "the device delivers a stream-chunk whose seq skips ahead instead of failing the request"
    )
    public static let byteOrderMarkSkipped = Mutant(
        "byte-order-mark-skipped",
        breaks: ["ENV-1"],
        "a UTF-8 byte order mark before the envelope is skipped, as many JSON readers do, instead of refused with bad_envelope_json"
    )
    public static let requestIDLengthOffByOne = Mutant(
        "request-id-length-off-by-one",
        breaks: ["ENV-4"],
        "the requestId length limit is checked with > 65 instead of > 64, so a 65-character id is accepted"
    )
    public static let kindCaseInsensitive = Mutant(
        "kind-case-insensitive",
        breaks: ["ENV-6"],
        "kind is compared case-insensitively, so Request is read as request instead of refused with unknown_kind"
    )
    public static let unpaddedBase64Accepted = Mutant(
        "unpadded-base64-accepted",
        breaks: ["CHUNK-3"],
        "chunk data without its '=' padding is decoded, as a lenient base64 decoder does, instead of refused with bad_base64"
    )
    public static let emptyLastPieceAccepted = Mutant(
        "empty-last-piece-accepted",
        breaks: ["CHUNK-3"],
        "a last piece of 0 bytes is accepted, the piece length being checked only for an upper bound, instead of refused with bad_chunk_size"
    )
    public static let unimplementedMethodDispatched = Mutant(
        "unimplemented-method-dispatched",
        breaks: ["RPC-6"],
        "the core checks only the grant, so a granted method it does not implement is dispatched instead of answered unknown_method"
    )
    public static let plainRequestStreamDelivered = Mutant(
        "plain-request-stream-delivered",
        breaks: ["STREAM-2"],
        "the device delivers a stream-chunk for a request sent without stream instead of failing it with not_streaming"
    )
    public static let duplicateChunkOverwrites = Mutant(
        "duplicate-chunk-overwrites",
        breaks: ["CHUNK-4"],
        "a chunk received twice overwrites its piece instead of being refused with duplicate_chunk"
    )
    public static let conflictingTotalIgnored = Mutant(
        "conflicting-total-ignored",
        breaks: ["CHUNK-4"],
        "a chunk whose total differs from its message's is taken, the first total kept silently, instead of refused with chunk_total_mismatch"
    )
    public static let nestedChunkAccepted = Mutant(
        "nested-chunk-accepted",
        breaks: ["CHUNK-6"],
        "a reassembled message that is itself a chunk is delivered instead of refused with nested_chunk"
    )
    public static let chunkRequestIDNotCompared = Mutant(
        "chunk-request-id-not-compared",
        breaks: ["CHUNK-6"],
        "a reassembled envelope is delivered whatever its requestId, not compared with its chunks', instead of refused with chunk_request_id_mismatch"
    )
    public static let nestedDuplicateRefused = Mutant(
        "nested-duplicate-refused",
        breaks: ["ENV-7"],
        "the core refuses a member name repeated anywhere in the request, inside params too, with duplicate_field instead of answering it"
    )
    public static let errorCodeLengthOffByOne = Mutant(
        "error-code-length-off-by-one",
        breaks: ["ENV-8"],
        "the device reads a 65-letter prefix of an error payload as its code instead of reading the payload as method_failed"
    )
    public static let methodLengthOffByOne = Mutant(
        "method-length-off-by-one",
        breaks: ["RPC-1"],
        "the receiver accepts a 129-character method name, the length checked with > 129 instead of > 128"
    )
    public static let partialLimitBeforeAdmit = Mutant(
        "partial-limit-before-admit",
        breaks: ["CHUNK-4", "RPC-4"],
        "the device checks the limit of 4 partial messages before it checks that the chunk's request is pending, so a chunk nobody awaits is too_many_partials"
    )
    public static let senderChecksValueFirst = Mutant(
        "sender-checks-value-first",
        breaks: ["ENV-11"],
        "the sender checks a request's params text before its method name, so a request wrong in both is bad_envelope_json"
    )
    public static let grantNeverLapses = Mutant(
        "grant-never-lapses",
        breaks: ["AUTH-5"],
        "the core keeps a grant for ever, as deployed, so a phone unseen at the desktop for months still reaches every granted method"
    )
    public static let requestMemoryPerSession = Mutant(
        "request-memory-per-session",
        breaks: ["RPC-2", "ENV-5"],
        "the core forgets every request id at a new session, as in suite 2.3, so a retry after a re-handshake runs the action again"
    )
    public static let retryNeedsNewID = Mutant(
        "retry-needs-new-id",
        breaks: ["ENV-5"],
        "the device refuses to send a request under any id it used before, as in suite 2.3, so a retry must take a new id and may run twice"
    )
    public static let chunkStartsAnywhere = Mutant(
        "chunk-starts-anywhere",
        breaks: ["CHUNK-4", "CHUNK-7"],
        "a chunk of any seq starts a partial message, as in suite 2.3, so a last chunk sent first holds a partial slot"
    )

    /// This area's mutants, in catalog order.
    static let envelopeArea: [Mutant] = [
        .deployedChunkSize, .chunkDeadlineOffByOne, .fivePartialMessages, .noMessageSizeLimit, .envelopeWithSpaces,
        .unexpectedKindReportedAsUnknown, .freeTextErrorRejected, .grantNotChecked, .noRequestIDDedup,
        .noRequestBound, .requestBoundOffByOne, .lateResponseDelivered, .requestDeadlineOffByOne,
        .streamGapAccepted, .byteOrderMarkSkipped, .requestIDLengthOffByOne, .kindCaseInsensitive,
        .unpaddedBase64Accepted, .emptyLastPieceAccepted, .unimplementedMethodDispatched,
        .plainRequestStreamDelivered, .duplicateChunkOverwrites, .conflictingTotalIgnored, .nestedChunkAccepted,
        .chunkRequestIDNotCompared, .nestedDuplicateRefused, .errorCodeLengthOffByOne, .methodLengthOffByOne,
        .partialLimitBeforeAdmit, .senderChecksValueFirst, .grantNeverLapses, .requestMemoryPerSession,
        .retryNeedsNewID,
        .chunkStartsAnywhere,
    ]
}
