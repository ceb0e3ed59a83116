import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running adapter process and its three pipes.
///
/// All I/O goes through one `poll(2)` loop on non-blocking descriptors, run whenever the runner
/// waits for an answer: queued requests are written only as far as the adapter reads them, stdout
/// is split into lines, and stderr is drained on every turn. Nothing here can block for longer
/// than the caller's deadline, whatever the adapter does: an adapter that stops reading its
/// stdin, floods stderr, writes a line with no end or never answers costs the runner a timeout,
/// not a deadlock.
final class AdapterProcess {
    /// What waiting for the next stdout line ended with.
    enum LineEvent: Equatable {
        case line([UInt8])
        case timedOut
        /// stdout reached end of file (the adapter exited or closed it).
        case endOfOutput
        /// More than `maximumLineLength` bytes arrived without a newline.
        case oversized
    }

    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    let maximumLineLength: Int
    private let process: Process
    private let stdinHandle: FileHandle
    private let stdoutHandle: FileHandle
    private let stderrHandle: FileHandle
    private var stdinOpen = true
    private var stdoutOpen = true
    private var stderrOpen = true
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    /// Where the newline search resumes, so a long line arriving in pieces is scanned once.
    private var scanOffset = 0
    private(set) var stderrTail: StderrTail
    private var terminated = false

    /// Starts `command` (argv; `command[0]` is looked up in PATH unless it contains a slash).
    init(command: [String], maximumLineLength: Int, stderrLines: Int = AdapterConfiguration.defaultStderrLines) throws(LaunchError) {
        guard let name = command.first, !name.isEmpty else { throw LaunchError(description: "the adapter command is empty") }
        guard let executable = Self.resolve(name) else {
            throw LaunchError(description: "adapter executable not found: \(name)")
        }
        // A write to an adapter that has exited must come back as EPIPE, not kill the runner.
        signal(SIGPIPE, SIG_IGN)
        let stdinPipe = Pipe(), stdoutPipe = Pipe(), stderrPipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        do {
            try process.run()
        } catch {
            throw LaunchError(description: "cannot start adapter \(executable): \(error.localizedDescription)")
        }
        self.maximumLineLength = maximumLineLength
        self.process = process
        self.stdinHandle = stdinPipe.fileHandleForWriting
        self.stdoutHandle = stdoutPipe.fileHandleForReading
        self.stderrHandle = stderrPipe.fileHandleForReading
        self.stderrTail = StderrTail(capacity: stderrLines)
        for handle in [stdinHandle, stdoutHandle, stderrHandle] {
            let fd = handle.fileDescriptor
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        terminate()
    }

    /// Queues `line` (without its newline) for the adapter's stdin.
    ///
    /// Nothing is written until the runner next waits for a line: requests queued meanwhile go
    /// out in one `write`, which saves a system call and a wake-up of the adapter per request.
    func send(_ line: [UInt8]) {
        guard stdinOpen else { return }
        if pendingOffset == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingOffset = 0
        }
        pending.append(contentsOf: line)
        pending.append(0x0A)
    }

    /// Closes the adapter's stdin (end of requests) once every queued byte is written or dropped.
    func closeInput() {
        guard stdinOpen else { return }
        stdinOpen = false
        try? stdinHandle.close()
    }

