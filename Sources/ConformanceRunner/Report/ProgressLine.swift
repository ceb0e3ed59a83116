#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress indicator on stderr, for people watching a long run.
///
/// It draws only when stderr is a terminal, so logs and CI output never contain carriage
/// returns, and at most ten times a second, so it costs nothing measurable on a fast run.
public final class ProgressLine {
    private let enabled: Bool
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private static let interval: UInt64 = 100_000_000

    public init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
    }

    public func update(done: Int, total: Int, current: String) {
        guard enabled else { return }
        let now = Monotonic.now()
        guard now - lastDraw >= Self.interval else { return }
        lastDraw = now
        let shown = current.count > 60 ? String(current.prefix(57)) + "..." : current
        draw("\r\u{1B}[K[\(done)/\(total)] \(shown)")
        drawn = true
    }

    /// Erases the line before the report is printed.
    public func finish() {
        guard enabled, drawn else { return }
        draw("\r\u{1B}[K")
        drawn = false
    }

    private func draw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}
