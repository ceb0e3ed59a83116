"""LAN-7's token bucket, HS-RATE-1's rule with a capacity and an interval of its own.

It keeps one time, `full_at` (Unix seconds of the endpoint's clock, 0 at first), when the bucket
is full again: a message at `now` finds a token when max(full_at, now) - now <= (capacity - 1) *
interval, and taking it sets full_at = max(full_at, now) + interval. One integer per bucket, no
refill timer and no rounding to agree on; a clock that goes back only makes it stricter.
"""


class Bucket:
    __slots__ = ("capacity", "interval", "full_at")

    def __init__(self, capacity: int, interval: int) -> None:
        self.capacity = capacity
        self.interval = interval
        self.full_at = 0

    def has_token(self, now: int) -> bool:
        return max(self.full_at, now) - now <= (self.capacity - 1) * self.interval

    def take(self, now: int) -> None:
        self.full_at = max(self.full_at, now) + self.interval

    def is_full(self, now: int) -> bool:
        """Whether the bucket holds all its tokens at `now`: it is then the same as a new one."""
        return self.full_at <= now
