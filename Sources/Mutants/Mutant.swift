import TunnelCrypto
/// A deliberately broken implementation: one realistic bug that a conforming implementation
/// could plausibly have, switched on inside `ComposedImplementation`.
///
/// The suite's self-check (`MutantCatchTests`, spec/kit/mutants.md) runs every vector against every
/// mutant: each must fail at least one vector, or the suite has a gap. Each bug is named after
/// what the code does wrong, and its summary names the requirement it breaks. Several copy a
/// behaviour of the deployed OpenHuman code or of a common library default.
public enum Mutant: String, CaseIterable, Sendable {
    // Type octet and size checks at the receivers (TYPE-*, SIZE-*, FRAME-OPEN-2..4, HS-4, ACK-4).
    case acceptLegacy0x01 = "accept-legacy-0x01"
    case unsupportedTypeReportedAsAuthFailure = "unsupported-type-reported-as-auth-failure"
    case unexpectedTypeReportedAsUnsupported = "unexpected-type-reported-as-unsupported"
    case shortFrameReportedAsAuthFailure = "short-frame-reported-as-auth-failure"
    case oversizeFrameAccepted = "oversize-frame-accepted"
    case plaintextLimitOffByOne = "plaintext-limit-off-by-one"
    case emptyFrameReportedAsTooShort = "empty-frame-reported-as-too-short"
    case legacyReportedAsUnsupported = "legacy-reported-as-unsupported"
    case lengthCheckedBeforeType = "length-checked-before-type"

    // Session frames and the replay window (FRAME-*, REPLAY-*, KDF-5).
    case swapDirectionKeys = "swap-direction-keys"
    case oneKeyBothDirections = "one-key-both-directions"
    case constantSealNonce = "constant-seal-nonce"
    case zeroNonceTreatedAsAbsent = "zero-nonce-treated-as-absent"
    case recordNonceBeforeAuth = "record-nonce-before-auth"
    case noReplayWindow = "no-replay-window"
    case window126 = "window-126"
    case window127 = "window-127"
    case window129 = "window-129"
    case windowEvictsNewest = "window-evicts-newest"
    case zeroSessionKeyTreatedAsUnset = "zero-session-key-treated-as-unset"

    // Primitives and the key schedule (DH-*, KDF-*).
    case noZeroOutputCheck = "no-zero-output-check"
    case topBitOfUNotMasked = "top-bit-of-u-not-masked"
    case nonCanonicalURejected = "non-canonical-u-rejected"
    case hkdfLengthLimitOffByOne = "hkdf-length-limit-off-by-one"
    case hkdfZeroLengthRefused = "hkdf-zero-length-refused"
    case hkdfLengthHeldIn32Bits = "hkdf-length-held-in-32-bits"
    case zeroScalarRefused = "zero-scalar-refused"
    case saltOrderReversed = "salt-order-reversed"
    case ikmOrderReversed = "ikm-order-reversed"
    case misspeltInfoTag = "misspelt-info-tag"
    case handshakeSaltWithoutCoreKey = "handshake-salt-without-core-key"
    case ackKeyWithEmptySalt = "ack-key-with-empty-salt"

    // The handshake and the ack (HS-*, ACK-*).
    case handshakeAADOmitted = "handshake-aad-omitted"
    case ackAADOmitted = "ack-aad-omitted"
    case handshakePlaintextSortedKeys = "handshake-plaintext-sorted-keys"
    case ackPlaintextWithSpaces = "ack-plaintext-with-spaces"
    case ackKindNotChecked = "ack-kind-not-checked"
    case ackStateDiscardedOnError = "ack-state-discarded-on-error"
    case secondAckAccepted = "second-ack-accepted"

    // Handshake plaintext JSON and base64url (JSON-*, ENC-1).
    case duplicateJSONFieldsAccepted = "duplicate-json-fields-accepted"
    case missingFieldReportedAsBadJSON = "missing-field-reported-as-bad-json"
    case fieldsCheckedInWrongOrder = "fields-checked-in-wrong-order"
    case paddedBase64URLAccepted = "padded-base64url-accepted"
    case standardAlphabetAccepted = "standard-alphabet-accepted"
    case trailingBitsAccepted = "trailing-bits-accepted"
    case unknownJSONMembersRejected = "unknown-json-members-rejected"
    case loneSurrogateAccepted = "lone-surrogate-accepted"
    case invalidUTF8Replaced = "invalid-utf8-replaced"
    case escapedMemberNamesNotUnescaped = "escaped-member-names-not-unescaped"
    case duplicateReportedBeforeSyntaxError = "duplicate-reported-before-syntax-error"
    case jsonNestingLimitOffByOne = "json-nesting-limit-off-by-one"

