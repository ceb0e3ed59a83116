import Foundation

/// `--save-traces DIR` (and `--save-all-traces`): where the runner saves the trace and the key
/// log of each live check, and the temporary directory holding the adapters' key logs meanwhile.
///
/// A saved check gives `DIR/<id>.trace.jsonl` and `DIR/<id>.keylog`, with every `/` of the check
/// id replaced by `_` (ADP-96). A check that passed no protocol message (the chunking checks
/// exchange plaintexts, not frames) has nothing to verify and is not saved.
final class TraceSaving {
    let directory: String
    /// Save passing checks too, not only the failing ones.
    let all: Bool
    private let keyLogDirectory: String
    private(set) var problems: [String] = []
    private(set) var saved: [String] = []

    /// Creates `directory` when missing and proves it writable before any adapter starts, so a
    /// mistyped directory fails the run at once rather than after it (as `--output`, ADP-41).
    init(directory: String, all: Bool) throws(StandardStreams.WriteError) {
        self.directory = directory
        self.all = all
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let probe = (directory as NSString).appendingPathComponent(".conformance-probe-\(getpid())")
            guard manager.createFile(atPath: probe, contents: nil) else {
                throw StandardStreams.WriteError(target: directory, reason: "cannot create a file in it")
            }
            try manager.removeItem(atPath: probe)
            var template = Array(
                (NSTemporaryDirectory() as NSString).appendingPathComponent("conformance-keylogs-XXXXXX").utf8CString
            )
            guard mkdtemp(&template) != nil else {
                throw StandardStreams.WriteError(
                    target: "a temporary directory",
                    reason: String(cString: strerror(errno))
                )
            }
            keyLogDirectory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } catch let error as StandardStreams.WriteError {
            throw error
        } catch {
            throw StandardStreams.WriteError(target: directory, reason: error.localizedDescription)
        }
    }

    /// The key log of the adapter named `label` (one file per adapter process family).
    func keyLog(for label: String) -> KeyLogCapture {
        KeyLogCapture(path: (keyLogDirectory as NSString).appendingPathComponent("\(label).keylog"))
    }

    /// Whether a check with this outcome is saved.
    func wants(failed: Bool) -> Bool { failed || all }

    /// Writes the check's trace and key log; a failure is remembered for the run's end.
    func save(id: String, trace: String, keyLog: String) {
        let base = (directory as NSString).appendingPathComponent(Self.fileName(id))
        // 0600 for both: the key log holds private keys, and the trace is of no use without it.
        for (path, text) in [(base + ".trace.jsonl", trace), (base + ".keylog", keyLog)] {
            try? FileManager.default.removeItem(atPath: path)
            guard
                FileManager.default.createFile(
                    atPath: path,
                    contents: Data(text.utf8),
                    attributes: [.posixPermissions: 0o600]
                )
            else {
                problems.append("cannot save \(path)")
                return
            }
        }
        saved.append(base)
    }

    /// The check id as a file name and a channel id: `/` becomes `_` (check ids are otherwise
    /// letters, digits and `-`).
    static func fileName(_ id: String) -> String {
        id.replacingOccurrences(of: "/", with: "_")
    }

    /// Removes the adapters' key logs: they hold private keys and are copied where they are wanted.
    func finish() {
        try? FileManager.default.removeItem(atPath: keyLogDirectory)
    }
}
