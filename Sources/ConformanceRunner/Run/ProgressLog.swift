/// Progress for logs: when stderr is not a terminal (CI), a run that takes minutes must still
/// show that it moves and where it is, without the carriage returns of `ProgressLine`.
///
/// One line as each area finishes, and one every `interval` within a long area, in a fixed
/// format a log reader can grep:
///
///     conformance: progress: 120/1837 cases, frame-open done
///     conformance: progress: 130/1837 cases, at frame-seal/empty-plaintext
public final class ProgressLog {
    /// Seconds between two lines within one area.
    public static let intervalSeconds = 10
    private let write: (String) -> Void
    private let interval: UInt64
    private var area: String?
    private var lastLine: UInt64
    private var done = 0
    private var total = 0

    public init(write: @escaping (String) -> Void, intervalSeconds: Int = ProgressLog.intervalSeconds) {
        self.write = write
        self.interval = UInt64(intervalSeconds) * 1_000_000_000
        self.lastLine = Monotonic.now()
    }

    public func update(done: Int, total: Int, current: String) {
        let currentArea = current.split(separator: "/", maxSplits: 1).first.map(String.init) ?? current
        if let area, area != currentArea {
            emit("\(self.done)/\(self.total) cases, \(area) done")
        }
        area = currentArea
        self.done = done
        self.total = total
        if Monotonic.now() - lastLine >= interval {
            emit("\(done)/\(total) cases, at \(Self.printable(current))")
        }
    }

    /// The last area's line.
    public func finish() {
        guard let area else { return }
        emit("\(done)/\(total) cases, \(area) done")
        self.area = nil
    }

    private func emit(_ text: String) {
        lastLine = Monotonic.now()
        write("conformance: progress: \(text)\n")
    }

    /// Ids come from vector files, which anyone can edit: no control characters reach the log.
    private static func printable(_ id: String) -> String {
        String(id.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
