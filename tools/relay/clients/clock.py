"""The two clocks the protocol takes as inputs, read from the real system in these live clients.

The library reads no clock (time is an input); the clients read these and pass them in:
Unix seconds for pairing windows and confirmation deadlines (CLOCK-1, CONFIRM-1), and a
monotonic millisecond count for request and chunk deadlines (chapter 11), which must not jump
when the wall clock is set.
"""

import time


def unix_seconds() -> int:
    return int(time.time())


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000
