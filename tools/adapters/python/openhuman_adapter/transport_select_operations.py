"""The adapter operation `transport-select` (kit ADP-134): one selection of wire spec 15.5 run on
a sequence of events, answering the decision after each.

Every step is read before any runs: a malformed step is bad_request for the whole request, and a
well-formed one always has an answer (an event the selection does not take changes nothing).
"""

from openhuman_tunnel.selection import Decision, Selection
from openhuman_tunnel.selection_actions import action_text
from openhuman_tunnel.selection_events import ERROR, EVENT_NAMES, EVENT_PATHS, HEALTH, TIMER, Event
from openhuman_tunnel.selection_timers import TIMER_NAMES
from openhuman_tunnel.selection_values import CAP

from .request_errors import BadRequest
from .request_input import SAFE_INTEGER_MAX, array, json_object, text

MAX_STEPS = 10_000
# The latest `at`: 2^53 - 1 - 300,000, so that every due time (at most `cap` after it) is an
# exact JSON integer.
LATEST_TIME = SAFE_INTEGER_MAX - CAP


def _boolean(source: dict, name: str) -> bool:
    value = source.get(name)
    if not isinstance(value, bool):
        raise BadRequest(f"{name}: expected a boolean")
    return value


def _one_of(source: dict, name: str, allowed: tuple[str, ...]) -> str:
    value = source.get(name)
    if not isinstance(value, str) or value not in allowed:
        raise BadRequest(f"{name}: expected one of {', '.join(allowed)}")
    return value


def _event(step, earliest: int) -> Event:
    """One step as the selection's event; `earliest` is the previous step's `at`."""
    step = json_object(step)
    at = step.get("at")
    if not isinstance(at, int) or isinstance(at, bool) or not earliest <= at <= LATEST_TIME:
        raise BadRequest("at: expected an integer from the previous step's at to 2^53 - 1 - 300,000")
    name = _one_of(step, "event", EVENT_NAMES)
    return Event(
        now=at,
        name=name,
        path=_one_of(step, "path", EVENT_PATHS[name]) if name in EVENT_PATHS else None,
        ok=_boolean(step, "ok") if name == HEALTH else None,
        timer=_one_of(step, "timer", TIMER_NAMES) if name == TIMER else None,
        code=text(step, "code") if name == ERROR else None,
    )


def _events(steps: list) -> list[Event]:
    if len(steps) > MAX_STEPS:
        raise BadRequest("steps: at most 10,000")
    events = []
    for step in steps:
        events.append(_event(step, events[-1].now if events else 0))
    return events


def _answer(decision: Decision) -> dict:
    return {
        "state": decision.state,
        "paths": decision.paths,
        "lanHealthy": decision.lan_healthy,
        "actions": [action_text(action) for action in decision.actions],
        "timers": decision.timers,
    }


def op_transport_select(inp: dict) -> dict:
    """The selection of a pairing with a LAN path exactly when `lan`, opted into the cloud as
    `cloudOptIn` says, through its steps (ADP-134)."""
    has_lan = _boolean(inp, "lan")
    opted_in = _boolean(inp, "cloudOptIn")
    events = _events(array(inp, "steps"))
    selection = Selection(has_lan, opted_in)
    return {"steps": [_answer(selection.take(event)) for event in events]}


TRANSPORT_SELECT_OPERATIONS = {"transport-select": op_transport_select}
