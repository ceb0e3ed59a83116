#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner's own stdout and stderr, written with `write(2)` so that a reader that goes away
/// (`conformance --format json | head -c 100`), a full disk (`> /dev/full`) or a closed stdout
/// (`>&-`) is an error the runner reports, not a crash (ADP-41).
///
/// `FileHandle.write(_:)` traps on any write error, and the default action of SIGPIPE kills the
/// process silently; both are replaced here: SIGPIPE is ignored once, so a broken pipe comes back
/// as `EPIPE` from `write`.
public enum StandardStreams {
    /// A write to stdout or a report file that did not complete.
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        /// What was being written to: `stdout` or a path.
        public var target: String
        /// The system's reason (`strerror`), e.g. "Broken pipe", "No space left on device".
        public var reason: String
        public var description: String { "cannot write the report to \(target): \(reason)" }
    }

    /// SIGPIPE's default action ends the process before `write` can return `EPIPE`.
    private static let ignoreBrokenPipe: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Whether the runner was started with stdout closed (`>&-`), found by
    /// `reserveClosedDescriptors()`.
    nonisolated(unsafe) private static var standardOutputWasClosed = false

    /// Puts `/dev/null` on each of descriptors 0, 1 and 2 that the runner was started without.
    ///
    /// A closed descriptor is the lowest free one, so the first pipe the runner makes for an
    /// adapter would take it: the report meant for a closed stdout would then go into the
    /// adapter's pipe. Holding the number with `/dev/null` keeps pipes off it; stdout's writes
    /// still fail, as `EBADF`, because the runner remembers that stdout was closed (ADP-41).
    /// Call it once, first thing, before any thread or pipe exists.
    public static func reserveClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            guard open("/dev/null", O_RDWR) == descriptor else { continue }
            if descriptor == STDOUT_FILENO { standardOutputWasClosed = true }
        }
    }

    /// Writes all of `text` to stdout.
    public static func writeStandardOutput(_ text: String) throws(WriteError) {
        if standardOutputWasClosed { throw WriteError(target: "stdout", reason: String(cString: strerror(EBADF))) }
        try write(text, to: STDOUT_FILENO, target: "stdout")
    }

    /// Writes `text` to stderr; a failure is dropped, since there is nowhere left to report it.
    public static func writeStandardError(_ text: String) {
        try? write(text, to: STDERR_FILENO, target: "stderr")
    }

    /// Writes every byte of `text` to `descriptor`, retrying partial writes and interrupts.
    static func write(_ text: String, to descriptor: Int32, target: String) throws(WriteError) {
        _ = ignoreBrokenPipe
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(target: target, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

/// `write(2)`, named apart from `StandardStreams.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
