#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small text file the user named, saying exactly what went wrong when it cannot.
///
/// Foundation's `String(contentsOfFile:)` answered "permission" for `/dev/null` and for a process
/// substitution (`--expected-failures <(grep ... known.txt)`), which are readable but not
/// regular files. `read(2)` until end of file reads regular files, devices and pipes alike, and
/// `strerror` names the real cause (no such file, permission denied, is a directory).
enum TextFile {
    struct ReadError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Files above this size are refused: an expected-failures list is a few kilobytes, and a
    /// pipe that never ends must not exhaust memory.
    static let maximumSize = 64 << 20

    /// How long a pipe or FIFO may stay silent (ADP-125): a FIFO that nobody writes to would
    /// otherwise block the run for ever, before any adapter starts.
    static let idleMilliseconds: Int32 = 10_000

    static func read(_ path: String) throws(ReadError) -> String {
        // Non-blocking, so that opening a FIFO with no writer returns at once; each read of
        // something that is not a regular file is preceded by a bounded wait for data or its end.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        let regular = (status.st_mode & S_IFMT) == S_IFREG
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if !regular {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiting, 1, idleMilliseconds)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else {
                    throw ReadError(
                        description: "nothing to read for \(idleMilliseconds / 1000) s (a FIFO that nobody writes to?)"
                    )
                }
            }
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ReadError(description: errno == EISDIR ? "it is a directory" : String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maximumSize else {
                throw ReadError(description: "larger than \(maximumSize >> 20) MiB")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReadError(description: "not UTF-8 text")
        }
        return text
    }
}

/// `read(2)`, named apart from `TextFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
