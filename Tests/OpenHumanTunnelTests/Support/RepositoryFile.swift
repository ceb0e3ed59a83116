import Foundation

/// Files of this repository that tests read (the spec's chapters, the vectors), found from this
/// file's own place in it, so the tests pass from any working directory.
enum RepositoryFile {
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
