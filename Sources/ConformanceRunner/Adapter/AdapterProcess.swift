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
    /// How long output is still read after the adapter itself exited: a process it started may
    /// hold its stdout open for ever (even from another session, out of reach of the group
    /// kill), so end of file is not awaited beyond this.
    static let drainAfterExit = Monotonic.milliseconds(300)
    /// How long an adapter being ended gets between SIGTERM and SIGKILL.
    static let terminationGrace = Monotonic.milliseconds(250)
    private let child: ChildProcess
    private var stdinOpen = true
    private var stdoutOpen = true
    private var stderrOpen = true
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    /// Where the newline search resumes, so a long line arriving in pieces is scanned once.
    private var scanOffset = 0
    /// Bytes dropped from the front of `output` so far: `output[i]` is byte `removedBytes + i`
    /// of the stream.
    private var removedBytes = 0
    /// For each stdout read not yet consumed: the stream offset it ended at, and how many
    /// stderr lines had arrived before it (ADP-26).
    private var readMarks: [(end: Int, stderrLines: Int)] = []
    /// How many stderr lines had arrived before the read that brought the last line taken: the
    /// lines after it arrived after that answer. (The order of writes on two pipes is not
    /// observable exactly: stderr is read first, so a line written just after the answer but
    /// read with it counts before.)
    private(set) var stderrMarkOfLastLine = 0
    /// When the runner first saw the adapter exited while its stdout was still open.
    private var exitSeenAt: UInt64?
    private(set) var stderrTail: StderrTail
    private var terminated = false

    /// Starts `command` (argv; `command[0]` is looked up in PATH unless it contains a slash) in
    /// a process group of its own.
    init(
        command: [String],
        maximumLineLength: Int,
        stderrLines: Int = AdapterConfiguration.defaultStderrLines,
        environment: [String: String] = [:]
    ) throws(LaunchError) {
        guard let name = command.first, !name.isEmpty else {
            throw LaunchError(description: "the adapter command is empty")
        }
        guard let executable = Self.resolve(name) else {
            throw LaunchError(description: "adapter executable not found: \(name)")
        }
        // A write to an adapter that has exited must come back as EPIPE, not kill the runner.
        signal(SIGPIPE, SIG_IGN)
        do {
            child = try ChildProcess(
                executable: executable,
                arguments: Array(command.dropFirst()),
                environment: environment
            )
        } catch {
            throw LaunchError(description: "cannot start adapter \(executable): \(error.description)")
        }
        self.maximumLineLength = maximumLineLength
        self.stderrTail = StderrTail(capacity: stderrLines)
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
        close(child.stdinFD)
    }

    /// Waits for the next complete stdout line until `deadline` (monotonic nanoseconds).
    func nextLine(deadline: UInt64) -> LineEvent {
        while true {
            if let event = takeLine() { return event }
            flushPending()
            if output.count - outputStart > maximumLineLength { return .oversized }
            guard stdoutOpen else { return .endOfOutput }
            let now = Monotonic.now()
            if stdoutHeldAfterExit(now: now) { return .endOfOutput }
            guard now < deadline else { return .timedOut }
            // Wake up now and then to notice an exit whose stdout some other process still holds.
            pollOnce(timeoutMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 100)))
        }
    }

    /// True once the adapter has exited and `drainAfterExit` has passed with its stdout still
    /// open: a descendant holds the pipe. The runner's ends are then closed, which is end of
    /// output as far as this adapter is concerned.
    private func stdoutHeldAfterExit(now: UInt64) -> Bool {
        guard child.exitStatus() != nil else { return false }
        guard let seen = exitSeenAt else {
            exitSeenAt = now
            return false
        }
        guard now >= seen + Self.drainAfterExit else { return false }
        closeOutputs()
        return true
    }

    private func closeOutputs() {
        if stdoutOpen { close(child.stdoutFD) }
        if stderrOpen { close(child.stderrFD) }
        stdoutOpen = false
        stderrOpen = false
    }

    /// Keeps draining stdout and stderr until the adapter closes stdout or `deadline` passes;
    /// true when stdout closed in time.
    func drainUntilEndOfOutput(deadline: UInt64) -> Bool {
        while stdoutOpen {
            let now = Monotonic.now()
            guard now < deadline, !stdoutHeldAfterExit(now: now) else { return false }
            pollOnce(timeoutMilliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 100)))
            // Whatever the adapter says now is past the point of interest; keep memory bounded.
            removedBytes += output.count
            readMarks.removeAll()
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            scanOffset = 0
        }
        return true
    }

    /// How the process ended, waiting at most `grace` for it to exit on its own; nil when it
    /// is still running after that.
    func exitStatus(grace: UInt64) -> ChildProcess.Termination? {
        let deadline = Monotonic.now() + grace
        while true {
            if let status = child.exitStatus() { return status }
            guard Monotonic.now() < deadline else { return nil }
            drainStderr()
            usleep(1_000)
        }
    }

    /// Ends the adapter's whole process group (it may be a script that started the real
    /// implementation, which may have started helpers) and releases the pipes. Safe to call
    /// more than once.
    func terminate() {
        guard !terminated else { return }
        terminated = true
        closeInput()
        child.endGroup(grace: Self.terminationGrace)
        // Collect the last words (a panic message, a stack trace) still in the stderr pipe.
        let deadline = Monotonic.now() + Monotonic.milliseconds(200)
        while stderrOpen, Monotonic.now() < deadline {
            var entry = pollfd(fd: child.stderrFD, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 50) > 0 { drainStderr() }
        }
        closeOutputs()
    }

    // MARK: - I/O

    /// The next complete line, `.oversized` when it exceeds the cap, nil when none is complete.
    private func takeLine() -> LineEvent? {
        let end = output.count
        guard scanOffset < end else { return nil }
        let found: Int? = output.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let hit = memchr(base + scanOffset, 0x0A, end - scanOffset)
            else { return nil }
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
        let newlineOffset = removedBytes + newline
        if let read = readMarks.first(where: { $0.end > newlineOffset }) { stderrMarkOfLastLine = read.stderrLines }
        readMarks.removeAll { $0.end <= newlineOffset + 1 }
        outputStart = newline + 1
        scanOffset = outputStart
        if outputStart == output.count {
            removedBytes += output.count
            output.removeAll(keepingCapacity: true)
            outputStart = 0
            scanOffset = 0
        } else if outputStart > 1 << 20 {
            removedBytes += outputStart
            output.removeSubrange(0..<outputStart)
            scanOffset -= outputStart
            outputStart = 0
        }
        return .line(line)
    }

    private func pollOnce(timeoutMilliseconds: Int32) {
        var fds: [pollfd] = []
        if stdoutOpen { fds.append(pollfd(fd: child.stdoutFD, events: Int16(POLLIN), revents: 0)) }
        if stderrOpen { fds.append(pollfd(fd: child.stderrFD, events: Int16(POLLIN), revents: 0)) }
        if stdinOpen, pendingOffset < pending.count {
            fds.append(pollfd(fd: child.stdinFD, events: Int16(POLLOUT), revents: 0))
        }
        guard !fds.isEmpty else {
            usleep(UInt32(max(timeoutMilliseconds, 0)) * 1_000)
            return
        }
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        guard ready > 0 else { return }
        // stderr first: a line an adapter wrote before its answer, and that waits in the pipe
        // beside it, is then counted before the answer, as it was written (ADP-26).
        if stderrOpen, fds.contains(where: { $0.fd == child.stderrFD && $0.revents != 0 }) { drainStderr() }
        for entry in fds where entry.revents != 0 {
            switch entry.fd {
            case child.stdoutFD: readStdout()
            case child.stderrFD: continue
            default: flushPending()
            }
        }
    }

    private func flushPending() {
        while stdinOpen, pendingOffset < pending.count {
            let written = pending.withUnsafeBytes { buffer in
                write(child.stdinFD, buffer.baseAddress! + pendingOffset, buffer.count - pendingOffset)
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
    private func readChunk(_ fd: Int32) -> Int? {
        while true {
            let count = scratch.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            return 0
        }
    }

    /// Reads what stdout has, but never buffers more than one line's cap (plus a chunk): an
    /// adapter that answers a window of requests with 4 MiB lines each must not make the runner
    /// hold them all at once. The rest waits in the pipe until the lines before it are taken.
    private func readStdout() {
        while stdoutOpen, output.count - outputStart <= maximumLineLength, let count = readChunk(child.stdoutFD) {
            guard count > 0 else {
                stdoutOpen = false
                close(child.stdoutFD)
                return
            }
            output.append(contentsOf: scratch[0..<count])
            readMarks.append((end: removedBytes + output.count, stderrLines: stderrTail.linesSeen))
        }
    }

    private func drainStderr() {
        while stderrOpen, let count = readChunk(child.stderrFD) {
            guard count > 0 else {
                stderrOpen = false
                close(child.stderrFD)
                return
            }
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
                fileManager.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }
}
