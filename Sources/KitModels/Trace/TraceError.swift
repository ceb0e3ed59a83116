/// Why one line of a trace is not a header or a record of kit chapter 3 (TRACE-1 to TRACE-6).
///
/// A trace comes from the field, written by someone else's capture tool: every malformation is a
/// typed value the verifier reports with the line's step, never a crash.
public enum TraceError: Error, Equatable, Hashable, Sendable {
    /// The line is not one JSON object (RFC 8259, strict: UTF-8, nothing after the value).
    case badJSON
    case duplicateMember(String)
    case missingMember(String)
    case badMemberType(String)
    case badMemberValue(String)
    /// A record with both `event` and `pairingPayload`: it would mean two things (TRACE-3).
    case ambiguousRecord
    /// A header whose `version` is an integer other than 1 (TRACE-2).
    case unsupportedVersion(Int64)
    /// A line of more bytes than `TraceLine.maximumLength` (TRACE-1): refused before parsing.
    case lineTooLong(Int)

    /// The stable snake_case code, as `--format json` prints it.
    public var code: String {
        switch self {
        case .badJSON: "bad_trace_json"
        case .duplicateMember: "duplicate_member"
        case .missingMember: "missing_member"
        case .badMemberType: "bad_member_type"
        case .badMemberValue: "bad_member_value"
        case .ambiguousRecord: "ambiguous_record"
        case .unsupportedVersion: "unsupported_trace_version"
        case .lineTooLong: "trace_line_too_long"
        }
    }
}

extension TraceError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .duplicateMember(let name), .missingMember(let name), .badMemberType(let name), .badMemberValue(let name):
            "\(code) (\(name))"
        case .unsupportedVersion(let version): "\(code) (\(version))"
        case .lineTooLong(let length): "\(code) (\(length) bytes, above \(TraceLine.maximumLength))"
        default: code
        }
    }
}
