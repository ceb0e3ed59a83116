"""The adapter operation of wire version 3's session frames (kit ADP-130 to ADP-132): one end of
a session, sealing and opening frames, sending and receiving messages through its steps, and the
peer's frames opened by the million or carrying a generated message of up to 16 MiB.

Every request is read whole before anything runs, so a malformed step, a state no session
reaches, a `send` message above 1 MiB, or peer counters (`openMany`, `receiveGenerated`) outside
ADP-131's bounds are bad_request for the whole request. A generated message is built only when
its step runs, and one at a time.
"""

import hashlib

from nacl.bindings import crypto_aead_chacha20poly1305_ietf_encrypt

from openhuman_tunnel.envelope import MESSAGE_TOO_LARGE
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.rekey import EPOCH_BITS, advance, epoch
from openhuman_tunnel.session_v3 import (
    CORE,
    DEVICE,
    EPOCHS_AHEAD,
    FIRST_COUNTERS,
    HANDSHAKES,
    ROLES,
    ReceiverV3,
    SenderV3,
    SessionV3,
)
from openhuman_tunnel.session_v3_frames import COUNTER_LENGTH, MAX_COUNTER, NONCE_PREFIX, TYPE_SESSION_V3
from openhuman_tunnel.session_v3_padding import pad
from openhuman_tunnel.session_v3_records import (
    ID_MASK,
    MAX_MESSAGE,
    is_fragmented,
    record_count,
    records,
)

from .envelope_operations import MAX_GENERATED, generated_message, generated_minimum
from .request_errors import BadRequest
from .request_input import array, counter, hex_bytes, json_object, safe_integer, sent_message, step_kind, text
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
    """The one sender of the other role whose frames every `openMany` and `receiveGenerated` step
    of a request opens (ADP-131, ADP-132), as a function that seals at a counter under the key of
    the counter's epoch, derived by REKEY from the key of the last epoch it sealed in (`key` of `key_epoch` at
    first). The request's checks make its counters increase and put each at most 8 epochs above
    the one before, so it only moves forward, derives at most 8 keys per frame, and genuinely seals
    every frame it is asked for. It is the adapter's, not the library's: a real sender never
    chooses its counter (V3-SESS-2).

    It seals `padded`, content already padded (V3-PAD-1): empty for `openMany`, a record of a
    generated message for `receiveGenerated`. This is the per-frame path of a million-frame step:
    every name it calls is bound once, and it builds no object but the frame's bytes."""
    encrypt = crypto_aead_chacha20poly1305_ietf_encrypt
    type_octet, nonce_prefix = _TYPE_OCTET, NONCE_PREFIX

    def seal(frame_counter: int, padded: bytes = _EMPTY) -> bytes:
        nonlocal key_epoch, key
        frame_epoch = frame_counter >> EPOCH_BITS
        if frame_epoch != key_epoch:
            key = advance(key, frame_epoch - key_epoch)
            key_epoch = frame_epoch
        counter_bytes = frame_counter.to_bytes(COUNTER_LENGTH, "little")
        frame_header = type_octet + counter_bytes
        return frame_header + encrypt(padded, frame_header, nonce_prefix + counter_bytes, key)

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


class _Generated:
    """A generated message (ADP-61) as a step names it, checked when the request is read and built
    only when its step runs."""

    __slots__ = ("request_id", "seed", "length")

    def __init__(self, source) -> None:
        source = json_object(source)
        self.request_id = text(source, "requestId")
        self.seed = hex_bytes(source, "seed", 32)
        self.length = safe_integer(source, "length")
        if not generated_minimum(self.request_id) <= self.length <= MAX_GENERATED:
            raise BadRequest("generated.length: outside what ADP-61 allows for this requestId")

    def build(self) -> bytes:
        return generated_message(self.request_id, self.seed, self.length)


def _send(body: dict):
    """A `send` step's message: `message` in hex, at most 1 MiB, or `generated`, exactly one."""
    if ("message" in body) == ("generated" in body):
        raise BadRequest("send: expected exactly one of message, generated")
    if "generated" in body:
        return _Generated(body["generated"])
    return sent_message(body)


_KINDS = ("seal", "open", "openMany", "send", "receive", "receiveGenerated")


def _step(step):
    """One step, read whole (ADP-130 to ADP-132): its kind and its arguments."""
    kind, body = step_kind(step, _KINDS)
    if kind == "seal":
        return kind, (hex_bytes(body, "plaintext"), safe_integer(body, "now"))
    if kind in ("open", "receive"):
        return kind, (hex_bytes(body, "frame"),)
    if kind == "send":
        return kind, (_send(body), safe_integer(body, "now"))
    if kind == "receiveGenerated":
        return kind, (_Generated(body),)
    return kind, (
        counter(body, "from"),
        _bounded(body, "count", 0, MAX_OPEN_MANY),
        _bounded(body, "stride", 1, MAX_STRIDE),
    )


