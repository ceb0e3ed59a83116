"""The phone's selection of a path: the transitions of spec 15.5.3 (SELECT-3 to SELECT-27) over
the steps of SELECT-2.

One `Selection` per paired pairing (SELECT-1). It reads no clock and nothing else: the same events
at the same times give the same decisions. `take(event)` answers the decision after the event:
the state, each path's status, `lanHealthy`, the event's actions in SELECT-2's order, and every
timer's due time. An event no rule takes changes nothing and has no action (SELECT-7).
"""

from dataclasses import dataclass

from .selection_actions import DRAIN, PROBE, RESEND, USE
from .selection_events import (
    ACTIVITY,
    CLOSED,
    CONNECTED,
    ERROR,
    HEALTH,
    NETWORK,
    OPT_IN,
    OPT_OUT,
    START,
    TIMER,
    Event,
)
from .selection_steps import (
    CONNECTING,
    IDLE_STATE,
    OFF,
    OFFLINE,
    PROBING,
    RACING,
    UP,
    SelectionSteps,
)
from .selection_timers import CHECK_TIMERS, DEADLINE_TIMERS, IDLE, KEEPALIVE, RETRY
from .selection_values import (
    BASE,
    CLOUD,
    IDLE_TIMEOUT,
    KEEPALIVE_INTERVAL,
    LAN,
    PATHS,
    PROMOTION,
    RELAY,
    TUNNEL_PATHS,
    more_preferred,
)

_IN_USE = (LAN, RELAY, CLOUD)  # the states in which that path is in use
_DEADLINE_PATHS = {timer: path for path, timer in DEADLINE_TIMERS.items()}
_CHECK_PATHS = {timer: path for path, timer in CHECK_TIMERS.items()}


@dataclass(frozen=True)
class Decision:
    """The selection after one event (ADP-134's answer for a step)."""

    state: str
    paths: dict[str, str]
    lan_healthy: int
    actions: list[tuple[str, str]]
    timers: dict[str, int | None]


