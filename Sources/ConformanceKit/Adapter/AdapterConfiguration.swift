/// How the runner drives an adapter.
public struct AdapterConfiguration: Equatable, Sendable {
    /// Default per-request timeout.
    public static let defaultTimeoutMilliseconds = 5_000
    /// Longest stdout line accepted: a maximum frame in hex is under 100 KB, so 4 MiB is generous
    /// while still bounding what a runaway adapter can make the runner buffer.
    public static let defaultMaximumLineLength = 4 << 20
    /// Requests kept in flight: enough to hide the pipe round trip, few enough that a fault
    /// re-sends little.
    public static let defaultWindow = 64
    /// stderr lines quoted when a request fails because of the adapter.
    public static let defaultStderrLines = 20

    /// argv of the adapter; `command[0]` is found in PATH unless it contains a slash.
    public var command: [String]
    public var timeoutMilliseconds: Int
    public var maximumLineLength: Int
    public var window: Int
    /// How many stderr lines a failure report quotes.
    public var stderrLines: Int

    public init(command: [String], timeoutMilliseconds: Int = defaultTimeoutMilliseconds,
                maximumLineLength: Int = defaultMaximumLineLength, window: Int = defaultWindow,
                stderrLines: Int = defaultStderrLines) {
        self.command = command
        self.timeoutMilliseconds = timeoutMilliseconds
        self.maximumLineLength = maximumLineLength
        self.window = max(window, 1)
        self.stderrLines = stderrLines
    }
}
