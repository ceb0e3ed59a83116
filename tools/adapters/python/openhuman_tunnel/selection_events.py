"""The events the selection takes (spec 15.5.2): the device's reports (TRANS-4, TRANS-5), timers
that are due, and the user's and the system's signals. Each carries its time, `now`, in ms."""

from dataclasses import dataclass

from .selection_timers import TIMER_NAMES
from .selection_values import CLOUD, LAN, RELAY

START = "start"  # the app wants its desktop
ACTIVITY = "activity"  # a request sent or an answer received
NETWORK = "network"  # the phone's network changed
CONNECTED = "connected"  # connected(p): a carrier is open (TRANS-4)
CLOSED = "closed"  # closed(p): an open carrier was lost (TRANS-4)
ERROR = "error"  # error(p, code): a carrier or cloud request failed (TRANS-4)
HEALTH = "health"  # health(p, ok) or health(p, fail): a probe's outcome (TRANS-5)
TIMER = "timer"  # timer(name): an armed timer is due
OPT_IN = "optIn"  # optIn(cloud), the user's setting (CLOUD-2)
OPT_OUT = "optOut"  # optOut(cloud)

# The paths each event names; an event absent here names none. The cloud has no carrier, so it
# is never connected or closed (TRANS-4), and only the cloud is opted into.
EVENT_PATHS = {
    CONNECTED: (LAN, RELAY),
    CLOSED: (LAN, RELAY),
    ERROR: (LAN, RELAY, CLOUD),
    HEALTH: (LAN, RELAY, CLOUD),
    OPT_IN: (CLOUD,),
    OPT_OUT: (CLOUD,),
}

EVENT_NAMES = (START, ACTIVITY, NETWORK, CONNECTED, CLOSED, ERROR, HEALTH, TIMER, OPT_IN, OPT_OUT)


@dataclass(frozen=True)
class Event:
    """One event at `now`: `path` for the events of EVENT_PATHS, `ok` for `health`, `timer` for
    `timer` (one of TIMER_NAMES), and `code` for `error` (for logs: the selection never reads it)."""

    now: int
    name: str
    path: str | None = None
    ok: bool | None = None
    timer: str | None = None
    code: str | None = None

    def __post_init__(self) -> None:
        if self.name not in EVENT_NAMES:
            raise ValueError(f"unknown event {self.name!r}")
        if self.name in EVENT_PATHS and self.path not in EVENT_PATHS[self.name]:
            raise ValueError(f"{self.name}: no such path {self.path!r}")
        if self.name == HEALTH and not isinstance(self.ok, bool):
            raise ValueError("health: ok must be a boolean")
        if self.name == TIMER and self.timer not in TIMER_NAMES:
            raise ValueError(f"timer: no such timer {self.timer!r}")
        if not isinstance(self.now, int) or isinstance(self.now, bool) or self.now < 0:
            raise ValueError("now: expected a non-negative integer")
