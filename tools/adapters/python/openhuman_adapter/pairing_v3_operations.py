"""The adapter operations of wire version 3's pairing (kit ADP-54, ADP-59, ADP-69, ADP-133): its
derived values, the core's channel and the phone, each channel through its steps and, once
paired, the session its commit started.

Every request is read whole before anything runs, so a malformed step is bad_request even where
the phone's message 1 cannot be built (low_order_key for the whole request).
"""

from openhuman_tunnel import core_pairing_v3, device_pairing_v3, pairing_v3
from openhuman_tunnel.core_pairing_v3 import CorePairingV3
from openhuman_tunnel.device_pairing_v3 import DevicePairingV3

from .channel_v3_steps import channel_step, optional_now, send_step
from .request_input import (
    array,
    channel_id,
    hex_bytes,
    optional_hex_bytes,
    safe_integer,
    step_kind,
    text,
)
from .steps import run_steps

_KEY_LENGTH = 32
_PAIRING_SECRET_LENGTH = 16  # `ps` (V3-PSK-1)


def _key(source: dict, name: str) -> bytes:
    return hex_bytes(source, name, _KEY_LENGTH)


def op_pairing_v3_values(inp: dict) -> dict:
    """The derived values of a version 3 pairing (ADP-59)."""
    cid, pairing_secret = channel_id(inp), hex_bytes(inp, "pairingSecret", _PAIRING_SECRET_LENGTH)
    device_nonce = _key(inp, "deviceNonce")
    values = pairing_v3.after_handshake(_key(inp, "handshakeHash"), device_nonce, _key(inp, "coreNonce"))
    return {
        "prologue": pairing_v3.prologue(cid).hex(),
        "psk": pairing_v3.psk(pairing_secret, cid).hex(),
        "commitment": pairing_v3.commitment(device_nonce).hex(),
        "code": values.code,
        "reconnectPsk": values.reconnect_psk.hex(),
    }


def _core_step(step):
    """Parse one pairing-v3-core step into (kind, arguments) before anything runs (ADP-54,
    ADP-133)."""
    kind, body = step_kind(step, ("receive", "confirm", "reject", "tick", "send"))
    if kind == "send":
        return kind, send_step(body)
    now = safe_integer(body, "now")
    if kind == "receive":
        return kind, (
            hex_bytes(body, "message"),
            now,
            optional_hex_bytes(body, "coreEphemeral", _KEY_LENGTH),
            optional_hex_bytes(body, "coreNonce", _KEY_LENGTH),
        )
    if kind == "confirm":  # the code the desktop's dialog showed
        return kind, (text(body, "code"), now)
    return kind, (now,)  # reject, tick


def _core_state(channel: CorePairingV3) -> dict:
    """The state after a step, with the members its state adds (ADP-54)."""
    result = {"state": channel.state, "attempts": channel.attempts}
    if channel.state == core_pairing_v3.CONFIRMING:
        result["code"] = channel.code
        result["deadline"] = channel.deadline
        result["confirmed"] = {"core": channel.core_confirmed, "device": channel.device_confirmed}
    elif channel.state == core_pairing_v3.PAIRED:
        result["devicePublicKey"] = channel.device_public_key.hex()
        result["reconnectPsk"] = channel.reconnect_psk.hex()
    return result


def op_pairing_v3_core(inp: dict) -> dict:
    """One version 3 channel of the core through its steps (ADP-54, ADP-133); every result shows
    the state after the step and the messages the core sent because of it."""
    channel = CorePairingV3(
        _key(inp, "coreStaticPrivate"),
        channel_id(inp),
        hex_bytes(inp, "pairingSecret", _PAIRING_SECRET_LENGTH),
        safe_integer(inp, "expiresAt"),
    )
    steps = [_core_step(step) for step in array(inp, "steps")]

    def after() -> dict:
        return {**_core_state(channel), "send": [message.hex() for message in channel.take_outgoing()]}

    return run_steps(steps, channel_step(channel), after=after)


def _device_step(step):
    """Parse one pairing-v3-device step into (kind, arguments) before anything runs (ADP-69,
    ADP-133)."""
    kind, body = step_kind(step, ("receive", "match", "refuse", "send"))
    if kind == "receive":
        return kind, (hex_bytes(body, "message"), optional_now(body))
    if kind == "match":  # the code the phone's screen showed
        return kind, (text(body, "code"), optional_now(body))
    if kind == "send":
        return kind, send_step(body)
    return kind, ()


def _device_state(phone: DevicePairingV3) -> dict:
    """The state after a step, with the members its state adds (ADP-69)."""
    result = {"state": phone.state}
    if phone.state == device_pairing_v3.CONFIRMING:
        result["code"] = phone.code
        result["confirmed"] = {"core": phone.core_confirmed, "device": phone.device_confirmed}
    elif phone.state == device_pairing_v3.PAIRED:
        result["reconnectPsk"] = phone.reconnect_psk.hex()
    return result


def op_pairing_v3_device(inp: dict) -> dict:
    """The phone of one version 3 pairing: its message 1, then its steps (ADP-69, ADP-133); every
    result shows the state after the step and the messages the phone sent because of it."""
    qr_code = (_key(inp, "corePublicKey"), channel_id(inp), hex_bytes(inp, "pairingSecret", _PAIRING_SECRET_LENGTH))
    device = (_key(inp, "deviceStaticPrivate"), _key(inp, "deviceEphemeral"), _key(inp, "deviceNonce"))
    steps = [_device_step(step) for step in array(inp, "steps")]
    phone = DevicePairingV3(*qr_code, *device)

    def after() -> dict:
        return {**_device_state(phone), "send": [message.hex() for message in phone.take_outgoing()]}

    return {"messageOne": phone.message_one.hex(), **run_steps(steps, channel_step(phone), after=after)}


PAIRING_V3_OPERATIONS = {
    "pairing-v3-values": op_pairing_v3_values,
    "pairing-v3-core": op_pairing_v3_core,
    "pairing-v3-device": op_pairing_v3_device,
}
