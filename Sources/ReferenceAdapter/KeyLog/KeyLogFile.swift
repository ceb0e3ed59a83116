import KitModels

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file named by `OPENHUMAN_KEYLOG`, opened for appending: the reference adapter's key log.
///
/// Never opened by default: unset or empty means no key log at all. Each line is one `write`
/// call on a descriptor opened with `O_APPEND`, so it reaches the file before the response that
/// follows it (a runner that reads the key log after an answer finds the line) and lines of
/// several adapters appending to one file never interleave.
struct KeyLogFile {
    static let environmentVariable = "OPENHUMAN_KEYLOG"

    private let descriptor: Int32

    /// The key log named by the environment, nil when none is asked for. A named file that
    /// cannot be opened is reported on stderr and the adapter serves without one.
    static func fromEnvironment() -> KeyLogFile? {
        guard let path = getenv(environmentVariable).map({ String(cString: $0) }), !path.isEmpty else { return nil }
        // 0600: the file holds private keys.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            LineServer.logToStderr(
                "\(environmentVariable): cannot open \(path) (errno \(errno)); no key log is written"
            )
            return nil
        }
        return KeyLogFile(descriptor: descriptor)
    }

    /// Appends `lines`, one `write` each.
    func append(_ entries: [KeyLogEntry]) {
        for entry in entries {
            let bytes = Array(entry.line.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written != bytes.count {
                LineServer.logToStderr("\(Self.environmentVariable): write failed (errno \(errno))")
            }
        }
    }
}