    // Channel states at the core (CHAN-*, HS-4 order).
    case expiryComparedWithLessOrEqual = "expiry-compared-with-less-or-equal"
    case unknownDeviceAccepted = "unknown-device-accepted"
    case pendingChannelNotConsumed = "pending-channel-not-consumed"
    case revokedChannelAccepted = "revoked-channel-accepted"
    case handshakeReplayAccepted = "handshake-replay-accepted"
    case channelStateCheckedAfterAuth = "channel-state-checked-after-auth"
    case channelUpdatedBeforeKeyChecks = "channel-updated-before-key-checks"
    case replayCheckedBeforeDeviceKey = "replay-checked-before-device-key"
    case expiryHeldIn32Bits = "expiry-held-in-32-bits"
    case zeroExpiryMeansNever = "zero-expiry-means-never"

    // The adapter's reading of inputs (ADP-16, ADP-30, ADP-31).
    case integersReadIn64Bits = "integers-read-in-64-bits"
    case unknownInputMembersRefused = "unknown-input-members-refused"
    case absentLastEphemeralRefused = "absent-last-ephemeral-refused"

    // Safe pairing: the code, the commit, the confirmation (SAS-*, KEYCONF-*, CONFIRM-*).
    case sasReducedFrom32Bits = "sas-reduced-from-32-bits"
    case sasWithoutTranscript = "sas-without-transcript"
    case sasWithoutEphemeralSecret = "sas-without-ephemeral-secret"
    case sasLeadingZerosDropped = "sas-leading-zeros-dropped"
    case commitOnHandshake = "commit-on-handshake"
    case pendingSlotKeepsFirst = "pending-slot-keeps-first"
    case pendingHandshakeReplayAccepted = "pending-handshake-replay-accepted"
    case sealUnderPendingHandshake = "seal-under-pending-handshake"
    case confirmingDelivers = "confirming-delivers"
    case confirmationDeadlineIgnored = "confirmation-deadline-ignored"
    case rejectionReturnsToPending = "rejection-returns-to-pending"
    case pendingGraceIgnored = "pending-grace-ignored"

    // The core's session memory, keys and clock (MEMORY-*, CHAN-KEY-*, CLOCK-1, QR-SRC-3).
    case coreMemoryWindow128 = "core-memory-window-128"
    case sessionBoundOffByOne = "session-bound-off-by-one"
    case exhaustedSessionStillOpens = "exhausted-session-still-opens"
    case exhaustionCheckedBeforeReplay = "exhaustion-checked-before-replay"
    case sharedKeyFirstChannelKept = "shared-key-first-channel-kept"
    case relayExpiryTrusted = "relay-expiry-trusted"
    case pairingWindowCapOffByOne = "pairing-window-cap-off-by-one"
    case fingerprintWithoutLabel = "fingerprint-without-label"

    // The relay (RELAY-*).
    case relayTokenExpiryOffByOne = "relay-token-expiry-off-by-one"
    case relayPayloadLimitOffByOne = "relay-payload-limit-off-by-one"
    case relayRateLimitOffByOne = "relay-rate-limit-off-by-one"
    case relayEvictionUntold = "relay-eviction-untold"
    case relayPairingTokenReusable = "relay-pairing-token-reusable"

