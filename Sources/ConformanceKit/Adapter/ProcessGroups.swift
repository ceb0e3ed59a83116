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

    /// SIGTERM to every group, up to `grace` nanoseconds, then SIGKILL to every group still
    /// listed; returns how many groups there were. Leaves the list as it is: the reaping belongs
    /// to the thread that owns each child (the process exits right after anyway).
    @discardableResult
    func endAll(grace: UInt64) -> Int {
        let count = withGroups { groups in
            for group in groups { kill(-group, SIGTERM) }
            return groups.count
        }
        guard count > 0 else { return 0 }
        usleep(UInt32(min(grace / 1_000, 1_000_000)))
        withGroups { groups in
            for group in groups {
                kill(-group, SIGKILL)
                kill(group, SIGKILL)
            }
        }
        return count
    }
}
