"""The adapter operations of wire version 3's reconnection (kit ADP-128, ADP-129, ADP-133): the
paired core's channel and the paired phone, each through its steps and the frames of the session
a reconnection committed.

Every request is read whole before anything runs, so a malformed step is bad_request even where
the phone's message 1 cannot be built (low_order_key for the whole request).
"""

from openhuman_tunnel.core_reconnect_v3 import CoreReconnectionV3
from openhuman_tunnel.device_reconnect_v3 import DeviceReconnectionV3

from .channel_v3_steps import channel_step, optional_now, send_step
from .request_input import (
    array,
    channel_id,
    hex_bytes,
    optional_hex_bytes,
    safe_integer,
    step_kind,
)
from .steps import run_steps

_KEY_LENGTH = 32


def _key(source: dict, name: str) -> bytes:
    return hex_bytes(source, name, _KEY_LENGTH)


def _hex_or_null(value: bytes | None) -> str | None:
    """A handshake hash in hex, or null when there is none."""
    return None if value is None else value.hex()


def _core_step(step):
    """One reconnect-v3-core step (ADP-128, ADP-133) as (kind, arguments): a receive's message,
    the core's clock, and the ephemeral key that answers it if it is a message 1 the core answers;
    or a send."""
    kind, body = step_kind(step, ("receive", "send"))
    if kind == "send":
        return kind, send_step(body)
    return kind, (
        hex_bytes(body, "message"),
        safe_integer(body, "now"),
        optional_hex_bytes(body, "coreEphemeral", _KEY_LENGTH),
    )


def op_reconnect_v3_core(inp: dict) -> dict:
    """One paired channel of the core, with no session yet, through its steps (ADP-128, ADP-133);
    every result shows what the core sent because of the step, and the committed and pending
    hashes after it, also after a refusal."""
    channel = CoreReconnectionV3(
        _key(inp, "coreStaticPrivate"), channel_id(inp), _key(inp, "devicePublicKey"), _key(inp, "reconnectPsk")
    )
    steps = [_core_step(step) for step in array(inp, "steps")]

    def after() -> dict:
        pending = channel.pending
        return {
            "send": [message.hex() for message in channel.take_outgoing()],
            "session": _hex_or_null(channel.handshake_hash),
            "pending": None if pending is None else pending.handshake_hash.hex(),
        }

    return run_steps(steps, channel_step(channel), after=after)


def _device_step(step):
    """One reconnect-v3-device step (ADP-129, ADP-133) as (kind, arguments): a message from the
    core with the phone's optional clock, or a send."""
    kind, body = step_kind(step, ("receive", "send"))
    if kind == "send":
        return kind, send_step(body)
    return kind, (hex_bytes(body, "message"), optional_now(body))


def op_reconnect_v3_device(inp: dict) -> dict:
    """The paired phone's reconnection: its message 1, then its steps (ADP-129, ADP-133); every
    result shows the phone's state, what it sent because of the step, and the new session's hash
    once connected."""
    keys = (
        _key(inp, "corePublicKey"),
        channel_id(inp),
        _key(inp, "deviceStaticPrivate"),
        _key(inp, "deviceEphemeral"),
        _key(inp, "reconnectPsk"),
    )
    steps = [_device_step(step) for step in array(inp, "steps")]
    phone = DeviceReconnectionV3(*keys)

    def after() -> dict:
        return {
            "state": phone.state,
            "send": [message.hex() for message in phone.take_outgoing()],
            "session": _hex_or_null(phone.handshake_hash),
        }

    return {"messageOne": phone.message_one.hex(), **run_steps(steps, channel_step(phone), after=after)}


RECONNECT_V3_OPERATIONS = {
    "reconnect-v3-core": op_reconnect_v3_core,
    "reconnect-v3-device": op_reconnect_v3_device,
}
