import Foundation

/// One test vector: a request to an adapter operation and the answer a conforming
/// implementation gives.
public struct Vector: Codable, Equatable, Sendable {
    /// Stable, human-meaningful id, `<area>/<name>` (e.g. `frame-open/type-0x05-unsupported`).
    /// Ids never change on regeneration; a removed vector's id is never reused for another meaning.
    public var id: String
    /// The adapter operation that runs this vector (`frame-open`, `session`, `handshake-core`, ...),
    /// or the runner-driven pseudo-operation `accumulated` (spec/kit/01-vectors.md).
    public var operation: String
    /// Requirement ids (`FRAME-OPEN-5`, `REPLAY-3`, ...) this vector tests; never empty.
    public var requirements: [String]
    /// One line saying what the vector checks and why it must come out as expected.
    public var comment: String
    /// Names of flags described in the file's `flags` table.
    public var flags: [String]
    public var result: VectorResult
    /// Present exactly when `result` is `acceptable`: the policy condition under which `expected`
    /// holds. A runner whose adapter does not satisfy the condition skips the vector.
    public var policy: String?
    /// For imported known answers: the document and section the bytes were copied from.
    public var source: String?
    /// The operation's input, sent verbatim.
    public var input: JSONValue
    /// The operation's output, or `{"error": "<code>"}` when the request itself must fail.
    public var expected: JSONValue

    public init(
        id: String,
        operation: String,
        requirements: [String],
        comment: String,
        flags: [String] = [],
        result: VectorResult,
        policy: String? = nil,
        source: String? = nil,
        input: JSONValue,
        expected: JSONValue
    ) {
        self.id = id
        self.operation = operation
        self.requirements = requirements
        self.comment = comment
        self.flags = flags
        self.result = result
        self.policy = policy
        self.source = source
        self.input = input
        self.expected = expected
    }

    /// The error code the whole request must fail with, when `expected` is `{"error": code}`.
    public var expectedError: String? {
        guard case .object(let members) = expected, members.count == 1 else { return nil }
        return members["error"]?.stringValue
    }

    /// Slow vectors (flag `Slow`) are skipped unless the runner is asked to run them.
    public var isSlow: Bool { flags.contains(Flag.slow) }
}

/// The verdict on a vector's input.
///
/// - `valid`: the input is correct; the operation succeeds with `expected`.
/// - `invalid`: the input must be rejected: `expected` is `{"error": code}`, or, for step
///   sequences (`session`, `handshake-core`), at least one step expects an error.
/// - `acceptable`: the outcome depends on a declared implementation policy; the vector carries
///   `policy`, and `expected` holds under exactly that policy.
public enum VectorResult: String, Codable, Equatable, Sendable, CaseIterable {
    case valid
    case invalid
    case acceptable
}
