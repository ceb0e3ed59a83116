"""The selection's eight timers, each armed with a due time or not (spec 15.5.2, SELECT-2).

The machine reads no clock: arming takes the event's `now`, and a timer fires only when the device
reports `timer(name)`.
"""

from .selection_values import CLOUD, LAN, RELAY

DEADLINE_TIMERS = {LAN: "deadline.lan", RELAY: "deadline.relay", CLOUD: "deadline.cloud"}
CHECK_TIMERS = {LAN: "check.lan", RELAY: "check.relay"}
RETRY = "retry"
KEEPALIVE = "keepalive"
IDLE = "idle"

TIMER_NAMES = (*DEADLINE_TIMERS.values(), *CHECK_TIMERS.values(), RETRY, KEEPALIVE, IDLE)


class Timers:
    """Due times by name; a timer without one is not armed."""

    def __init__(self) -> None:
        self._due: dict[str, int] = {}

    def arm(self, name: str, now: int, delay: int) -> None:
        """Arm `name` for `delay`: due at `now + delay`, replacing any due time it had."""
        self._due[name] = now + delay

    def disarm(self, name: str) -> None:
        self._due.pop(name, None)

    def disarm_all(self, keep: tuple[str, ...] = ()) -> None:
        self._due = {name: due for name, due in self._due.items() if name in keep}

    def armed(self, name: str) -> bool:
        return name in self._due

    def due_times(self) -> dict[str, int | None]:
        """Every timer by name, in SELECT-2's order: its due time, or None when it is not armed."""
        return {name: self._due.get(name) for name in TIMER_NAMES}
