"""The adapter operation of wire version 3's session frames (kit ADP-130, ADP-131): one end of a
session, sealing and opening through its steps, and the peer's frames opened by the million.

Every request is read whole before anything runs, so a malformed step, a state no session
reaches, or `openMany` counters outside ADP-131's bounds are bad_request for the whole request.
"""

from nacl.bindings import crypto_aead_chacha20poly1305_ietf_encrypt

from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.rekey import EPOCH_BITS, advance, epoch, first_counter
from openhuman_tunnel.session_v3 import DEVICE, EPOCHS_AHEAD, HANDSHAKES, ROLES, ReceiverV3, SenderV3, SessionV3
from openhuman_tunnel.session_v3_frames import COUNTER_LENGTH, MAX_COUNTER, NONCE_PREFIX, TYPE_SESSION_V3
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


_EMPTY = pad(b"")  # 32 bytes: the length 0 and 30 zeros
_TYPE_OCTET = bytes((TYPE_SESSION_V3,))


def _peer_sealer(key_epoch: int, key: bytes):
    """The one sender of the other role whose frames every `openMany` step of a request opens
    (ADP-131), as a function that seals empty content at a counter under the key of the counter's
    epoch, derived by REKEY from the key of the last epoch it sealed in (`key` of `key_epoch` at
    first). The request's checks make its counters increase and put each at most 8 epochs above
    the one before, so it only moves forward, derives at most 8 keys per frame, and genuinely seals
    every frame it is asked for. It is the adapter's, not the library's: a real sender never
    chooses its counter (V3-SESS-2).

    This is the per-frame path of a million-frame step: every name it calls is bound once, and it
    builds no object but the frame's bytes."""
    encrypt = crypto_aead_chacha20poly1305_ietf_encrypt
    empty, type_octet, nonce_prefix = _EMPTY, _TYPE_OCTET, NONCE_PREFIX

    def seal(frame_counter: int) -> bytes:
        nonlocal key_epoch, key
        frame_epoch = frame_counter >> EPOCH_BITS
        if frame_epoch != key_epoch:
            key = advance(key, frame_epoch - key_epoch)
            key_epoch = frame_epoch
        counter_bytes = frame_counter.to_bytes(COUNTER_LENGTH, "little")
        frame_header = type_octet + counter_bytes
        return frame_header + encrypt(empty, frame_header, nonce_prefix + counter_bytes, key)

    return seal


def _open_many(receiver: ReceiverV3, seal, start: int, count: int, stride: int) -> dict:
    """Open `count` of the peer's frames at `start + i * stride`, each sealed by the request's one
    peer sender, stopping at the first refused."""
    open_frame = receiver.open
    for index, frame_counter in enumerate(range(start, start + count * stride, stride)):
        try:
            open_frame(seal(frame_counter))
        except TunnelError as error:
            return {"opened": index, "error": error.code}
    return {"opened": count}


def _step(step):
    """One step, read whole (ADP-130, ADP-131): its kind and its arguments."""
    kind, body = step_kind(step, ("seal", "open", "openMany"))
    if kind == "seal":
        return kind, (hex_bytes(body, "plaintext"), safe_integer(body, "now"))
    if kind == "open":
        return kind, (hex_bytes(body, "frame"),)
    return kind, (
        counter(body, "from"),
        _bounded(body, "count", 0, MAX_OPEN_MANY),
        _bounded(body, "stride", 1, MAX_STRIDE),
    )


def _check_open_many(steps: list, base_epoch: int) -> None:
    """ADP-131's bounds over the request's `openMany` steps, before any step runs: for each step
    whose count is not 0, `from` above the previous such step's last counter (the first: at or
    above the first counter of the epoch the sender's keys start at), at most 8 epochs above that
    counter's epoch, and its last counter at most 2^64 - 2. Together with the stride's bound they
    keep the sealer moving forward, at most 8 REKEYs per frame."""
    previous = None
    for kind, arguments in steps:
        if kind != "openMany":
            continue
        start, count, stride = arguments
        if not count:
            continue
        if previous is None:
            previous = first_counter(base_epoch)
            if start < previous:
                raise BadRequest("openMany.from: below the first counter of the epoch the keys start at")
        elif start <= previous:
            raise BadRequest("openMany.from: not above the previous openMany's last counter")
        if epoch(start) - epoch(previous) > EPOCHS_AHEAD:
            raise BadRequest("openMany.from: more than 8 epochs above the sender's last counter")
        previous = start + (count - 1) * stride
        if previous > MAX_COUNTER - 1:
            raise BadRequest("openMany: the last counter is above 2^64 - 2")


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
    if send_state is not None and send_state[0] == MAX_COUNTER:
        raise BadRequest("sendState.counter: 2^64 - 1, where no sender seals")
    if receive_state is not None and receive_state[0] == MAX_COUNTER:
        raise BadRequest("receiveState.highest: 2^64 - 1, which no receiver accepts")
    if receive_state is not None and receive_state[0] % (1 << 16) < _WINDOW_REACH:
        raise BadRequest("receiveState.highest: the window would reach the previous epoch")
    peer_key = core_to_device if role == DEVICE else device_to_core
    base_epoch, base_key = (0, peer_key) if receive_state is None else (epoch(receive_state[0]), receive_state[1])
    steps = [_step(step) for step in array(inp, "steps")]
    _check_open_many(steps, base_epoch)

    session = SessionV3(role, handshake, device_to_core, core_to_device, started_at)
    if send_state is not None:
        session.sender = SenderV3(send_state[1], send_state[0], started_at)
    if receive_state is not None:
        session.receiver = ReceiverV3.at(*receive_state)
    seal_peer_frame = _peer_sealer(base_epoch, base_key)

    def apply(step) -> dict:
        kind, arguments = step
        if kind == "seal":
            return {"frame": session.seal(*arguments).hex()}
        if kind == "open":
            return {"plaintext": session.open(*arguments).hex()}
        return _open_many(session.receiver, seal_peer_frame, *arguments)

    return run_steps(steps, apply)


SESSION_V3_OPERATIONS = {"session-v3": op_session_v3}