    /// Waits for the next complete stdout line until `deadline` (monotonic nanoseconds).
    func nextLine(deadline: UInt64) -> LineEvent {
        while true {
            if let event = takeLine() { return event }
            flushPending()
            if output.count - outputStart > maximumLineLength { return .oversized }
            guard stdoutOpen else { return .endOfOutput }
            let now = Monotonic.now()
            guard now < deadline else { return .timedOut }
            pollOnce(timeoutMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 1_000)))
        }
    }

    /// Keeps draining stdout and stderr until the adapter closes stdout or `deadline` passes;
    /// true when stdout closed in time.
    func drainUntilEndOfOutput(deadline: UInt64) -> Bool {
        while stdoutOpen {
            let now = Monotonic.now()
            guard now < deadline else { return false }
            pollOnce(timeoutMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 1_000)))
            // Whatever the adapter says now is past the point of interest; keep memory bounded.
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            scanOffset = 0
        }
        return true
    }

    /// How the process ended, waiting at most `grace` for it to exit on its own; nil when it
    /// is still running after that.
    func exitStatus(grace: UInt64) -> Process.TerminationReason? {
        let deadline = Monotonic.now() + grace
        while process.isRunning {
            guard Monotonic.now() < deadline else { return nil }
            drainStderr()
            usleep(1_000)
        }
        return process.terminationReason
    }

    var terminationStatus: Int32 { process.terminationStatus }

    /// Kills the adapter's whole process group (it may be a script that started the real
    /// implementation) and releases the pipes. Safe to call more than once.
    func terminate() {
        guard !terminated else { return }
        terminated = true
        closeInput()
        if process.isRunning {
            // The adapter leads its own process group (Foundation starts it in one).
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        // Collect the last words (a panic message, a stack trace) still in the stderr pipe.
        let deadline = Monotonic.now() + Monotonic.milliseconds(200)
        while stderrOpen, Monotonic.now() < deadline {
            var entry = pollfd(fd: stderrHandle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 50) > 0 { drainStderr() }
        }
        try? stdoutHandle.close()
        try? stderrHandle.close()
        stdoutOpen = false
        stderrOpen = false
    }

    // MARK: - I/O

    /// The next complete line, `.oversized` when it exceeds the cap, nil when none is complete.
    private func takeLine() -> LineEvent? {
        let end = output.count
        guard scanOffset < end else { return nil }
        let found: Int? = output.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                  let hit = memchr(base + scanOffset, 0x0A, end - scanOffset) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let newline = found else {
            scanOffset = end
            return nil
        }
        guard newline - outputStart <= maximumLineLength else { return .oversized }
        var lineEnd = newline
        // A CR before the LF is tolerated (ADP-2), so adapters on Windows-style stdio work.
        if lineEnd > outputStart, output[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = Array(output[outputStart..<lineEnd])
        outputStart = newline + 1
        scanOffset = outputStart
        if outputStart == output.count {
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            scanOffset = 0
        } else if outputStart > 1 << 20 {
            output.removeSubrange(0..<outputStart)
            scanOffset -= outputStart
            outputStart = 0
        }
        return .line(line)
    }

    private func pollOnce(timeoutMilliseconds: Int32) {
        var fds: [pollfd] = []
        if stdoutOpen { fds.append(pollfd(fd: stdoutHandle.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        if stderrOpen { fds.append(pollfd(fd: stderrHandle.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        if stdinOpen, pendingOffset < pending.count {
            fds.append(pollfd(fd: stdinHandle.fileDescriptor, events: Int16(POLLOUT), revents: 0))
        }
        guard !fds.isEmpty else {
            usleep(UInt32(max(timeoutMilliseconds, 0)) * 1_000)
            return
        }
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        guard ready > 0 else { return }
        for entry in fds where entry.revents != 0 {
            switch entry.fd {
            case stdoutHandle.fileDescriptor: readStdout()
            case stderrHandle.fileDescriptor: drainStderr()
            default: flushPending()
            }
        }
    }

    private func flushPending() {
        while stdinOpen, pendingOffset < pending.count {
            let written = pending.withUnsafeBytes { buffer in
                write(stdinHandle.fileDescriptor, buffer.baseAddress! + pendingOffset, buffer.count - pendingOffset)
            }
            if written > 0 {
                pendingOffset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                // EPIPE: the adapter closed its stdin or exited; its stdout will say which.
                pending.removeAll()
                pendingOffset = 0
                closeInput()
                return
            }
        }
    }

    private static let chunkSize = 1 << 16
    private var scratch = [UInt8](repeating: 0, count: AdapterProcess.chunkSize)

    /// One non-blocking read into `scratch`: the byte count, 0 at end of file, nil when nothing
    /// is available now.
    private func readChunk(_ handle: FileHandle) -> Int? {
        while true {
            let count = scratch.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress!, $0.count) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            return 0
        }
    }

    private func readStdout() {
        while stdoutOpen, let count = readChunk(stdoutHandle) {
            guard count > 0 else { stdoutOpen = false; return }
            output.append(contentsOf: scratch[0..<count])
            // Stop once an oversized line is buffered: the caller gives up on the stream anyway.
            if output.count - outputStart > maximumLineLength { return }
        }
    }

    private func drainStderr() {
        while stderrOpen, let count = readChunk(stderrHandle) {
            guard count > 0 else { stderrOpen = false; return }
            scratch.withUnsafeBytes { stderrTail.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    // MARK: - Executable lookup

    private static func resolve(_ name: String) -> String? {
        let fileManager = FileManager.default
        if name.contains("/") {
            let path = URL(fileURLWithPath: name).path
            return fileManager.isExecutableFile(atPath: path) ? path : nil
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               fileManager.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }
}
