/// The exit statuses of `conformance`, documented in `--help` and spec section 11.8.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every case that ran passed (expected failures allowed).
    case success = 0
    /// A failure, an unexpected pass or a stale expected-failures entry.
    case failures = 1
    /// Bad options, or unreadable vectors or expected-failures file.
    case usage = 2
    /// The adapter could not be driven: not started, `hello` failed, a restart failed, it got
    /// stuck (3 timeouts in a row), or the run's `--deadline` passed (ADP-23).
    case adapterUnavailable = 3
    /// No case was selected, or every selected case was skipped.
    case nothingSelected = 4
}
