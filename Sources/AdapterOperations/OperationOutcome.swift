import VectorFormat

/// What an adapter operation answers: an output object, or an error code.
///
/// Error codes are the protocol's (`replayed`, `auth_failed`, ...) or the adapter protocol's
/// reserved ones (`unsupported`, `bad_request`).
public enum OperationOutcome: Equatable, Sendable {
    case output(JSONValue)
    case error(String)

    /// The reserved code for an input the operation cannot read (not a protocol error).
    public static let badRequest = "bad_request"
    /// The reserved code for an operation the implementation does not offer.
    public static let unsupported = "unsupported"

    /// The form a vector's `expected` takes: the output itself, or `{"error": code}`.
    public var expected: JSONValue {
        switch self {
        case .output(let value): return value
        case .error(let code): return .error(code)
        }
    }
}
