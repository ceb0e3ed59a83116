"""The adapter operations of wire version 3's reconnection (kit ADP-128, ADP-129): the paired
core's channel and the paired phone, each through its steps.

Every request is read whole before anything runs, so a malformed step is bad_request even where
the phone's message 1 cannot be built (low_order_key for the whole request).
"""

from openhuman_tunnel.core_reconnect_v3 import CoreReconnectionV3
from openhuman_tunnel.device_reconnect_v3 import DeviceReconnectionV3

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


def _hash_or_null(reconnection) -> str | None:
    """A reconnection's final handshake hash in hex, or null when there is none."""
    return None if reconnection is None else reconnection.handshake_hash.hex()


def _core_step(step) -> tuple[bytes, int, bytes | None]:
    """One reconnect-v3-core step (ADP-128): the message, the core's clock, and the ephemeral key
    that answers it if it is a message 1 the core answers."""
    _, body = step_kind(step, ("receive",))
    return hex_bytes(body, "message"), safe_integer(body, "now"), optional_hex_bytes(body, "coreEphemeral", _KEY_LENGTH)


def op_reconnect_v3_core(inp: dict) -> dict:
    """One paired channel of the core, with no session yet, through its steps (ADP-128); every
    result shows what the core sent because of the step, and the committed and pending hashes
    after it, also after a refusal."""
    channel = CoreReconnectionV3(
        _key(inp, "coreStaticPrivate"), channel_id(inp), _key(inp, "devicePublicKey"), _key(inp, "reconnectPsk")
    )
    steps = [_core_step(step) for step in array(inp, "steps")]

    def apply(step) -> dict:
        channel.receive(*step)
        return {}

    def after() -> dict:
        return {
            "send": [message.hex() for message in channel.take_outgoing()],
            "session": _hash_or_null(channel.session),
            "pending": _hash_or_null(channel.pending),
        }

    return run_steps(steps, apply, after=after)


def _device_step(step) -> bytes:
    """One reconnect-v3-device step (ADP-129): a message from the core."""
    _, body = step_kind(step, ("receive",))
    return hex_bytes(body, "message")


def op_reconnect_v3_device(inp: dict) -> dict:
    """The paired phone's reconnection: its message 1, then its steps (ADP-129); every result
    shows the phone's state, what it sent because of the step, and the new session's hash once
    connected."""
    keys = (
        _key(inp, "corePublicKey"),
        channel_id(inp),
        _key(inp, "deviceStaticPrivate"),
        _key(inp, "deviceEphemeral"),
        _key(inp, "reconnectPsk"),
    )
    steps = [_device_step(step) for step in array(inp, "steps")]
    phone = DeviceReconnectionV3(*keys)

    def apply(message: bytes) -> dict:
        phone.receive(message)
        return {}

    def after() -> dict:
        return {
            "state": phone.state,
            "send": [message.hex() for message in phone.take_outgoing()],
            "session": None if phone.handshake_hash is None else phone.handshake_hash.hex(),
        }

    return {"messageOne": phone.message_one.hex(), **run_steps(steps, apply, after=after)}


RECONNECT_V3_OPERATIONS = {
    "reconnect-v3-core": op_reconnect_v3_core,
    "reconnect-v3-device": op_reconnect_v3_device,
}
