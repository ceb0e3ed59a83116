"""The lab's clock: the selection's time in ms, `floor((now - t0) * 1000 * scale)` on the monotonic
clock, with t0 the moment `setup` answers.

The runner feeds the adapter's `transport-select` the times the lab reports (ADP-134 reads no
clock of its own), so one clock must date every report, and every duration the lab takes from the
spec (the LAN's slow hold, a request's deadline, an open-ended wait) is in this time and divided
by `scale` in real time. A scale above 1 runs the spec's seconds faster, which keeps the runner's
checks short; the carriers themselves (a TCP connect, a WebSocket upgrade) run at their real speed.
"""

import math
import time


class LabClock:
    def __init__(self, scale: float = 1.0) -> None:
        if not (scale > 0 and math.isfinite(scale)):
            raise ValueError("the time scale must be a positive number")
        self.scale = scale
        self._t0: float | None = None

    def start(self) -> None:
        """Clock 0 is now."""
        self._t0 = time.monotonic()

    def now(self) -> int:
        """The selection's time in ms; 0 before `start`."""
        if self._t0 is None:
            return 0
        return math.floor((time.monotonic() - self._t0) * 1000 * self.scale)

    def seconds(self, ms: float) -> float:
        """The real seconds that `ms` of selection time last."""
        return ms / 1000 / self.scale

    def seconds_until(self, ms: int) -> float:
        """The real seconds until the clock reads `ms` (at most 0 once it has)."""
        if self._t0 is None:
            return self.seconds(ms)
        return self._t0 + self.seconds(ms) - time.monotonic()
