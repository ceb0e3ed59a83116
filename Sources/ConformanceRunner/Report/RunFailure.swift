/// A failure of the run as a whole rather than of one case: the adapter could not be started or
/// restarted, no selected case ran, or the run was cut short.
///
/// Every report format renders each one as a failing entry (ADP-40): a report that lists only
/// cases says "0 failed" when the adapter never started, and a CI reading the TAP or JUnit file
/// would see green.
public struct RunFailure: Equatable, Sendable {
    /// A short machine-readable kind: `adapter-unavailable`, `nothing-ran`, ...
    public var kind: String
    public var message: String
    /// The adapter's last stderr lines, when the adapter is the cause.
    public var stderrTail: [String]
    /// The exit status this failure calls for.
    public var status: ExitStatus

    public init(kind: String, message: String, stderrTail: [String] = [], status: ExitStatus) {
        self.kind = kind
        self.message = message
        self.stderrTail = stderrTail
        self.status = status
    }
}
