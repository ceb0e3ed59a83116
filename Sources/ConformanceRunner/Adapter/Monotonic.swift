#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds, for request deadlines: wall-clock jumps must not fire or
/// postpone a timeout.
enum Monotonic {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func milliseconds(_ ms: Int) -> UInt64 { UInt64(max(ms, 0)) * 1_000_000 }
}
