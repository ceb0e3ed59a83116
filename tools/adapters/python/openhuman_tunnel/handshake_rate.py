"""The per-channel token bucket of HS-RATE-1: capacity 3, one token per 12 seconds of the core's clock.

Kept as the one time `full_at` at which the bucket is full again (a generic cell rate algorithm):
a handshake at `now` finds a token when max(full_at, now) - now is at most (capacity - 1) *
interval, and taking it adds interval. That is a bucket whose tokens accrue continuously, in whole
seconds, with no rounding to agree on; a clock that goes back only makes it stricter.
"""

from .errors import RATE_LIMITED, TunnelError

CAPACITY = 3  # a handshake and two retries
INTERVAL_SECONDS = 12  # 5 a minute once the burst is spent


class HandshakeRate:
    __slots__ = ("full_at",)

    def __init__(self) -> None:
        self.full_at = 0  # the past: a full bucket

    def take(self, now: int) -> None:
        """Take one token at `now`, or raise rate_limited and change nothing."""
        start = max(self.full_at, now)
        if start - now > (CAPACITY - 1) * INTERVAL_SECONDS:
            raise TunnelError(RATE_LIMITED)
        self.full_at = start + INTERVAL_SECONDS
