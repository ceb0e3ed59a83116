import Foundation

/// Why an adapter command cannot be started, found before starting it, so that the message
/// names the real cause: "not found" for a file that exists but lacks the execute bit sent
/// people looking for a typo in the path.
enum ExecutableCheck {
    /// nil when `name` (argv[0]: a path if it has a slash, else looked up in PATH) can be run,
    /// else what is wrong with it.
    static func problem(with name: String) -> String? {
        let fileManager = FileManager.default
        guard name.contains("/") else {
            let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            let candidates = searchPath.split(separator: ":").map { String($0) + "/" + name }
            if candidates.contains(where: { isRunnableFile($0) }) { return nil }
            if let found = candidates.first(where: { isRegularFile($0) }) {
                return "\(found) (found in PATH for \(name)) is not executable: \(executableHint)"
            }
            return "adapter executable not found: \(name) (no such file in any directory of PATH)"
        }
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: name, isDirectory: &isDirectory) else {
            return "adapter executable not found: \(name) (no such file)"
        }
        if isDirectory.boolValue { return "the adapter \(name) is a directory, not an executable file" }
        return isRunnableFile(name) ? nil : "the adapter \(name) is not executable: \(executableHint)"
    }

    private static let executableHint =
        "make it executable (chmod +x) or name its interpreter in --adapter (for example \"python3 adapter.py\")"

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    private static func isRunnableFile(_ path: String) -> Bool {
        isRegularFile(path) && FileManager.default.isExecutableFile(atPath: path)
    }
}
