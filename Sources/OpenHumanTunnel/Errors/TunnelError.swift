/// Every way a wire-format operation can fail, one case per stable error code of spec/07-errors.md.
///
/// The associated values (the offending type octet, the field name) give tests and logs more
/// precision; on the wire and in vectors only `code` is carried, so two implementations agree on
/// the code even when their messages differ (the deployed Rust and TypeScript halves did not).
public enum TunnelError: Error, Equatable, Hashable, Sendable {
    case badBase64URL
    case badKeyLength
    case lowOrderKey
    case hkdfOutputTooLong
    case emptyFrame
    case legacyFrame
    case unsupportedType(UInt8)
    case unexpectedType(UInt8)
    case frameTooShort
    case frameTooLarge
    case plaintextTooLarge
    case replayed
    case authFailed
    case badHandshakeJSON
    case duplicateField(String)
    case missingField(String)
    case badFieldType(String)
    case badFieldValue(String)
    case unknownDevice
    case channelRevoked
    case pairingExpired
    case handshakeReplayed
    case noSession
    case pairingUnconfirmed
    case notConfirming
    case staleConfirmation
    case sessionExhausted
    case tooManyAttempts
    case rateLimited
    case duplicateCoreKey
    case versionMismatch
    case commitmentMismatch
    case confirmationMismatch
    case badPadding
    case counterOutOfRange
    case badRecord
    case badFragment
    case fragmentOutOfOrder
    case messageTooLarge
    case tooManyPartials

    /// The stable snake_case code from the spec's error table.
    public var code: String {
        switch self {
        case .badBase64URL: "bad_base64url"
        case .badKeyLength: "bad_key_length"
        case .lowOrderKey: "low_order_key"
        case .hkdfOutputTooLong: "hkdf_output_too_long"
        case .emptyFrame: "empty_frame"
        case .legacyFrame: "legacy_frame"
        case .unsupportedType: "unsupported_type"
        case .unexpectedType: "unexpected_type"
        case .frameTooShort: "frame_too_short"
        case .frameTooLarge: "frame_too_large"
        case .plaintextTooLarge: "plaintext_too_large"
        case .replayed: "replayed"
        case .authFailed: "auth_failed"
        case .badHandshakeJSON: "bad_handshake_json"
        case .duplicateField: "duplicate_field"
        case .missingField: "missing_field"
        case .badFieldType: "bad_field_type"
        case .badFieldValue: "bad_field_value"
        case .unknownDevice: "unknown_device"
        case .channelRevoked: "channel_revoked"
        case .pairingExpired: "pairing_expired"
        case .handshakeReplayed: "handshake_replayed"
        case .noSession: "no_session"
        case .pairingUnconfirmed: "pairing_unconfirmed"
        case .notConfirming: "not_confirming"
        case .staleConfirmation: "stale_confirmation"
        case .sessionExhausted: "session_exhausted"
        case .tooManyAttempts: "too_many_attempts"
        case .rateLimited: "rate_limited"
        case .duplicateCoreKey: "duplicate_core_key"
        case .versionMismatch: "version_mismatch"
        case .commitmentMismatch: "commitment_mismatch"
        case .confirmationMismatch: "confirmation_mismatch"
        case .badPadding: "bad_padding"
        case .counterOutOfRange: "counter_out_of_range"
        case .badRecord: "bad_record"
        case .badFragment: "bad_fragment"
        case .fragmentOutOfOrder: "fragment_out_of_order"
        case .messageTooLarge: "message_too_large"
        case .tooManyPartials: "too_many_partials"
        }
    }
}

extension TunnelError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedType(let byte), .unexpectedType(let byte):
            "\(code) (type octet 0x\(Hex.encode([byte])))"
        case .duplicateField(let name), .missingField(let name),
            .badFieldType(let name), .badFieldValue(let name):
            "\(code) (\(name))"
        default:
            code
        }
    }
}
