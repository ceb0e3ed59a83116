import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started in a process group of its own, its stdin, stdout and stderr on pipes.
///
/// Why a group of its own: an adapter is often a script that starts the real implementation, and
/// an implementation may start helpers. Ending only the direct child would leave those running
/// (holding the pipes, and the runner's attention). The runner ends the whole group instead, on
/// every fault, restart, shutdown and signal (ADP-22). The group's id is the child's pid; it
/// stays reserved until the child is reaped, so the child is reaped only after the group was
/// killed, and the group is unregistered from `ProcessGroups` before that.
///
/// Why not Foundation's `Process`: it gives no control over the process group, the signal
/// dispositions the child inherits, or when the child is reaped.
final class ChildProcess {
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    /// The parent's ends of the pipes, non-blocking and close-on-exec.
    let stdinFD: Int32
    let stdoutFD: Int32
    let stderrFD: Int32
    private var reapedStatus: Termination?

    /// Signals the runner handles or ignores and the adapter must not inherit as ignored.
    private static let signalsReset = [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// `environment` is added to the runner's own (a name in both takes its value from `environment`).
    init(executable: String, arguments: [String], environment added: [String: String] = [:]) throws(SpawnError) {
        var fds: [Int32] = []
        for _ in 0..<3 {
            var pair: [Int32] = [-1, -1]
            guard pipe(&pair) == 0 else {
                let error = errno
                fds.forEach { close($0) }
                throw SpawnError(description: "cannot create a pipe: \(String(cString: strerror(error)))")
            }
            fds += pair.map(Self.closeOnExecAboveStandardStreams)
        }
        // fds: stdin (read, write), stdout (read, write), stderr (read, write).
        let childEnds = (stdin: fds[0], stdout: fds[3], stderr: fds[5])
        let parentEnds = (stdin: fds[1], stdout: fds[2], stderr: fds[4])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childEnds.stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, childEnds.stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, childEnds.stderr, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), emptyMask = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&emptyMask)
        for signal in Self.signalsReset { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        // Process group 0: a new group whose id is the child's pid.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        )

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment: [UnsafeMutablePointer<CChar>?] =
            ProcessInfo.processInfo.environment.merging(added) { _, new in new }.map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer { environment.forEach { free($0) } }

        var child: pid_t = 0
        // Registered in the same critical section as the spawn, so a signal handler that ends
        // every group never misses one that was just started.
        let status = ProcessGroups.shared.withGroups { groups in
            let status = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
            if status == 0 { groups.insert(child) }
            return status
        }
        [childEnds.stdin, childEnds.stdout, childEnds.stderr].forEach { close($0) }
        guard status == 0 else {
            [parentEnds.stdin, parentEnds.stdout, parentEnds.stderr].forEach { close($0) }
            throw SpawnError(description: String(cString: strerror(status)))
        }
        pid = child
        stdinFD = parentEnds.stdin
        stdoutFD = parentEnds.stdout
        stderrFD = parentEnds.stderr
        for fd in [stdinFD, stdoutFD, stderrFD] {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        endGroup(grace: 0)
    }

    /// How the child ended, without reaping it (the zombie keeps the group id reserved); nil
    /// while it runs.
    func exitStatus() -> Termination? {
        if let reapedStatus { return reapedStatus }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return nil }
        return Self.termination(info)
    }

    /// Ends the whole process group: SIGTERM, up to `grace` nanoseconds for the child to exit,
    /// then SIGKILL to whatever of the group is left, and reaps the child. Safe to call again.
    func endGroup(grace: UInt64) {
        guard reapedStatus == nil else { return }
        kill(-pid, SIGTERM)
        let deadline = Monotonic.now() + grace
        while exitStatus() == nil, Monotonic.now() < deadline { usleep(2_000) }
        kill(-pid, SIGKILL)
        // A child that moved itself to another group is still ours to end.
        kill(pid, SIGKILL)
        ProcessGroups.shared.withGroups { _ = $0.remove(pid) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        reapedStatus = exitStatus(decoding: status)
    }

    // MARK: - Helpers

    /// Marks `fd` close-on-exec, first moving it above 2 so that a runner started with a closed
    /// standard stream cannot hand the child a pipe end on the wrong number.
    private static func closeOnExecAboveStandardStreams(_ fd: Int32) -> Int32 {
        guard fd <= 2 else {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        close(fd)
        return moved
    }

    private func exitStatus(decoding status: Int32) -> Termination {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    private static func termination(_ info: siginfo_t) -> Termination? {
        #if os(Linux)
        let childPID = info._sifields._sigchld.si_pid
        let status = info._sifields._sigchld.si_status
        #else
        let childPID = info.si_pid
        let status = info.si_status
        #endif
        guard childPID != 0 else { return nil }
        return info.si_code == CLD_EXITED ? .exited(status) : .signalled(status)
    }
}
