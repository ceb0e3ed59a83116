/// Every way producing or consuming a pairing payload can fail, one case per `qr_*` code of
/// spec/08-pairing-payload.md ("Error codes").
///
/// The QR codes are kept apart from `TunnelError`: a pairing payload is read by the phone before
/// any tunnel exists, and a conformance runner must be able to tell "this QR is malformed" from
/// "this frame is malformed". The associated field names are extra precision for tests and logs;
/// only `code` is carried in vectors and adapter answers.
public enum PairingPayloadError: Error, Equatable, Hashable, Sendable {
    /// The payload is longer than 2,331 octets (QR-PARSE-2, QR-ENC-11).
    case tooLong
    /// An octet that cannot appear in a payload: space, control, non-ASCII, `` "<>[\]^`{|} `` (QR-PARSE-3).
    case badCharacter
    /// The scheme is not `openhuman` (any case); this includes every `https` universal link (QR-PARSE-4).
    case badScheme
    /// The authority is not exactly `//pair` (any case) (QR-PARSE-5).
    case badHost
    /// A path follows the authority (QR-PARSE-6).
    case badPath
    /// The payload has a fragment (QR-PARSE-7).
    case fragment
    /// No `?` and query follow the authority (QR-PARSE-8).
    case missingQuery
    /// A `%` not followed by two hex digits in a parameter name or value (QR-PARSE-10).
    case badPercentEncoding
    /// A decoded parameter name or value is not UTF-8 (QR-PARSE-11).
    case badUTF8
    /// A known name appears more than once (QR-PARSE-13).
    case duplicateField(String)
    /// A required name is absent (QR-PARSE-16; `v` or `ps`, QR3-PARSE-1 and 2).
    case missingField(String)
    /// A known parameter has an empty value, or the producer got an empty string (QR-PARSE-17, QR-ENC-6).
    case emptyField(String)
    /// `cpk` is not canonical unpadded base64url (QR-PARSE-19).
    case badCPKBase64URL
    /// `cpk` does not carry exactly 32 bytes (QR-PARSE-20, QR-ENC-7).
    case badCPKLength
    /// `cpk` is a low-order X25519 point (QR-PARSE-21, QR-ENC-7).
    case lowOrderCPK
    /// `rpc` is not an absolute http(s) URL of the accepted form (QR-GRAM-4, QR-PARSE-22, QR-ENC-8).
    case badRPC
    /// `exp` is not plain decimal digits within 0...253402300799 (QR-GRAM-5, QR-PARSE-23, QR-ENC-9).
    case badExp
    /// `exp < now` (QR-PARSE-24).
    case expired
    /// `v` is not a version a producer writes: not `3` and not 4 to 999 (QR3-PARSE-2).
    case badVersion
    /// `v` names a later version, 4 to 999, that this consumer does not run (QR3-PARSE-2).
    case unsupportedVersion
    /// A version 3 `cid` longer than 255 bytes or with a byte above 0x7F (QR3-PARSE-3, QR3-ENC-3).
    case badCID
    /// `ps` is not canonical unpadded base64url (QR3-PARSE-4).
    case badPSBase64URL
    /// `ps` does not carry exactly 16 bytes (QR3-PARSE-4, QR3-ENC-3).
    case badPSLength

    /// The stable snake_case code from the chapter's error table.
    public var code: String {
        switch self {
        case .tooLong: "qr_too_long"
        case .badCharacter: "qr_bad_character"
        case .badScheme: "qr_bad_scheme"
        case .badHost: "qr_bad_host"
        case .badPath: "qr_bad_path"
        case .fragment: "qr_fragment"
        case .missingQuery: "qr_missing_query"
        case .badPercentEncoding: "qr_bad_percent_encoding"
        case .badUTF8: "qr_bad_utf8"
        case .duplicateField: "qr_duplicate_field"
        case .missingField: "qr_missing_field"
        case .emptyField: "qr_empty_field"
        case .badCPKBase64URL: "qr_bad_cpk_base64url"
        case .badCPKLength: "qr_bad_cpk_length"
        case .lowOrderCPK: "qr_low_order_cpk"
        case .badRPC: "qr_bad_rpc"
        case .badExp: "qr_bad_exp"
        case .expired: "qr_expired"
        case .badVersion: "qr_bad_version"
        case .unsupportedVersion: "qr_unsupported_version"
        case .badCID: "qr_bad_cid"
        case .badPSBase64URL: "qr_bad_ps_base64url"
        case .badPSLength: "qr_bad_ps_length"
        }
    }
}
