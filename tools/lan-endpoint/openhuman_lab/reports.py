"""What the lab owes the runner's `wait`: carrier events and the final answers of the runner's
requests, each dated by the lab's clock when it happened, reported one per `wait` in the order
they happened.

A wait names `until`, the time of the selection's next timer: what happened after it is not
reported before it, since the runner must fire that timer first (its event comes first in time).
So a wait answers the first report dated at or before `until`, or else, once the clock has reached
`until`, a timeout dated `until`: a runner that asks late still sees its timer at its own due time
and the reports in time order. Dates never go back from one answer to the next (the maximum with
the last one's), as ADP-134 requires of its steps.
"""

import asyncio
import collections

from .clock import LabClock

OPEN_WAIT_MS = 120_000  # `until` null: the longest a wait lasts, in selection time


class Reports:
    def __init__(self, clock: LabClock) -> None:
        self.clock = clock
        self._queue: collections.deque[tuple[int, str, dict]] = collections.deque()
        self._arrived = asyncio.Event()
        self._last_at = 0

    def event(self, event: str, path: str, **members) -> None:
        """A carrier event with ADP-134's members: connected, closed (path), error (path, code),
        health (path, ok)."""
        self._put("event", {"event": event, "path": path, **members})

    def answer(self, request_id: str, kind: str, code: str | None, path: str) -> None:
        """The final answer of a request the runner asked for, and the path it came on."""
        self._put("answer", {"requestId": request_id, "kind": kind, "code": code, "path": path})

    def clear(self) -> None:
        self._queue.clear()

    def _put(self, name: str, value: dict) -> None:
        self._queue.append((self.clock.now(), name, value))
        self._arrived.set()

    async def next(self, until: int | None) -> dict:
        """The answer of one `wait`."""
        if until is None:
            until = self.clock.now() + OPEN_WAIT_MS
        while True:
            if self._queue and self._queue[0][0] <= until:
                at, name, value = self._queue.popleft()
                return {"ok": True, "at": self._dated(at), name: value}
            if self.clock.now() >= until:
                return {"ok": True, "at": self._dated(until), "timeout": True}
            self._arrived.clear()
            try:
                # A millisecond past the due time, so the clock reads `until` when this wakes.
                await asyncio.wait_for(self._arrived.wait(), max(self.clock.seconds_until(until), 0) + 0.001)
            except TimeoutError:
                pass

    def _dated(self, at: int) -> int:
        self._last_at = max(self._last_at, at)
        return self._last_at
