/// An adapter fault together with what the adapter last wrote to stderr, which usually says why
/// (a stack trace, an exception, a log line).
public struct AdapterIncident: Error, Equatable, Sendable, CustomStringConvertible {
    public var fault: AdapterFault
    /// The last lines of the adapter's stderr, oldest first (at most the configured count).
    public var stderrTail: [String]

    public init(fault: AdapterFault, stderrTail: [String] = []) {
        self.fault = fault
        self.stderrTail = stderrTail
    }

    public var description: String { fault.description }
}
