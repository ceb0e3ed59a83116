/// The exit statuses of `conformance`, documented in `--help` (`HelpText`, spec/kit/cli.md) and named by kit chapter 4.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every case that ran passed (expected failures allowed).
    case success = 0
    /// A failure, an unexpected pass or a stale expected-failures entry.
    case failures = 1
    /// Bad options; an unreadable or refused vectors directory or expected-failures file; an
    /// unwritable `--output`; or a report that could not be written (ADP-41).
    case usage = 2
    /// The adapter could not be driven: not started, `hello` failed, a restart failed, it got
    /// stuck (3 timeouts in a row), or the run's `--deadline` passed (ADP-23).
    case adapterUnavailable = 3
    /// No case was selected, or every selected case was skipped.
    case nothingSelected = 4
}
