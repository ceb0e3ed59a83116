import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process groups of every adapter the runner has started and not yet reaped.
///
/// A signal that ends the runner (SIGINT, SIGTERM, SIGHUP) must not leave an adapter running as
/// an orphan, and an adapter's group is outside the terminal's foreground group, so Ctrl-C does
/// not reach it: `RunnerSignals` ends every group listed here before the runner exits. A group
/// is added in the same critical section as its spawn and removed before its leader is reaped,
/// so every id listed still names that adapter's group (a zombie leader keeps the id reserved).
final class ProcessGroups: @unchecked Sendable {
    static let shared = ProcessGroups()

    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    func withGroups<T>(_ body: (inout Set<pid_t>) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&groups)
    }

    /// Ends every group and then calls `finish` (which exits the process) without releasing the
    /// list: SIGTERM to every group, up to `grace` nanoseconds for their leaders to exit, SIGKILL
    /// to every group. Holding the lock to the end keeps the main thread, which must take it to
    /// reap an adapter, from finishing the run (and exiting with its own status) meanwhile.
    func endAll(grace: UInt64, andThen finish: (Int) -> Never) -> Never {
        lock.lock()
        for group in groups { kill(-group, SIGTERM) }
        let deadline = Monotonic.now() + grace
        while Monotonic.now() < deadline, groups.contains(where: { !Self.hasExited($0) }) { usleep(5_000) }
        for group in groups {
            kill(-group, SIGKILL)
            kill(group, SIGKILL)
        }
        finish(groups.count)
    }

    /// Whether the group's leader has exited, without reaping it (its owner does that).
    private static func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        #if os(Linux)
        return info._sifields._sigchld.si_pid != 0
        #else
        return info.si_pid != 0
        #endif
    }
}
