"""The adapter operation of wire version 3's session frames (kit ADP-130, ADP-131): one end of a
session, sealing and opening through its steps, and the peer's frames opened by the million.

Every request is read whole before anything runs, so a malformed step, or an `openMany` whose
counters the request's keys cannot reach, is bad_request for the whole request.
"""

from nacl.bindings import crypto_aead_chacha20poly1305_ietf_encrypt

from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.rekey import advance, epoch, first_counter
from openhuman_tunnel.session_v3 import DEVICE, HANDSHAKES, ROLES, ReceiverV3, SenderV3, SessionV3
from openhuman_tunnel.session_v3_frames import MAX_COUNTER, header, nonce
from openhuman_tunnel.session_v3_padding import pad

from .request_errors import BadRequest
from .request_input import array, counter, hex_bytes, json_object, safe_integer, step_kind
from .steps import run_steps

_KEY_LENGTH = 32
MAX_OPEN_MANY = 1 << 20  # 1,048,576 frames in one step
MAX_STRIDE = 8 << 16  # eight epochs: the farthest a receiver looks ahead (V3-REKEY-3)
_WINDOW_REACH = 2_047  # H mod 65,536 from which the window stays in H's epoch


def _choice(source: dict, name: str, choices: tuple[str, ...]) -> str:
    value = source.get(name)
    if value not in choices:
        raise BadRequest(f"{name}: expected one of {', '.join(choices)}")
    return value


def _bounded(source: dict, name: str, low: int, high: int) -> int:
    value = safe_integer(source, name)
    if not low <= value <= high:
        raise BadRequest(f"{name}: expected {low} to {high}")
    return value


def _optional_state(source: dict, name: str, counter_name: str) -> tuple[int, bytes] | None:
    """`sendState` or `receiveState`: a counter and the key of its epoch, or None when absent."""
    if source.get(name) is None:
        return None
    state = json_object(source[name])
    return counter(state, counter_name), hex_bytes(state, "key", _KEY_LENGTH)


class _PeerSealer:
    """The sender of the other role that `openMany` opens (ADP-131): it seals empty content at any
    counter its keys reach, each under the key of the counter's epoch, derived by REKEY from the
    last epoch it sealed in. It is the adapter's, not the library's: a real sender never chooses
    its counter (V3-SESS-2)."""

    __slots__ = ("_base", "_epoch", "_key")

    _EMPTY = pad(b"")  # 32 bytes: the length 0 and 30 zeros

    def __init__(self, key_epoch: int, key: bytes) -> None:
        self._base = (key_epoch, key)
        self._epoch, self._key = key_epoch, key

    def frame(self, frame_counter: int) -> bytes:
        frame_epoch = epoch(frame_counter)
        if frame_epoch != self._epoch:
            if frame_epoch < self._epoch:  # a later step may go back into the window: start over
                self._epoch, self._key = self._base
            self._key = advance(self._key, frame_epoch - self._epoch)
            self._epoch = frame_epoch
        frame_header = header(frame_counter)
        return frame_header + crypto_aead_chacha20poly1305_ietf_encrypt(
            self._EMPTY, frame_header, nonce(frame_header), self._key
        )


def _open_many(receiver: ReceiverV3, sealer: _PeerSealer, start: int, count: int, stride: int) -> dict:
    """Open `count` of the peer's frames at `start + i * stride`, stopping at the first refused.

    The counter is checked before the frame is sealed: a counter the receiver refuses at V3-FRAME-2
    step 3 is refused whatever the frame's bytes (its shape passes steps 1 and 2), and sealing it
    could cost the sealer up to 2^48 REKEYs to reach an epoch the receiver never derives.
    """
    check, open_frame, seal = receiver.check_counter, receiver.open, sealer.frame
    for index, frame_counter in enumerate(range(start, start + count * stride, stride)):
        try:
            check(frame_counter)
            open_frame(seal(frame_counter))
        except TunnelError as error:
            return {"opened": index, "error": error.code}
    return {"opened": count}


def _step(step, base_epoch: int):
    """One step, read whole (ADP-130, ADP-131): its kind and its arguments."""
    kind, body = step_kind(step, ("seal", "open", "openMany"))
    if kind == "seal":
        return kind, (hex_bytes(body, "plaintext"), safe_integer(body, "now"))
    if kind == "open":
        return kind, (hex_bytes(body, "frame"),)
    start = counter(body, "from")
    count = _bounded(body, "count", 0, MAX_OPEN_MANY)
    stride = _bounded(body, "stride", 1, MAX_STRIDE)
    if start < first_counter(base_epoch):
        raise BadRequest("openMany.from: below the first counter of the epoch the keys start at")
    if count and start + (count - 1) * stride > MAX_COUNTER - 1:
        raise BadRequest("openMany: the last counter is above 2^64 - 2")
    return kind, (start, count, stride)


def op_session_v3(inp: dict) -> dict:
    """One end of a version 3 session through its steps (ADP-130): seal answers the frame, open the
    content, openMany how many of the peer's frames opened; a refused step answers its error and
    the next step runs on the unchanged session."""
    role = _choice(inp, "role", ROLES)
    handshake = _choice(inp, "handshake", HANDSHAKES)
    device_to_core = hex_bytes(inp, "deviceToCore", _KEY_LENGTH)
    core_to_device = hex_bytes(inp, "coreToDevice", _KEY_LENGTH)
    started_at = safe_integer(inp, "startedAt")
    send_state = _optional_state(inp, "sendState", "counter")
    receive_state = _optional_state(inp, "receiveState", "highest")
    if receive_state is not None and receive_state[0] % (1 << 16) < _WINDOW_REACH:
        raise BadRequest("receiveState.highest: the window would reach the previous epoch")
    peer_key = core_to_device if role == DEVICE else device_to_core
    base_epoch, base_key = (0, peer_key) if receive_state is None else (epoch(receive_state[0]), receive_state[1])
    steps = [_step(step, base_epoch) for step in array(inp, "steps")]

    session = SessionV3(role, handshake, device_to_core, core_to_device, started_at)
    if send_state is not None:
        session.sender = SenderV3(send_state[1], send_state[0], started_at)
    if receive_state is not None:
        session.receiver = ReceiverV3.at(*receive_state)
    sealer = _PeerSealer(base_epoch, base_key)

    def apply(step) -> dict:
        kind, arguments = step
        if kind == "seal":
            return {"frame": session.seal(*arguments).hex()}
        if kind == "open":
            return {"plaintext": session.open(*arguments).hex()}
        return _open_many(session.receiver, sealer, *arguments)

    return run_steps(steps, apply)


SESSION_V3_OPERATIONS = {"session-v3": op_session_v3}