    // The pairing payload (QR-*).
    case lenientExpParse = "lenient-exp-parse"
    case duplicateQRFieldsAccepted = "duplicate-qr-fields-accepted"
    case qrExpiryComparedWithLessOrEqual = "qr-expiry-compared-with-less-or-equal"
    case qrPaddedCPKAccepted = "qr-padded-cpk-accepted"
    case qrEncodeLowercasePercentHex = "qr-encode-lowercase-percent-hex"
    case qrEncodeSpaceAsPercent20 = "qr-encode-space-as-percent-20"
    case qrSchemeCaseSensitive = "qr-scheme-case-sensitive"
    case qrNamesNotPercentDecoded = "qr-names-not-percent-decoded"
    case qrPlusNotDecodedAsSpace = "qr-plus-not-decoded-as-space"
    case qrLowOrderCPKAccepted = "qr-low-order-cpk-accepted"
    case qrNonCanonicalCPKRefused = "qr-non-canonical-cpk-refused"
    case qrRPCNotValidated = "qr-rpc-not-validated"
    case qrMaximumLengthOffByOne = "qr-maximum-length-off-by-one"
    case qrExpiryHeldIn32Bits = "qr-expiry-held-in-32-bits"
    case qrZeroExpiryMeansNever = "qr-zero-expiry-means-never"
    case qrBareHexPrefixAccepted = "qr-bare-hex-prefix-accepted"
    case qrPortLeadingZerosRefused = "qr-port-leading-zeros-refused"
    case qrPortDigitsNotCounted = "qr-port-digits-not-counted"
    case qrSchemeWithoutColonReadAsWhole = "qr-scheme-without-colon-read-as-whole"

    // The envelope (ENV-*, CHUNK-*, AUTH-*).
    case deployedChunkSize = "deployed-chunk-size"
    case chunkDeadlineOffByOne = "chunk-deadline-off-by-one"
    case fivePartialMessages = "five-partial-messages"
    case noMessageSizeLimit = "no-message-size-limit"
    case envelopeWithSpaces = "envelope-with-spaces"
    case unexpectedKindReportedAsUnknown = "unexpected-kind-reported-as-unknown"
    case freeTextErrorRejected = "free-text-error-rejected"
    case grantNotChecked = "grant-not-checked"
    case noRequestIDDedup = "no-request-id-dedup"
    case noRequestBound = "no-request-bound"
    case requestBoundOffByOne = "request-bound-off-by-one"
    case lateResponseDelivered = "late-response-delivered"
    case requestDeadlineOffByOne = "request-deadline-off-by-one"
    case streamGapAccepted = "stream-gap-accepted"
    case byteOrderMarkSkipped = "byte-order-mark-skipped"
    case requestIDLengthOffByOne = "request-id-length-off-by-one"
    case kindCaseInsensitive = "kind-case-insensitive"
    case unpaddedBase64Accepted = "unpadded-base64-accepted"
    case emptyLastPieceAccepted = "empty-last-piece-accepted"
    case unimplementedMethodDispatched = "unimplemented-method-dispatched"
    case plainRequestStreamDelivered = "plain-request-stream-delivered"
    case duplicateChunkOverwrites = "duplicate-chunk-overwrites"
    case conflictingTotalIgnored = "conflicting-total-ignored"
    case nestedChunkAccepted = "nested-chunk-accepted"
    case chunkRequestIDNotCompared = "chunk-request-id-not-compared"

    // The verifier (VERIFY-*).
    case verifierIgnoresRepeatedNonces = "verifier-ignores-repeated-nonces"

    /// The mutant's name, as given to `--mutant`.
    public var name: String { rawValue }

