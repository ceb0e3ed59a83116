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
    case recordNonceBeforeAuth = "record-nonce-before-auth"
    case noReplayWindow = "no-replay-window"
    case window127 = "window-127"
    case window129 = "window-129"
    case windowEvictsNewest = "window-evicts-newest"

    // Primitives and the key schedule (DH-*, KDF-*).
    case noZeroOutputCheck = "no-zero-output-check"
    case topBitOfUNotMasked = "top-bit-of-u-not-masked"
    case nonCanonicalURejected = "non-canonical-u-rejected"
    case hkdfLengthLimitOffByOne = "hkdf-length-limit-off-by-one"
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
    case qrRPCNotValidated = "qr-rpc-not-validated"
    case qrMaximumLengthOffByOne = "qr-maximum-length-off-by-one"

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
    case lateResponseDelivered = "late-response-delivered"
    case requestDeadlineOffByOne = "request-deadline-off-by-one"
    case streamGapAccepted = "stream-gap-accepted"

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
        case .lateResponseDelivered:
            "the device delivers a response whose request is not pending (late, timed out or replayed) (RPC-4)"
        case .requestDeadlineOffByOne:
            "the device times a request out when now equals its deadline, one millisecond early (RPC-5)"
        case .streamGapAccepted:
            "the device delivers a stream-chunk whose seq skips ahead instead of failing the request (STREAM-2)"
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
        case .qrRPCNotValidated:
            "the QR rpc is not validated, as the deployed consumer did not (QR-PARSE-22)"
        case .qrMaximumLengthOffByOne:
            "a QR payload of exactly 2,331 octets, the largest allowed, is refused as qr_too_long (QR-PARSE-2)"
        }
    }
}
