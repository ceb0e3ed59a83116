import VectorFormat

/// The result of one vector or live check.
public struct CaseResult: Equatable, Sendable {
    /// What happened, after the expected-failures list is applied.
    public enum Outcome: String, Sendable, CaseIterable {
        case passed
        case failed
        case skipped
        /// Failed, and listed in the expected-failures file.
        case expectedFailure = "expected-failure"
        /// Passed, but listed in the expected-failures file: fails the run, so the entry is removed.
        case unexpectedPass = "unexpected-pass"

        /// Whether this outcome makes the run fail.
        public var failsRun: Bool { self == .failed || self == .unexpectedPass }
    }

    public var id: String
    public var operation: String
    public var requirements: [String]
    public var comment: String
    public var outcome: Outcome
    /// Why it failed or was skipped; for expected failures, the listed reason.
    public var message: String?
    /// For an expected failure or unexpected pass: the expected-failures entry and its reason.
    public var expectation: ExpectedFailures.Entry?
    /// What the vector expects (`{"ok":true,"output":...}` or `{"ok":false,"error":...}`).
    public var expected: JSONValue?
    /// What the adapter answered, in the same form; absent when it gave no answer.
    public var actual: JSONValue?
    /// The kind of adapter fault (`crash`, `timeout`, ...) when the adapter misbehaved.
    public var fault: String?
    /// The adapter's stderr lines when the adapter misbehaved.
    public var stderrTail: [String]
    /// Which request those lines can be tied to (ADP-26); nil when they are simply the last ones.
    public var stderrNote: String?
    public var durationNanoseconds: UInt64

    public init(
        id: String,
        operation: String,
        requirements: [String],
        comment: String,
        outcome: Outcome,
        message: String? = nil,
        expected: JSONValue? = nil,
        actual: JSONValue? = nil,
        fault: String? = nil,
        stderrTail: [String] = [],
        durationNanoseconds: UInt64 = 0
    ) {
        self.id = id
        self.operation = operation
        self.requirements = requirements
        self.comment = comment
        self.outcome = outcome
        self.message = message
        self.expected = expected
        self.actual = actual
        self.fault = fault
        self.stderrTail = stderrTail
        self.durationNanoseconds = durationNanoseconds
    }

    /// Why a case fails that no path of the runner reported on.
    public static let unreportedMessage = "no result was reported for this case: the runner stopped before it"

    /// A case before anything is known of it. It fails closed: it fails the run, with
    /// `unreportedMessage`, until a runner sets its outcome, so a path that forgets to report a
    /// case can never show it green.
    public static func unreported(
        id: String,
        operation: String,
        requirements: [String],
        comment: String,
        expected: JSONValue? = nil
    ) -> CaseResult {
        CaseResult(
            id: id,
            operation: operation,
            requirements: requirements,
            comment: comment,
            outcome: .failed,
            message: unreportedMessage,
            expected: expected
        )
    }

    /// Reports the case as passed.
    public mutating func pass() {
        outcome = .passed
        message = nil
    }

    /// The area, the id's first path segment (`frame-open` for `frame-open/replay-...`).
    public var area: String {
        id.split(separator: "/", maxSplits: 1).first.map(String.init) ?? id
    }

    /// Fills in a failure caused by the adapter itself (crash, hang, garbage, ...).
    mutating func record(_ incident: AdapterIncident) {
        outcome = .failed
        message = incident.fault.description
        fault = incident.fault.kind
        stderrTail = incident.stderrTail
        stderrNote = incident.stderrNote
        boundRetained()
    }
}
