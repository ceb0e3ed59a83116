/// An adapter fault together with what the adapter last wrote to stderr, which usually says why
/// (a stack trace, an exception, a log line).
public struct AdapterIncident: Error, Equatable, Sendable, CustomStringConvertible {
    public var fault: AdapterFault
    /// The last lines of the adapter's stderr, oldest first (at most the configured count).
    public var stderrTail: [String]
    /// Which request the lines can be tied to (ADP-26), when the runner knows; nil for "the last
    /// lines the adapter wrote".
    public var stderrNote: String?

    public init(fault: AdapterFault, stderrTail: [String] = [], stderrNote: String? = nil) {
        self.fault = fault
        self.stderrTail = stderrTail
        self.stderrNote = stderrNote
    }

    public var description: String { fault.description }
}
