#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `--output` file: checked before the run, so that a report that cannot be written is
/// known before minutes of work rather than after (ADP-41), and written at the end.
enum ReportFile {
    /// Opens `path` for writing, creating it if needed, without truncating an existing report.
    static func checkWritable(_ path: String) throws(StandardStreams.WriteError) {
        let descriptor = try open(path, flags: O_WRONLY | O_CREAT)
        close(descriptor)
    }

    /// Replaces the contents of `path` with `text`.
    static func write(_ text: String, to path: String) throws(StandardStreams.WriteError) {
        let descriptor = try open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(descriptor) }
        try StandardStreams.write(text, to: descriptor, target: path)
    }

    private static func open(_ path: String, flags: Int32) throws(StandardStreams.WriteError) -> Int32 {
        guard !path.isEmpty else { throw StandardStreams.WriteError(target: "''", reason: "the path is empty") }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw StandardStreams.WriteError(target: path, reason: "it is a directory")
        }
        let descriptor = systemOpen(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StandardStreams.WriteError(target: path, reason: String(cString: strerror(errno)))
        }
        return descriptor
    }
}

/// `open(2)`, named apart from `ReportFile.open`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
