"""The lab's protocol with the runner: one JSON command per line on stdin, exactly one JSON answer
per command on stdout, in order (tools/lan-endpoint/README.md, "The transport lab").

Every answer is {"ok": true, ...} or {"ok": false, "error": text}: a line that is not a command, an
unknown op, a member of the wrong shape, a command the lab cannot carry out, and an internal
failure are all answered, never a crash, and the lab goes on. The commands are checked here, whole,
before any of them changes anything (an `act` with one bad action carries out none).
"""

import asyncio
import json
import logging
import re

from openhuman_tunnel import envelope

from .device import PATHS
from .lab import Lab, LabError

log = logging.getLogger("openhuman-transport-lab")

_ACTION = re.compile(r"(connect|probe|close|drain|use|resend)\((lan|relay|cloud)\)")
LAN_MODES = ("up", "refused", "slow")
RELAY_MODES = ("up", "down")
METHODS = ("test.echo", "test.hold")
MAX_FLOOD = 100_000
COMMAND_SECONDS = 90.0  # any command but `wait` (which lasts until its `until`), at most


class BadCommand(Exception):
    pass


class Protocol:
    def __init__(self, lab: Lab) -> None:
        self.lab = lab
        self._setup_sent = False
        self._ready = False  # setup succeeded

    async def answer(self, line: bytes) -> dict:
        """The answer to one line."""
        try:
            command = _command(line)
            op = command["op"]
            if op == "setup":
                if self._setup_sent:
                    raise BadCommand("setup was already sent: the lab is fresh per check")
            elif not self._setup_sent:
                raise BadCommand("send setup first")
            elif not self._ready:
                raise BadCommand("setup failed: the lab has nothing to run this on")
            handler = {
                "setup": self._setup,
                "act": self._act,
                "wait": self._wait,
                "fault": self._fault,
                "request": self._request,
                "release": self._release,
                "flood": self._flood,
                "status": self._status,
            }.get(op)
            if handler is None:
                raise BadCommand(f"unknown op {op!r}")
            if op == "wait":
                return {"ok": True, **await handler(command)}
            return {"ok": True, **await asyncio.wait_for(handler(command), COMMAND_SECONDS)}
        except TimeoutError:
            return {"ok": False, "error": f"{op} did not end within {COMMAND_SECONDS:.0f} s"}
        except (BadCommand, LabError) as error:
            return {"ok": False, "error": str(error)}
        except Exception as error:  # never a crash: the runner reads the failure and may go on
            log.exception("internal failure")
            return {"ok": False, "error": f"internal: {type(error).__name__}: {error}"}

    async def _setup(self, command: dict) -> dict:
        lan = _member(command, "lan", str, LAN_MODES)
        relay = _member(command, "relay", str, RELAY_MODES)
        self._setup_sent = True  # once, even when it fails: what it started is stopped at the end only
        answer = await self.lab.setup(lan, relay)
        self._ready = True
        self.lab.clock.start()
        return answer

    async def _act(self, command: dict) -> dict:
        actions = command.get("actions")
        if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
            raise BadCommand("actions must be an array of strings kind(path)")
        parsed = []
        for action in actions:
            match = _ACTION.fullmatch(action)
            if match is None:
                raise BadCommand(f"not an action: {action!r}")
            if match[2] == "cloud":
                raise BadCommand("the lab has no cloud path")
            parsed.append((match[1], match[2]))
        for kind, path in parsed:
            self.lab.device.act(kind, path)
        return {}

    async def _wait(self, command: dict) -> dict:
        if "until" not in command:
            raise BadCommand("until is missing (an integer in ms, or null)")
        until = command["until"]
        if until is not None and (not isinstance(until, int) or isinstance(until, bool) or until < 0):
            raise BadCommand("until must be a non-negative integer in ms, or null")
        answer = await self.lab.reports.next(until)
        del answer["ok"]
        return answer

    async def _fault(self, command: dict) -> dict:
        target = _member(command, "target", str, PATHS)
        mode = _member(command, "mode", str, ("up", "down", "slow"))
        await self.lab.fault(target, mode)
        return {}

    async def _request(self, command: dict) -> dict:
        request_id = _member(command, "requestId", str)
        if not envelope.is_request_id(request_id):
            raise BadCommand("requestId must be 1 to 64 of A-Z a-z 0-9 _ - (ENV-2)")
        method = _member(command, "method", str, METHODS)
        self.lab.request(request_id, method)
        return {}

    async def _release(self, command: dict) -> dict:
        self.lab.release(_member(command, "requestId", str))
        return {}

    async def _flood(self, command: dict) -> dict:
        count = _member(command, "count", int)
        if isinstance(count, bool) or not 1 <= count <= MAX_FLOOD:
            raise BadCommand(f"count must be an integer from 1 to {MAX_FLOOD}")
        return await self.lab.flood(count)

    async def _status(self, command: dict) -> dict:
        return self.lab.status()


def _command(line: bytes) -> dict:
    try:
        command = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise BadCommand("not a JSON line") from None
    if not isinstance(command, dict) or not isinstance(command.get("op"), str):
        raise BadCommand('a command is a JSON object with a string "op"')
    return command


def _member(command: dict, name: str, kind: type, allowed=None):
    value = command.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadCommand(f"{name} must be a {kind.__name__}")
    if allowed is not None and value not in allowed:
        raise BadCommand(f"{name} must be one of {', '.join(allowed)}")
    return value