class Selection:
    """One pairing's selection: `has_lan` when the pairing has a LAN path (an `rpc` URL), and the
    cloud opt-in as the profile holds it (TRANS-10)."""

    def __init__(self, has_lan: bool, opted_in: bool) -> None:
        self._s = SelectionSteps(has_lan, opted_in)

    def take(self, event: Event) -> Decision:
        s = self._s
        s.now = event.now
        s.actions.clear()
        self._transition(event)
        return Decision(
            state=s.state,
            paths=dict(s.status),
            lan_healthy=s.lan_healthy,
            actions=s.actions.listed(),
            timers=s.timers.due_times(),
        )

    # Which rule takes the event.

    def _transition(self, event: Event) -> None:
        s = self._s
        name = event.name
        if name == TIMER:
            if not s.timers.armed(event.timer):
                return  # a timer not armed (SELECT-7)
            s.timers.disarm(event.timer)  # a fired timer is disarmed before its transition (SELECT-2)
        if s.state == IDLE_STATE:
            self._in_idle(event)
        elif name == OPT_OUT:
            self._opt_out()
        elif name == OPT_IN:
            self._opt_in()
        elif name == ACTIVITY:
            s.arm(IDLE, IDLE_TIMEOUT)  # SELECT-26
        elif name in (START, NETWORK):
            self._start_or_network(name)
        elif name == CONNECTED:
            if s.status[event.path] == CONNECTING:  # SELECT-4: its deadline runs on
                s.status[event.path] = PROBING
                s.actions.add(PROBE, event.path)
        elif name == HEALTH:
            # A probe's outcome, taken only while its path is `probing`: a report for a path
            # `connecting` or `up` is from a probe that already ended (TRANS-5), a late report
            # (SELECT-7, ADP-134), although SELECT-6's "for a path not off" would also take a
            # failure of such a path.
            if s.status[event.path] != PROBING:
                return
            if event.ok:
                self._healthy(event.path)
            else:
                self._failed(event.path)
        elif name in (ERROR, CLOSED):
            if s.status[event.path] != OFF:
                self._failed(event.path)
        else:
            self._timer(event.timer)

    def _in_idle(self, event: Event) -> None:
        """`idle` takes `start`, `activity`, `optIn(cloud)` and `optOut(cloud)` only (SELECT-7)."""
        if event.name in (START, ACTIVITY):
            self._begin()
        elif event.name == OPT_IN:
            self._s.opted_in = True  # SELECT-24
        elif event.name == OPT_OUT:
            self._opt_out()  # the cloud is `off` in idle: only the opt-in goes

    def _start_or_network(self, name: str) -> None:
        s = self._s
        if s.state == OFFLINE:
            s.timers.disarm(RETRY)  # SELECT-21
            s.retry_interval = BASE
            s.attempt(TUNNEL_PATHS)
        elif name == NETWORK:
            self._network()
        # `start` in racing, lan, relay and cloud: nothing (SELECT-7)

    def _timer(self, timer: str) -> None:
        s = self._s
        if timer in _DEADLINE_PATHS:
            path = _DEADLINE_PATHS[timer]
            if s.status[path] != OFF:
                self._failed(path)
        elif timer in _CHECK_PATHS:
            if s.state in (RELAY, CLOUD):
                s.check(_CHECK_PATHS[timer])  # SELECT-18
        elif timer == KEEPALIVE:
            if s.state in (LAN, RELAY):  # SELECT-12
                s.check(s.state)
                s.arm(KEEPALIVE, KEEPALIVE_INTERVAL)
        elif timer == RETRY:
            if s.state == OFFLINE:
                s.attempt(TUNNEL_PATHS)  # SELECT-20
        else:
            self._idle_timeout()

    # SELECT-5 and SELECT-6: a path's outcome, then the state's rule for it.

    def _healthy(self, path: str) -> None:
        s = self._s
        s.status[path] = UP  # SELECT-5
        s.timers.disarm(DEADLINE_TIMERS[path])
        if path in TUNNEL_PATHS:
            s.interval[path] = BASE
        if s.state == RACING:
            self._use_from_race(path)
        elif s.state == RELAY and path == LAN:
            self._lan_healthy_under_relay()
        elif s.state == CLOUD and path in TUNNEL_PATHS:
            self._leave_cloud(path)
        # the path in use is healthy: nothing more (SELECT-13)

    def _failed(self, path: str) -> None:
        s = self._s
        s.drop(path)  # SELECT-6
        if s.state == RACING:
            s.racing_failure(path)  # SELECT-9 to SELECT-11
        elif s.state == path:
            self._lose_path_in_use(path)
        elif s.state in (RELAY, CLOUD) and more_preferred(path, s.state):
            if path == LAN:  # SELECT-17: a background check failed
                s.lan_healthy = 0
            s.backoff(path)

    # The transitions.

    def _begin(self) -> None:
        """SELECT-3."""
        s = self._s
        s.arm(IDLE, IDLE_TIMEOUT)
        s.interval = dict.fromkeys(TUNNEL_PATHS, BASE)
        s.retry_interval = BASE
        s.lan_healthy = 0
        s.attempt(TUNNEL_PATHS)

    def _use_from_race(self, path: str) -> None:
        """SELECT-8: the first healthy path wins; a more preferred path in flight stays in flight."""
        s = self._s
        s.actions.add(USE, path)
        s.actions.add(RESEND, path)
        for other in PATHS:
            if more_preferred(path, other):
                s.drop(other)
            elif other in TUNNEL_PATHS and more_preferred(other, path) and s.status[other] == OFF:
                s.backoff(other)
        s.lan_healthy = 0
        s.retry_interval = BASE
        if path in TUNNEL_PATHS:
            s.arm(KEEPALIVE, KEEPALIVE_INTERVAL)
        s.state = path

    def _lose_path_in_use(self, path: str) -> None:
        """SELECT-14: race the tunnel paths other than the one lost (both, when it is the cloud)."""
        s = self._s
        s.timers.disarm(KEEPALIVE)
        s.attempt(tuple(other for other in TUNNEL_PATHS if other != path), lost=path)

    def _lan_healthy_under_relay(self) -> None:
        """SELECT-15, and SELECT-16 at the `promotion`th healthy check in a row."""
        s = self._s
        if s.lan_healthy + 1 < PROMOTION:
            s.lan_healthy += 1
            s.arm(CHECK_TIMERS[LAN], BASE)
            return
        s.actions.add(DRAIN, RELAY)  # the relay's requests finish there: nothing is resent
        s.actions.add(USE, LAN)
        s.status[RELAY] = OFF
        s.timers.disarm(DEADLINE_TIMERS[RELAY])
        s.lan_healthy = 0
        s.arm(KEEPALIVE, KEEPALIVE_INTERVAL)
        s.state = LAN

    def _leave_cloud(self, path: str) -> None:
        """SELECT-19: a healthy tunnel path is used at once."""
        s = self._s
        s.actions.add(USE, path)
        s.actions.add(RESEND, path)
        s.drop(CLOUD)
        if path == LAN:
            s.drop(RELAY)
            s.timers.disarm(CHECK_TIMERS[RELAY])
        s.lan_healthy = 0
        s.arm(KEEPALIVE, KEEPALIVE_INTERVAL)
        s.state = path

    def _network(self) -> None:
        """SELECT-23: check now every tunnel path more preferred than the one in use (in `racing`,
        both) that is `off` or `up`, and probe a tunnel path in use."""
        s = self._s
        in_use = s.state if s.state in _IN_USE else None
        for path in TUNNEL_PATHS:
            preferred = in_use is None or more_preferred(path, in_use)
            if preferred and s.has_path(path) and s.status[path] in (OFF, UP):
                s.timers.disarm(CHECK_TIMERS[path])
                s.interval[path] = BASE
                s.check(path)
        s.lan_healthy = 0
        if in_use in TUNNEL_PATHS:
            s.check(in_use)
            s.arm(KEEPALIVE, KEEPALIVE_INTERVAL)

    def _opt_in(self) -> None:
        s = self._s
        s.opted_in = True  # SELECT-24
        if s.state == OFFLINE:  # SELECT-22
            s.timers.disarm(RETRY)
            s.check(CLOUD)
            s.state = RACING

    def _opt_out(self) -> None:
        """SELECT-25: a cloud not `off` fails as SELECT-6 says."""
        s = self._s
        s.opted_in = False
        if s.status[CLOUD] != OFF:
            self._failed(CLOUD)

    def _idle_timeout(self) -> None:
        """SELECT-27."""
        s = self._s
        for path in PATHS:
            s.drop(path)
        s.timers.disarm_all()
        s.lan_healthy = 0
        s.state = IDLE_STATE
