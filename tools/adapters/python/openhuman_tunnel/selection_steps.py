"""What the selection holds (spec 15.5.2) and the steps its transitions are made of (SELECT-2).

`SelectionSteps` starts as SELECT-1 says: `idle`, every path `off`, every interval `base`,
`lanHealthy` 0, no timer armed. A pairing without a LAN path keeps `lan` `off`: `check` and
`backoff` skip it, so no rule connects it or arms a timer of its own.
"""

from .selection_actions import CLOSE, CONNECT, PROBE, Actions
from .selection_timers import CHECK_TIMERS, DEADLINE_TIMERS, IDLE, RETRY, Timers
from .selection_values import BASE, CLOUD, DEADLINE, LAN, PATHS, TUNNEL_PATHS, doubled

# The machine's states.
IDLE_STATE = "idle"
RACING = "racing"  # an attempt is under way and no path is in use
OFFLINE = "offline"  # every path failed; a retry is due
# `lan`, `relay` and `cloud`: that path is in use.

# A path's status.
OFF = "off"  # no carrier, nothing in flight
CONNECTING = "connecting"  # connect(p) sent
PROBING = "probing"  # probe(p) sent
UP = "up"  # its last probe was healthy and its carrier is open
IN_FLIGHT = (CONNECTING, PROBING)


class SelectionSteps:
    """The selection's values and SELECT-2's steps; the transitions (SELECT-3 to SELECT-27) are
    `Selection`'s. `now` is the time of the event being taken, `actions` the step's actions."""

    def __init__(self, has_lan: bool, opted_in: bool) -> None:
        self.has_lan = has_lan
        self.state = IDLE_STATE
        self.status = dict.fromkeys(PATHS, OFF)
        self.interval = dict.fromkeys(TUNNEL_PATHS, BASE)
        self.retry_interval = BASE
        self.lan_healthy = 0
        self.opted_in = opted_in
        self.timers = Timers()
        self.actions = Actions()
        self.now = 0

    def has_path(self, path: str) -> bool:
        return path != LAN or self.has_lan

    def in_flight(self, path: str) -> bool:
        return self.status[path] in IN_FLIGHT

    def any_in_flight(self) -> bool:
        return any(self.in_flight(path) for path in PATHS)

    def arm(self, timer: str, delay: int) -> None:
        self.timers.arm(timer, self.now, delay)

    # SELECT-2's steps.

    def check(self, path: str) -> None:
        """Step 1: a tunnel path `off` connects, a tunnel path `up` and the cloud are probed, and
        the path's deadline is armed; nothing for a path in flight (or a LAN the pairing lacks)."""
        if not self.has_path(path) or self.in_flight(path):
            return
        if path != CLOUD and self.status[path] == OFF:
            self.status[path] = CONNECTING
            self.actions.add(CONNECT, path)
        else:
            self.status[path] = PROBING
            self.actions.add(PROBE, path)
        self.arm(DEADLINE_TIMERS[path], DEADLINE[path])

    def drop(self, path: str) -> None:
        """Step 2: close a tunnel path's carrier (the cloud has none), disarm its deadline, `off`."""
        if self.status[path] == OFF:
            return
        if path in TUNNEL_PATHS:
            self.actions.add(CLOSE, path)
        self.timers.disarm(DEADLINE_TIMERS[path])
        self.status[path] = OFF

    def backoff(self, path: str) -> None:
        """Step 3: arm the tunnel path's check for its interval, then double the interval."""
        if not self.has_path(path):
            return
        self.arm(CHECK_TIMERS[path], self.interval[path])
        self.interval[path] = doubled(self.interval[path])

    def attempt(self, paths: tuple[str, ...], lost: str | None = None) -> None:
        """Step 4: race the tunnel paths of `paths` that are `off` or `up`, `lan` first. When none
        is then in flight, the attempt has failed with `lost` (SELECT-14's path in use), and goes
        on as SELECT-10 or SELECT-11 say. The attempts of SELECT-3, SELECT-20 and SELECT-21 start
        with every path `off`, so the relay is always in flight after them."""
        self.state = RACING
        for path in TUNNEL_PATHS:
            if path in paths and self.has_path(path) and not self.in_flight(path):
                self.timers.disarm(CHECK_TIMERS[path])
                self.check(path)
        if lost is not None:
            self.racing_failure(lost)

    def go_offline(self) -> None:
        """Step 5: drop every path, disarm every timer but `idle`, arm `retry`, then double its
        interval."""
        for path in PATHS:
            self.drop(path)
        self.timers.disarm_all(keep=(IDLE,))
        self.arm(RETRY, self.retry_interval)
        self.retry_interval = doubled(self.retry_interval)
        self.state = OFFLINE

    def racing_failure(self, path: str) -> None:
        """A failed `path` in `racing`, once dropped: nothing while another path is in flight
        (SELECT-9); otherwise the cloud when opted in after a tunnel path (SELECT-10), or offline
        (SELECT-11)."""
        if self.any_in_flight():
            return
        if path in TUNNEL_PATHS and self.opted_in:
            self.check(CLOUD)
        else:
            self.go_offline()
