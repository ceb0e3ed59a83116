import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a reader sees either the old contents or the new, never a part:
/// the bytes go to a temporary file in the same directory, which then replaces the target with
/// `rename(2)` (atomic within one file system). A `conformance` run reading vectors/ while
/// `vectorgen` rewrites it saw empty files before.
///
/// The temporary name starts with a dot, so that a reader listing the directory in the meantime
/// (`conformance`, `vectorgen --check`) ignores it as it ignores every dot-file.
public enum AtomicFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ data: Data, to url: URL) throws(WriteError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: directory.path, reason: "cannot create the directory (\(reason(error)))")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: url.path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(temporary, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: url.path, reason: failure)
        }
    }

    /// The system's reason inside a Foundation error, without its domain and user-info dump.
    public static func reason(_ error: Error) -> String {
        var current: Error? = error
        while let candidate = current {
            let bridged = candidate as NSError
            if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
            current = bridged.userInfo[NSUnderlyingErrorKey] as? Error
        }
        return (error as NSError).localizedDescription
    }
}

/// `write(2)`, named apart from `AtomicFile.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
