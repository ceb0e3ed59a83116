"""The conformance adapter of the relay state machine (kit chapter 2): it lists only the operation
`relay` (ADP-70), so a runner skips every other operation.

The request plumbing (line cap, lone-surrogate refusal, input readers) is the Python
implementation's, from tools/adapters/python/openhuman_adapter, not a copy of it.
"""

import asyncio
import sys
import traceback

from openhuman_adapter.adapter import _holds_lone_surrogate, serve
from openhuman_adapter.request_errors import BadRequest
from openhuman_adapter.request_input import safe_integer

from . import __version__, inbound
from .machine import Relay
from .memory_store import MemoryStore
from .minting import GivenMinter, MintMissing, supply

ADAPTER_PROTOCOL = 1
ADAPTER_NAME = "openhuman-relay"


def _step(value):
    """One step as (connection, account, event, now), every shape error raised before any runs."""
    if not isinstance(value, dict):
        raise BadRequest("steps[]: expected an object")
    connection = value.get("connection")
    if not isinstance(connection, str) or not connection:
        raise BadRequest("connection: expected a non-empty string")
    account = value.get("account")
    if account is not None and not isinstance(account, str):
        raise BadRequest("account: expected a string")
    name = value.get("event")
    if not isinstance(name, str):
        raise BadRequest("event: expected a string")
    try:
        event = supply(inbound.read(name, value.get("data")), GivenMinter(value.get("mint")))
    except MintMissing as error:
        raise BadRequest(str(error)) from None
    return connection, account, event, safe_integer(value, "now")


def read_steps(steps) -> list:
    """The request's steps, read whole before any runs (a shape error is the request's, ADP-70)."""
    if not isinstance(steps, list):
        raise BadRequest("steps: expected an array")
    return [_step(step) for step in steps]


async def run_steps(steps, store) -> list:
    """Runs read steps on one new relay over `store`; one {"emit": [...]} per step."""
    relay = Relay(store)
    results = []
    for connection, account, event, now in steps:
        emitted = await relay.step(connection, account, event, now)
        results.append({"emit": [{"to": to, "event": name, "data": data} for to, name, data in emitted]})
    return results


def op_relay(inp: dict) -> dict:
    return {"steps": asyncio.run(run_steps(read_steps(inp.get("steps")), MemoryStore()))}


def op_hello(inp: dict) -> dict:
    if inp.get("protocol") != ADAPTER_PROTOCOL:
        raise BadRequest("protocol: only 1 is spoken")
    return {
        "protocol": ADAPTER_PROTOCOL,
        "name": ADAPTER_NAME,
        "version": __version__,
        "operations": ["relay"],
        "policies": {},
    }


def handle(request) -> dict:
    """The response object for one decoded request; never raises."""
    if not isinstance(request, dict):
        return {"id": None, "ok": False, "error": "bad_request"}
    request_id = request.get("id")
    if not isinstance(request_id, int) or isinstance(request_id, bool):
        return {"id": None, "ok": False, "error": "bad_request"}
    op, inp = request.get("op"), request.get("input")
    try:
        if _holds_lone_surrogate(request):
            raise BadRequest("a string holds an unpaired surrogate (ADP-32)")
        if op == "shutdown":
            return {"id": request_id, "ok": True, "output": {}}
        handler = {"hello": op_hello, "relay": op_relay}.get(op) if isinstance(op, str) else None
        if handler is None:
            return {"id": request_id, "ok": False, "error": "unsupported" if isinstance(op, str) else "bad_request"}
        if not isinstance(inp, dict):
            raise BadRequest("input: expected an object")
        return {"id": request_id, "ok": True, "output": handler(inp)}
    except BadRequest as error:
        print(f"{ADAPTER_NAME}: request {request_id}: bad_request: {error}", file=sys.stderr)
    except Exception:  # never die on input: report it and carry on
        traceback.print_exc(file=sys.stderr)
    return {"id": request_id, "ok": False, "error": "bad_request"}


def main() -> int:
    """Serves requests until `shutdown` or the end of input, flushing after every line (ADP-4)."""
    return serve(handle)