def _peer_counters(steps: list, first: int, key_epoch: int) -> list:
    """ADP-131's bounds over the peer sender's frames, before any step runs, and the counter each
    `receiveGenerated` step's frames start at (None for other steps).

    The one peer sender starts at `first` and only moves forward. For each `openMany` step whose
    count is not 0: `from` not below the sender's next counter (the first counter, or the one after
    the previous step's last), its epoch at most 8 above the epoch of the sealer's key at first
    (`key_epoch`, H's with receiveState) or of the previous step's last counter, and its last
    counter at most 2^64 - 2. A
    `receiveGenerated` step's frames take the next counters, one per record of its message (none
    for a message above 16 MiB, which the sender refuses), and their last counter is bounded the
    same way. Together with the stride's bound they keep the sealer moving forward, at most 8
    REKEYs per frame."""
    next_counter = first
    reference_epoch = key_epoch  # the epoch of the sealer's key, then of the previous step's last counter
    starts = []
    for kind, arguments in steps:
        start = None
        if kind == "openMany":
            start, count, stride = arguments
            if count:
                if start < next_counter:
                    raise BadRequest("openMany.from: below the peer sender's next counter")
                if epoch(start) - reference_epoch > EPOCHS_AHEAD:
                    raise BadRequest("openMany.from: more than 8 epochs above the sender's last counter")
                reference = start + (count - 1) * stride
        elif kind == "receiveGenerated":
            length = arguments[0].length
            count = record_count(length) if length <= MAX_MESSAGE else 0
            start = next_counter
            if count:
                reference = start + count - 1
        else:
            count = 0
        if count:
            if reference > MAX_COUNTER - 1:
                raise BadRequest(f"{kind}: the last counter is above 2^64 - 2")
            next_counter = reference + 1
            reference_epoch = epoch(reference)
        starts.append(start)
    return starts


def _send_result(session: SessionV3, message, now: int) -> dict:
    """ADP-132's `send`: the frames in hex, or for a generated message their number and the
    SHA-256 of all of them concatenated in order."""
    if not isinstance(message, _Generated):
        return {"frames": [frame.hex() for frame in session.send(message, now)]}
    frames = session.send(message.build(), now)
    digest = hashlib.sha256()
    for frame in frames:
        digest.update(frame)
    return {"frames": len(frames), "sha256": digest.hexdigest()}


def _delivered(message) -> dict | None:
    if message is None:
        return None
    return {"length": len(message), "sha256": hashlib.sha256(message).hexdigest()}


def op_session_v3(inp: dict) -> dict:
    """One end of a version 3 session through its steps (ADP-130 to ADP-132): seal answers the
    frame, open the content, openMany how many of the peer's frames opened, send a message's
    frames, receive the message a frame delivers, receiveGenerated how many of the peer's frames
    of a generated message were received and the message; a refused step answers its error and
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
    if receive_state is None:
        base_epoch, base_key = 0, peer_key
        peer_first = FIRST_COUNTERS[handshake][CORE if role == DEVICE else DEVICE]
    else:
        base_epoch, base_key = epoch(receive_state[0]), receive_state[1]
        peer_first = receive_state[0] + 1
    steps = [_step(step) for step in array(inp, "steps")]
    peer_starts = _peer_counters(steps, peer_first, base_epoch)

    session = SessionV3(role, handshake, device_to_core, core_to_device, started_at)
    if send_state is not None:
        session.sender = SenderV3(send_state[1], send_state[0], started_at)
    if receive_state is not None:
        session.receiver = ReceiverV3.at(*receive_state)
    seal_peer_frame = _peer_sealer(base_epoch, base_key)
    peer_fragment_id = 0  # the peer sender's count of fragmented messages (V3-FRAG-1)

    def receive_generated(generated: _Generated, start: int) -> dict:
        """The peer sender sends the generated message from `start` on; the session receives its
        frames in order and stops at the first refused (ADP-132)."""
        nonlocal peer_fragment_id
        if generated.length > MAX_MESSAGE:
            return {"frames": 0, "error": MESSAGE_TOO_LARGE}  # the sender refuses it, sends nothing
        message = generated.build()
        peer_records = records(message, peer_fragment_id)
        del message
        if is_fragmented(generated.length):
            peer_fragment_id = (peer_fragment_id + 1) & ID_MASK
        receive = session.receive
        delivered = None
        for index, record in enumerate(peer_records):
            try:
                delivered = receive(seal_peer_frame(start + index, pad(record)))
            except TunnelError as error:
                return {"frames": index, "error": error.code}
            peer_records[index] = None  # sent: the sender keeps no copy
        return {"frames": len(peer_records), "message": _delivered(delivered)}

    def apply(step) -> dict:
        (kind, arguments), start = step
        if kind == "seal":
            return {"frame": session.seal(*arguments).hex()}
        if kind == "open":
            return {"plaintext": session.open(*arguments).hex()}
        if kind == "send":
            return _send_result(session, *arguments)
        if kind == "receive":
            return {"message": _delivered(session.receive(*arguments))}
        if kind == "receiveGenerated":
            return receive_generated(arguments[0], start)
        return _open_many(session.receiver, seal_peer_frame, *arguments)

    return run_steps(list(zip(steps, peer_starts, strict=True)), apply)


SESSION_V3_OPERATIONS = {"session-v3": op_session_v3}
