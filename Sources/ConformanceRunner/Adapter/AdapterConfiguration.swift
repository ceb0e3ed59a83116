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
    /// Timeouts in a row after which the adapter is judged stuck and the run stops (ADP-23). One
    /// timeout may be a slow request and two a coincidence; three in a row, each after a fresh
    /// restart, is an adapter that does not answer. With the default timeout a silent adapter
    /// thus ends a run in about 3 x (5 s + restart) instead of a timeout for every request.
    public static let defaultStuckAfterTimeouts = 3
    /// The range `--timeout-ms` accepts: at least 1 ms, at most one hour.
    public static let timeoutRange = 1...3_600_000

    /// argv of the adapter; `command[0]` is found in PATH unless it contains a slash.
    public var command: [String]
    public var timeoutMilliseconds: Int
    public var maximumLineLength: Int
    public var window: Int
    /// How many stderr lines a failure report quotes.
    public var stderrLines: Int
    /// Consecutive timeouts that end the run (ADP-23).
    public var stuckAfterTimeouts: Int
    /// The run's overall deadline in seconds (`--deadline`), counted from `runStart`; nil for none.
    public var deadlineSeconds: Int?
    /// Variables added to the adapter's environment (the runner's own are inherited), such as
    /// `OPENHUMAN_KEYLOG` when traces are saved.
    public var environment: [String: String] = [:]
    /// When the run started, on the runner's monotonic clock (nanoseconds).
    var runStart: UInt64

    public init(
        command: [String],
        timeoutMilliseconds: Int = defaultTimeoutMilliseconds,
        maximumLineLength: Int = defaultMaximumLineLength,
        window: Int = defaultWindow,
        stderrLines: Int = defaultStderrLines,
        stuckAfterTimeouts: Int = defaultStuckAfterTimeouts,
        deadlineSeconds: Int? = nil
    ) {
        self.command = command
        self.timeoutMilliseconds = timeoutMilliseconds
        self.maximumLineLength = maximumLineLength
        self.window = max(window, 1)
        self.stderrLines = stderrLines
        self.stuckAfterTimeouts = max(stuckAfterTimeouts, 1)
        self.deadlineSeconds = deadlineSeconds
        self.runStart = Monotonic.now()
    }

    /// The deadline on the monotonic clock; UInt64.max when there is none.
    var runDeadline: UInt64 {
        guard let deadlineSeconds else { return .max }
        return runStart + UInt64(deadlineSeconds) * 1_000_000_000
    }
}
