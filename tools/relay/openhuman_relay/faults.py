"""A test-only seam: a fault plan that drops, duplicates, reorders or delays chosen frames on
their way through the relay, so the end-to-end tests can show what the endpoints make of a relay
that misbehaves (9.1: the relay is untrusted). Loaded only from `--fault-plan FILE`; a relay
started without one forwards every frame at once.

Plan: {"faults": [{"channel": ID or "*", "direction": "core-to-device" | "device-to-core" | "*",
"frame": N, "action": "drop" | "duplicate" | "reorder" | "delay", "delayMs": D, "holdMs": H}]}.
`frame` counts from 1 the frames forwarded on one channel in one direction (frames the state
machine refused do not count). The first matching entry applies. `reorder` holds the frame until
the next one of its channel and direction has been delivered (or `holdMs`, default 1000, passed);
`delay` delivers it after `delayMs` without holding back the frames behind it.
"""

import asyncio
import json

CORE_TO_DEVICE = "core-to-device"
DEVICE_TO_CORE = "device-to-core"
_DIRECTIONS = (CORE_TO_DEVICE, DEVICE_TO_CORE, "*")
_ACTIONS = ("drop", "duplicate", "reorder", "delay")
_MEMBERS = {"channel", "direction", "frame", "action", "delayMs", "holdMs"}


class FaultPlanError(Exception):
    pass


def _natural(entry: dict, name: str, default=None, minimum=0) -> int:
    value = entry.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise FaultPlanError(f"{name}: expected an integer of at least {minimum}")
    return value


def _fault(entry) -> dict:
    """One entry, checked whole: a typo must stop the relay, never run a test without its fault."""
    if not isinstance(entry, dict) or set(entry) - _MEMBERS:
        raise FaultPlanError(f"fault {entry!r}: expected an object with members among {sorted(_MEMBERS)}")
    channel = entry.get("channel", "*")
    if not isinstance(channel, str) or not channel:
        raise FaultPlanError("channel: expected a channel id or '*'")
    if entry.get("direction", "*") not in _DIRECTIONS or entry.get("action") not in _ACTIONS:
        raise FaultPlanError(f"fault {entry!r}: direction must be one of {_DIRECTIONS}, action one of {_ACTIONS}")
    return {
        "channel": channel,
        "direction": entry.get("direction", "*"),
        "frame": _natural(entry, "frame", minimum=1),
        "action": entry["action"],
        "delay": _natural(entry, "delayMs", 0) / 1000,
        "hold": _natural(entry, "holdMs", 1000) / 1000,
    }


class FaultPlan:
    def __init__(self, faults: list):
        self._faults = faults
        self._counts: dict = {}
        self._held: dict = {}
        self._tasks: set = set()

    @staticmethod
    def parse(value) -> "FaultPlan":
        if not isinstance(value, dict) or not isinstance(value.get("faults"), list):
            raise FaultPlanError('expected {"faults": [...]}')
        return FaultPlan([_fault(entry) for entry in value["faults"]])

    @staticmethod
    def load(path: str) -> "FaultPlan":
        try:
            with open(path, encoding="utf-8") as file:
                value = json.load(file)
        except (OSError, ValueError) as error:
            raise FaultPlanError(f"{path}: {error}") from None
        return FaultPlan.parse(value)

    def _match(self, channel_id: str, direction: str, number: int):
        for fault in self._faults:
            if (
                fault["frame"] == number
                and fault["channel"] in ("*", channel_id)
                and fault["direction"] in ("*", direction)
            ):
                return fault
        return None

    def _later(self, seconds: float, deliver):
        """Runs `deliver()` after `seconds`, keeping the task referenced until it ends."""

        async def run():
            await asyncio.sleep(seconds)
            await deliver()

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def forward(self, channel_id: str, direction: str, deliver):
        """Delivers one forwarded frame (`await deliver()`) as the plan says."""
        key = (channel_id, direction)
        number = self._counts[key] = self._counts.get(key, 0) + 1
        fault = self._match(channel_id, direction, number)
        held = self._held.pop(key, None)
        action = fault["action"] if fault else None
        if action is None:
            await deliver()
        elif action == "duplicate":
            await deliver()
            await deliver()
        elif action == "delay":
            self._later(fault["delay"], deliver)
        elif action == "reorder":
            self._held[key] = (self._later(fault["hold"], self._release(key)), deliver)
        # "drop": nothing is delivered.
        if held is not None:
            timer, held_deliver = held
            timer.cancel()
            await held_deliver()

    def _release(self, key):
        async def release():
            _, deliver = self._held.pop(key, (None, None))
            if deliver is not None:
                await deliver()

        return release
