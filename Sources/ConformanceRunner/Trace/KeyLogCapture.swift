import Foundation

/// The key log one adapter writes while the runner saves traces: the runner names a fresh file
/// in a temporary directory as the adapter's `OPENHUMAN_KEYLOG`, and takes from it, for each
/// check, the lines written between the check's start and its end.
///
/// These are the implementation's own secrets as it reports them, which is what a key log is
/// for: the runner adds nothing of its own. An adapter writes each line before its answer (the
/// implementations of this kit do), and the runner runs one check at a time, so the lines
/// between two offsets are those of the check's requests.
final class KeyLogCapture {
    static let environmentVariable = "OPENHUMAN_KEYLOG"

    let path: String

    init(path: String) {
        self.path = path
    }

    /// The environment the adapter is started with.
    var environment: [String: String] { [Self.environmentVariable: path] }

    /// The key log's current length: where the next check's lines start.
    func offset() -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }

    /// The lines written from `start` on (whole lines only; none when the adapter wrote none).
    func lines(from start: UInt64) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: start)) != nil, let data = try? handle.readToEnd(),
            let text = String(data: data, encoding: .utf8), let lastLineFeed = text.lastIndex(of: "\n")
        else { return "" }
        return String(text[...lastLineFeed])
    }
}