    /// One line: what the broken implementation does, and the requirement it breaks.
    public var summary: String {
        switch self {
        case .acceptLegacy0x01:
            "every receiver processes a 0x01 legacy message as its own type instead of refusing it with legacy_frame (TYPE-3)"
        case .unsupportedTypeReportedAsAuthFailure:
            "receivers special-case only 0x01 and process every other type octet as their own, so 0x05 ends in auth_failed (or a length error), not unsupported_type (TYPE-4, TYPE-5)"
        case .unexpectedTypeReportedAsUnsupported:
            "a registered type at the wrong receiver (0x03 at a session opener) is reported unsupported_type, not unexpected_type (TYPE-4)"
        case .shortFrameReportedAsAuthFailure:
            "minimum lengths omit the 16-byte tag (25 for 0x02/0x04, 57 for 0x03, as the deployed code checked), so short messages fail as auth_failed, not frame_too_short (FRAME-OPEN-3)"
        case .oversizeFrameAccepted:
            "receivers have no upper bound, so a 49,153-byte message goes on to authentication instead of frame_too_large (SIZE-1, FRAME-OPEN-4)"
        case .plaintextLimitOffByOne:
            "the seal limit is computed as 49,152 - 40 (type octet forgotten): a 49,112-byte plaintext is sealed into a 49,153-byte frame (SIZE-2, FRAME-SEAL-3)"
        case .emptyFrameReportedAsTooShort:
            "an empty message fails the length check first, as frame_too_short, not empty_frame (TYPE-2)"
        case .legacyReportedAsUnsupported:
            "0x01 is not special-cased: a legacy message is reported unsupported_type, not legacy_frame with its re-pair hint (TYPE-3)"
        case .lengthCheckedBeforeType:
            "length bounds are checked before the type octet, so a short or oversize message of a wrong type gets a length error (FRAME-OPEN-1, FRAME-OPEN-2)"
        case .oneKeyBothDirections:
            "both roles seal and open with c2s, like G1's single key, so a frame reflected to its sender opens (KDF-5)"
        case .swapDirectionKeys:
            "roles swapped: the device seals with s2c and opens with c2s, the core the reverse (KDF-5)"
        case .constantSealNonce:
            "a frame sealed without a caller nonce gets 24 zero bytes instead of CSPRNG output, so nonces repeat under one key (FRAME-SEAL-2)"
        case .recordNonceBeforeAuth:
            "the nonce enters the replay window before authentication, so a forged frame blocks the genuine frame with its nonce (FRAME-OPEN-7)"
        case .noReplayWindow:
            "the opener keeps no replay window: a replayed frame is accepted again (FRAME-OPEN-5)"
        case .window126:
            "the replay window holds 126 nonces while declaring replayMemory 128: the 127th most recent is accepted again (REPLAY-1, REPLAY-3)"
        case .zeroNonceTreatedAsAbsent:
            "an all-zero nonce given by the caller is taken for 'no nonce' (a zero sentinel) and replaced by a random one, for frames, handshakes and acks (FRAME-SEAL-1, HS-1, ACK-1)"
        case .window127:
            "the replay window holds 127 nonces while declaring replayMemory 128: the 128th most recent is accepted again (REPLAY-1, REPLAY-3)"
        case .window129:
            "the replay window holds 129 nonces while declaring replayMemory 128: the 129th most recent is still refused (REPLAY-2, REPLAY-3)"
        case .windowEvictsNewest:
            "a full replay window evicts the most recent nonce instead of the oldest (REPLAY-2)"
        case .noZeroOutputCheck:
            "X25519 outputs are never checked for all zero: low-order keys yield a public shared secret (DH-2)"
        case .topBitOfUNotMasked:
            "X25519 reduces the whole 256-bit u-coordinate modulo p instead of masking its top bit (DH-1)"
        case .nonCanonicalURejected:
            "X25519 refuses a u-coordinate >= p with low_order_key instead of reducing it (DH-1)"
        case .hkdfLengthLimitOffByOne:
            "HKDF refuses the largest legal output, 255 * 32 = 8,160 bytes, with hkdf_output_too_long (KDF-1)"
        case .hkdfZeroLengthRefused:
            "HKDF refuses an output length of 0 (a precondition length > 0), which KDF-1 allows and answers with the empty output (KDF-1)"
        case .hkdfLengthHeldIn32Bits:
            "the HKDF length is held in 32 bits, so 2^32 wraps to 0 and gives the empty output instead of hkdf_output_too_long (KDF-1, ADP-30)"
        case .zeroScalarRefused:
            "X25519 refuses an all-zero private key with low_order_key, though clamping makes every 32 bytes a valid scalar (DH-1)"
        case .zeroSessionKeyTreatedAsUnset:
            "an all-zero direction key is taken for an unset one: the opener refuses every frame under it with auth_failed (FRAME-OPEN-6, KDF-5)"
        case .expiryHeldIn32Bits:
            "the core compares now and expiresAt as 32-bit values, so times past 2^32 - 1 (2106) wrap and an expired pairing reopens (ENC-4, CHAN-2)"
        case .zeroExpiryMeansNever:
            "a pending channel with expiresAt 0 is taken to have no expiry, as a zero sentinel does (CHAN-2, ENC-4)"
        case .qrExpiryHeldIn32Bits:
            "the QR consumer compares exp and now as 32-bit values, so times past 2^32 - 1 wrap (ENC-4, QR-PARSE-24)"
        case .qrZeroExpiryMeansNever:
            "a QR payload with exp 0 is taken to have no expiry, as a zero sentinel does (QR-PARSE-24)"
        case .qrBareHexPrefixAccepted:
            "the QR rpc host's last label 0x with no hex digit after it is accepted, though WHATWG reads it as the number 0 (QR-GRAM-4)"
        case .qrPortLeadingZerosRefused:
            "a QR rpc port with leading zeros (:00080) is refused, though QR-GRAM-4 allows it (QR-GRAM-4, QR-PARSE-22)"
        case .qrPortDigitsNotCounted:
            "a QR rpc port is judged by its value only, so six digits with a leading zero (:000080) pass (QR-GRAM-4)"
        case .qrSchemeWithoutColonReadAsWhole:
            "a QR payload without ':' is read as all scheme, so 'openhuman' alone passes the scheme check and fails later as qr_bad_host (QR-PARSE-4)"
        case .saltOrderReversed:
            "session-key salt is server_eph_pub || client_eph_pub (KDF-2)"
        case .ikmOrderReversed:
            "session-key ikm is eph_dh || static_dh (KDF-2)"
        case .misspeltInfoTag:
            "session keys use the handshake's tag prefix, openhuman-tunnel/v3/c2s and /v3/s2c, instead of /v1/ (KDF-2)"
        case .handshakeSaltWithoutCoreKey:
            "k_hs salt is hs_eph_pub alone, without core_static_pub (KDF-3)"
        case .ackKeyWithEmptySalt:
            "k_ack is derived with an empty salt instead of client_eph_pub (KDF-4)"
        case .handshakeAADOmitted:
            "the 0x03 handshake is sealed and opened without its 33-byte header as AAD (HS-1)"
        case .ackAADOmitted:
            "the 0x04 ack is sealed and opened without 0x04 || client_eph_pub as AAD (ACK-1)"
        case .handshakePlaintextSortedKeys:
            "the device writes the handshake plaintext with member names sorted, as a sorted-keys JSON encoder does (HS-2)"
        case .ackPlaintextWithSpaces:
            "the core writes the ack plaintext with a space after ':' and ',', as a default JSON encoder does (ACK-2)"
        case .ackKindNotChecked:
            "the device never reads the ack's kind member, so a missing or wrong kind is accepted (ACK-4)"
        case .ackStateDiscardedOnError:
            "the device drops its handshake state (client_eph) when an ack is refused, so a later valid ack for the same handshake fails (ACK-5)"
        case .secondAckAccepted:
            "the device never closes its ack opener: a second ack after the first is accepted again instead of reaching the session opener (ACK-6)"
        case .duplicateJSONFieldsAccepted:
            "a repeated member in a handshake or ack plaintext is accepted, the last copy winning (JSON-2)"
        case .missingFieldReportedAsBadJSON:
            "a missing required member is reported bad_handshake_json, as a struct decoder does, not missing_field (JSON-3)"
        case .fieldsCheckedInWrongOrder:
            "required members are checked in reverse order (client_ephemeral_pubkey before device_pubkey, server_ephemeral_pubkey before kind) (JSON-7)"
        case .paddedBase64URLAccepted:
            "key members with '=' padding are accepted (ENC-1, JSON-6)"
        case .standardAlphabetAccepted:
            "key members written in the standard base64 alphabet ('+' and '/') are accepted (ENC-1, JSON-6)"
        case .trailingBitsAccepted:
            "key members whose last character has non-zero unused bits are accepted, as the deployed app's decoder did (ENC-1, JSON-6)"
        case .unknownJSONMembersRejected:
            "a plaintext with a member beyond the required ones is refused as bad_handshake_json, as a deny-unknown-fields decoder does (JSON-5)"
        case .loneSurrogateAccepted:
            "a lone surrogate escape such as \\ud800 is read as U+FFFD, as JavaScript and Python parsers do (JSON-1, A1)"
        case .invalidUTF8Replaced:
            "invalid UTF-8 inside a string is replaced with U+FFFD instead of refused, as String(decoding:) does (JSON-1)"
        case .escapedMemberNamesNotUnescaped:
            "member names are compared as written, so \"device\\u005fpubkey\" is not device_pubkey (JSON-1, A1)"
        case .duplicateReportedBeforeSyntaxError:
            "a duplicate member is reported as soon as it is read, so an invalid text with a duplicate gives duplicate_field, not bad_handshake_json (JSON-2, A1)"
        case .jsonNestingLimitOffByOne:
            "the nesting bound compares with >= instead of >: a plaintext nested 32 levels deep, which every receiver MUST accept, is refused (JSON-1)"
        case .expiryComparedWithLessOrEqual:
            "a pending channel is treated as expired when now >= expiresAt, refusing the handshake at now == expiresAt (CHAN-2)"
        case .unknownDeviceAccepted:
            "a paired channel re-pairs to whichever device key arrives, as the deployed core did (CHAN-3)"
        case .pendingChannelNotConsumed:
            "a pending channel stays pending after its handshake, so a second device can still pair (CHAN-2)"
        case .revokedChannelAccepted:
            "the revoked state is not consulted: a revoked channel pairs again (CHAN-4)"
        case .handshakeReplayAccepted:
            "the last accepted hs_eph_pub is not compared, so a replayed handshake restarts the session (CHAN-5)"
        case .channelStateCheckedAfterAuth:
            "the channel state is checked after the AEAD open, so a revoked or expired channel answers auth_failed to a forged handshake (HS-4)"
        case .channelUpdatedBeforeKeyChecks:
            "the channel is set to paired before the static and ephemeral DH checks, so a low_order_key failure still changes it (CHAN-6)"
        case .replayCheckedBeforeDeviceKey:
            "on a paired channel the handshake replay check runs before the device key check, so a replayed handshake of another device gives handshake_replayed, not unknown_device (HS-4)"
        case .sasReducedFrom32Bits:
            "the pairing code is the first 4 bytes of sas_okm mod 10^6 (the review's first sketch), not the 8-byte big-endian value: other digits, and a modulo bias near 2e-4 (SAS-2)"
        case .sasWithoutTranscript:
            "the pairing code's HKDF salt is empty instead of the SHA-256 of the two messages: a replayed handshake with the same keys would show the same code (SAS-1)"
        case .sasWithoutEphemeralSecret:
            "the pairing code is derived from static_dh alone: the same code for every pairing of the same two keys, and one the relay could learn once and reuse (SAS-1)"
        case .sasLeadingZerosDropped:
            "the pairing code is written without leading zeros (\"4217\" instead of \"004217\") (SAS-2)"
        case .commitOnHandshake:
            "the core commits a handshake as soon as it opens, as the deployed core did: a replayed older handshake ends the live session (KEYCONF-1)"
        case .pendingSlotKeepsFirst:
            "a pending channel refuses every handshake while one waits in the slot: a phone whose ack was lost, or that scanned again with a new key, cannot pair (KEYCONF-6)"
        case .pendingHandshakeReplayAccepted:
            "the handshake waiting in the slot is accepted again when replayed, replacing itself with a new ack and keys the device does not have (KEYCONF-2)"
        case .sealUnderPendingHandshake:
            "the core seals under the keys of the waiting handshake instead of the current session: the device, still on the current session, cannot open its frames (KEYCONF-5)"
        case .confirmingDelivers:
            "a confirming channel delivers the device's requests before the user confirmed the code (CONFIRM-2)"
        case .confirmationDeadlineIgnored:
            "the 120-second confirmation deadline is never applied: an unanswered pairing stays open for ever (CONFIRM-3)"
        case .rejectionReturnsToPending:
            "a rejected pairing puts the channel back to pending instead of revoking it, so the same QR code can be tried again (CONFIRM-3)"
        case .pendingGraceIgnored:
            "a pending channel commits a waiting handshake however long after its expiry the first frame comes (KEYCONF-3 step 3)"
        case .coreMemoryWindow128:
            "the core's session remembers only the 128 most recent nonces, as the deployed core did: a request replayed after 129 frames runs again (MEMORY-1)"
        case .sessionBoundOffByOne:
            "the core's session accepts one frame more than its declared sessionReplayMemory before it is exhausted (MEMORY-2)"
        case .exhaustedSessionStillOpens:
            "the core's session never ends: the memory grows without bound (MEMORY-2)"
        case .exhaustionCheckedBeforeReplay:
            "an exhausted session answers session_exhausted even for a remembered nonce, instead of replayed (MEMORY-2 order)"
        case .sharedKeyFirstChannelKept:
            "of the channels that share a core key, the first is kept and only the later ones are revoked (CHAN-KEY-2)"
        case .relayExpiryTrusted:
            "the core takes the relay's pairingExpiresAt as the pairing window, uncapped by its own clock (CLOCK-1)"
        case .pairingWindowCapOffByOne:
            "the core caps the pairing window at 601 seconds instead of 600 (CLOCK-1)"
        case .fingerprintWithoutLabel:
            "the core key fingerprint hashes the key without the label (QR-SRC-3)"
        case .relayTokenExpiryOffByOne:
            "the relay accepts a pairing token until 601 seconds after registration instead of 600 (RELAY-2)"
        case .relayPayloadLimitOffByOne:
            "the relay refuses a payload of exactly 65,536 characters, the text of the largest message (RELAY-12)"
        case .relayRateLimitOffByOne:
            "the relay forwards 101 frames of a connection in one second instead of 100 (RELAY-13)"
        case .relayEvictionUntold:
            "the relay replaces a connection without sending it tunnel:evicted, as the deployed relay does to a device (RELAY-8)"
        case .verifierIgnoresRepeatedNonces:
            "the verifier keeps no ledger of nonces, so a replayed frame and a reused nonce pass unnamed (VERIFY-3, REPLAY-3, FRAME-SEAL-2)"
        case .relayPairingTokenReusable:
            "the relay checks the pairing token but not its single use, so a second device with a stolen token joins (RELAY-2)"
        case .integersReadIn64Bits:
            "integer inputs are read as any 64-bit value, so a length of 2^53 is hkdf_output_too_long and a now of 2^53 a time, not bad_request (ADP-30)"
        case .unknownInputMembersRefused:
            "the adapter's decoder refuses members it does not know (deny_unknown_fields), in the input, a step or the channel, instead of ignoring them (ADP-31)"
        case .absentLastEphemeralRefused:
            "the adapter takes an absent lastHandshakeEphemeral of a paired channel for a missing required member (bad_request), though absent means none (ADP-31, ADP-16)"
        case .deployedChunkSize:
            "messages are cut into the deployed 61,440-byte pieces, whose chunk frames exceed 49,152 bytes (CHUNK-1)"
        case .chunkDeadlineOffByOne:
            "a partial message expires 29,999 ms after its first chunk, so a chunk at exactly 30,000 ms is lost (CHUNK-5)"
        case .fivePartialMessages:
            "five partial messages are kept at once instead of four (CHUNK-4)"
        case .noMessageSizeLimit:
            "messages up to 32 MiB are split and reassembled, twice the limit (CHUNK-1, ENV-6)"
        case .envelopeWithSpaces:
            "the envelope is written with a space after ':' and ',', as a default JSON encoder does (ENV-2)"
        case .unexpectedKindReportedAsUnknown:
            "a kind the receiver does not take is reported unknown_kind, not unexpected_kind (ENV-6)"
        case .freeTextErrorRejected:
            "a device refuses an error payload that is free text, as a deployed core sends, instead of reading method_failed (ENV-8)"
        case .grantNotChecked:
            "the core dispatches every method it implements, whatever the device's grant, as the deployed core did (AUTH-1, RPC-6)"
        case .noRequestIDDedup:
            "the core keeps no request-id memory, so a request sent again in a new frame runs again, as deployed (RPC-2, F-6)"
        case .noRequestBound:
            "the core accepts requests without end in a session, so its request-id memory grows without bound (RPC-2)"
        case .requestBoundOffByOne:
            "the core accepts 1,048,577 requests in a session, one more than the bound (RPC-2)"
        case .lateResponseDelivered:
            "the device delivers a response whose request is not pending (late, timed out or replayed) (RPC-4)"
        case .requestDeadlineOffByOne:
            "the device times a request out when now equals its deadline, one millisecond early (RPC-5)"
        case .streamGapAccepted:
            "the device delivers a stream-chunk whose seq skips ahead instead of failing the request (STREAM-2)"
        case .byteOrderMarkSkipped:
            "a UTF-8 byte order mark before the envelope is skipped, as many JSON readers do, instead of refused with bad_envelope_json (ENV-1)"
        case .requestIDLengthOffByOne:
            "the requestId length limit is checked with > 65 instead of > 64, so a 65-character id is accepted (ENV-4)"
        case .kindCaseInsensitive:
            "kind is compared case-insensitively, so Request is read as request instead of refused with unknown_kind (ENV-6)"
        case .unpaddedBase64Accepted:
            "chunk data without its '=' padding is decoded, as a lenient base64 decoder does, instead of refused with bad_base64 (CHUNK-3)"
        case .emptyLastPieceAccepted:
            "a last piece of 0 bytes is accepted, the piece length being checked only for an upper bound, instead of refused with bad_chunk_size (CHUNK-3)"
        case .unimplementedMethodDispatched:
            "the core checks only the grant, so a granted method it does not implement is dispatched instead of answered unknown_method (RPC-6)"
        case .plainRequestStreamDelivered:
            "the device delivers a stream-chunk for a request sent without stream instead of failing it with not_streaming (STREAM-2)"
        case .duplicateChunkOverwrites:
            "a chunk received twice overwrites its piece instead of being refused with duplicate_chunk (CHUNK-4)"
        case .conflictingTotalIgnored:
            "a chunk whose total differs from its message's is taken, the first total kept silently, instead of refused with chunk_total_mismatch (CHUNK-4)"
        case .nestedChunkAccepted:
            "a reassembled message that is itself a chunk is delivered instead of refused with nested_chunk (CHUNK-6)"
        case .chunkRequestIDNotCompared:
            "a reassembled envelope is delivered whatever its requestId, not compared with its chunks', instead of refused with chunk_request_id_mismatch (CHUNK-6)"
        case .lenientExpParse:
            "the QR exp is read with a lenient integer parse (digits up to the first non-digit), as the deployed consumer did, so 1790000000abc passes (QR-PARSE-23)"
        case .duplicateQRFieldsAccepted:
            "a repeated known QR parameter is accepted, the first copy winning, as the deployed consumer's URLSearchParams.get did (QR-PARSE-13)"
        case .qrExpiryComparedWithLessOrEqual:
            "a QR payload is treated as expired when exp <= now, refusing it at now == exp (QR-PARSE-24)"
        case .qrPaddedCPKAccepted:
            "a QR cpk with '=' padding (raw or as %3D) is accepted (QR-PARSE-19)"
        case .qrEncodeLowercasePercentHex:
            "the QR producer writes percent escapes with lowercase hex (%2f instead of %2F) (QR-ENC-2)"
        case .qrEncodeSpaceAsPercent20:
            "the QR producer encodes a space as %20, as encodeURIComponent does, instead of '+' (QR-ENC-2)"
        case .qrSchemeCaseSensitive:
            "the QR scheme and host are compared case-sensitively, so OPENHUMAN://PAIR is refused (QR-PARSE-4, QR-PARSE-5)"
        case .qrNamesNotPercentDecoded:
            "QR parameter names are compared before percent-decoding, so c%69d is an unknown parameter, not cid (QR-GRAM-3)"
        case .qrPlusNotDecodedAsSpace:
            "QR values are percent-decoded with decodeURIComponent, which keeps '+' instead of reading a space (QR-GRAM-3)"
        case .qrLowOrderCPKAccepted:
            "the QR cpk is not checked for low order at scan time, as the deployed consumer did not (QR-PARSE-21)"
        case .qrNonCanonicalCPKRefused:
            "a QR cpk whose masked value is p or more (all 0xff is p + 18) is refused as qr_low_order_cpk, though X25519 reduces it and it is not low order (QR-PARSE-21, DH-1)"
        case .qrRPCNotValidated:
            "the QR rpc is not validated, as the deployed consumer did not (QR-PARSE-22)"
        case .qrMaximumLengthOffByOne:
            "a QR payload of exactly 2,331 octets, the largest allowed, is refused as qr_too_long (QR-PARSE-2)"
        }
    }
}
