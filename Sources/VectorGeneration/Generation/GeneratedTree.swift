import Foundation

/// A set of generated files and where they belong on disk, with the comparison that
/// `vectorgen --check` reports.
public struct GeneratedTree: Sendable {
    /// Relative path (from the tree's root directory) -> bytes.
    public var files: [String: Data]

    public init(files: [String: Data]) {
        self.files = files
    }

    public enum Difference: Equatable, Sendable, CustomStringConvertible {
        case missing(String)
        case differs(String)
        case extra(String)

        public var description: String {
            switch self {
            case .missing(let path): return "missing: \(path)"
            case .differs(let path): return "differs: \(path)"
            case .extra(let path): return "extra: \(path)"
            }
        }
    }

    /// Writes every file under `root`, creating directories, each atomically (`AtomicFile`);
    /// other files are left alone.
    public func write(to root: URL) throws(AtomicFile.WriteError) {
        for path in files.keys.sorted() {
            try AtomicFile.write(files[path]!, to: root.appendingPathComponent(path))
        }
    }

    /// The differences between these files and the disk under `root`. `owned` lists the
    /// directories (relative to `root`) whose every file must be one of ours: anything else
    /// there is reported as extra, except dot-files (an editor's lock or swap file, a write in
    /// progress), which `conformance` ignores too (ADP-43).
    public func differences(from root: URL, owned: [String]) -> [Difference] {
        var result: [Difference] = []
        for path in files.keys.sorted() {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                result.append(.missing(path))
                continue
            }
            if data != files[path] { result.append(.differs(path)) }
        }
        for directory in owned {
            let url = directory.isEmpty ? root : root.appendingPathComponent(directory)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = directory.isEmpty ? name : directory + "/" + name
                if files[path] == nil { result.append(.extra(path)) }
            }
        }
        return result
    }
}
