"""A version 3 session: its two directions, the sender's counter and key epochs, the receiver's
replay window and epoch keys (V3-SESS-1, V3-SESS-2, V3-FRAME-1, V3-FRAME-2, V3-REKEY-2, V3-REKEY-3).

Each direction has its own key and counter. A frame's counter says which key sealed it, so the
sender rotates keys without a message and the receiver follows from the counter alone; the counter
is also what the replay window remembers, so a replay is refused in constant time and memory
whatever the session's length. Every refusal, of a sealing or an opening, leaves the state exactly
as it was: the receiver derives the keys of a later epoch into locals and commits them, with the
counter, only once the frame is accepted.

Above the frames, a session sends and receives messages as records (V3-FRAG-1 to V3-FRAG-3,
`session_v3_records.py`): a message is sent whole or fragmented, all its frames or none, and a
received frame's record is checked before the frame is accepted, so a refused record leaves its
counter unrecorded.
"""

from nacl.bindings import (
    crypto_aead_chacha20poly1305_ietf_decrypt,
    crypto_aead_chacha20poly1305_ietf_encrypt,
)
from nacl.exceptions import CryptoError

from .counter_window import WIDTH, CounterWindow
from .errors import (
    AUTH_FAILED,
    COUNTER_OUT_OF_RANGE,
    PLAINTEXT_TOO_LARGE,
    REPLAYED,
    SESSION_EXHAUSTED,
    TunnelError,
)
from .rekey import EPOCH_BITS, EPOCH_LENGTH, advance, epoch, first_counter, rekey
from .session_v3_frames import HEADER_LENGTH, MAX_COUNTER, NONCE_PREFIX, check_shape, header, nonce
from .session_v3_padding import MAX_CONTENT, pad, unpad
from .session_v3_records import ID_MASK, Reassembly, is_fragmented, records

DEVICE = "device"
CORE = "core"
ROLES = (DEVICE, CORE)
PAIRING = "pairing"
RECONNECTION = "reconnection"
HANDSHAKES = (PAIRING, RECONNECTION)

# V3-SESS-1: each direction continues after the transport messages its handshake sealed. After a
# pairing the device sealed the reveal and its answer (0, 1), the core its answer (0); after a
# reconnection the device sealed the key confirmation (0).
FIRST_COUNTERS = {
    PAIRING: {DEVICE: 2, CORE: 1},
    RECONNECTION: {DEVICE: 1, CORE: 0},
}

REKEY_SECONDS = 120  # WireGuard's rekey interval (V3-REKEY-2)
EPOCHS_AHEAD = 8  # the most REKEYs a forged frame can cost a receiver before its tag is checked
_EPOCH_MASK = EPOCH_LENGTH - 1


class SenderV3:
    """One direction's sealing end: the next counter, the key of the epoch it last sealed in (or
    the session's first), and when that epoch started."""

    __slots__ = ("_counter", "_key", "_key_epoch", "_epoch_start")

    def __init__(self, key: bytes, counter: int, started_at: int) -> None:
        """`key` is the key of `counter`'s epoch, and that epoch started at `started_at`. A session
        starts at epoch 0 (V3-SESS-1); any other state is a test vector's (V3-SESS-2, kit ADP-130),
        which production code never sets."""
        if not 0 <= counter <= MAX_COUNTER:
            raise ValueError("a counter is 0 to 2^64 - 1")
        self._counter = counter
        self._key = key
        self._key_epoch = epoch(counter)
        self._epoch_start = started_at

    @property
    def next_counter(self) -> int:
        return self._counter

    def seal(self, content: bytes, now: int) -> bytes:
        """The frame of `content` at the next counter (V3-FRAME-1), then the counter moves on.

        Checked before anything changes: the content's size (plaintext_too_large), then the
        counter (session_exhausted at 2^64 - 1, Noise's reserved nonce, or when the rotation by
        time would move it past). A key in use for 120 s first moves the counter to the next
        epoch's first (V3-REKEY-2), unless the counter already reached a later epoch than the
        key's by count: "already is one" means the first counter of an epoch not yet started, so a
        counter that is the first of the current epoch (0 at the session's start, or a test
        vector's state) still moves. Sealing the first frame of a later epoch replaces the key, so
        no key of an earlier epoch is kept, and starts that epoch's clock.
        """
        padded = pad(content)
        counter = self._counter_at(now)
        if counter >= MAX_COUNTER:
            raise TunnelError(SESSION_EXHAUSTED)
        counter_epoch = epoch(counter)
        key = advance(self._key, counter_epoch - self._key_epoch)
        frame_header = header(counter)
        frame = frame_header + crypto_aead_chacha20poly1305_ietf_encrypt(padded, frame_header, nonce(frame_header), key)
        if counter_epoch != self._key_epoch:
            self._key, self._key_epoch, self._epoch_start = key, counter_epoch, now
        self._counter = counter + 1
        return frame

    def _counter_at(self, now: int) -> int:
        """The counter the next frame sealed at `now` takes: the next counter, or the next epoch's
        first when the key has been in use for 120 s and the count has not already reached a later
        epoch (V3-REKEY-2)."""
        counter = self._counter
        if now - self._epoch_start >= REKEY_SECONDS and epoch(counter) == self._key_epoch:
            counter = first_counter(self._key_epoch + 1)
        return counter

    def seal_all(self, contents: list[bytes], now: int) -> list[bytes]:
        """The frames of `contents` at consecutive counters, all or none: every content's size
        (plaintext_too_large) and the room for all of them below 2^64 - 1 (session_exhausted) are
        checked before the first is sealed, so a refused message leaves the sender as it was. Only
        the first frame can rotate by time: it starts a new epoch at `now` or finds the key
        younger than 120 s, and the others follow it by count."""
        if any(len(content) > MAX_CONTENT for content in contents):
            raise TunnelError(PLAINTEXT_TOO_LARGE)
        if contents and self._counter_at(now) + len(contents) - 1 >= MAX_COUNTER:
            raise TunnelError(SESSION_EXHAUSTED)
        seal = self.seal
        return [seal(content, now) for content in contents]


class ReceiverV3:
    """One direction's opening end: the replay window, the key of H's epoch (epoch 0 before any
    H), and the key of the epoch before it only while the window reaches into that epoch (H mod
    65,536 below 2,047)."""

    __slots__ = ("_window", "_key", "_key_epoch", "_previous_key")

    def __init__(self, key: bytes, first_counter_of_peer: int) -> None:
        """A session's receiver (V3-SESS-1): `key` is the peer's direction key of epoch 0, and every
        counter below the peer's first counter counts as accepted."""
        self._window = CounterWindow.accepted_below(first_counter_of_peer)
        self._key = key
        self._key_epoch = 0
        self._previous_key = None

    @classmethod
    def at(cls, highest: int, key: bytes) -> "ReceiverV3":
        """A test vector's receiver (V3-SESS-2, kit ADP-130): H = `highest` with every counter of
        its window accepted, `key` the key of H's epoch and no earlier key, which needs a window
        that does not reach into the epoch before (H mod 65,536 at least 2,047). H is below
        2^64 - 1, a counter no receiver accepts (V3-SESS-2)."""
        if not 0 <= highest < MAX_COUNTER or highest & _EPOCH_MASK < WIDTH - 1:
            raise ValueError("H mod 65,536 must be at least 2,047 and H below 2^64 - 1")
        receiver = cls(key, 0)
        receiver._window = CounterWindow.full(highest)
        receiver._key_epoch = epoch(highest)
        return receiver

    @property
    def highest(self) -> int | None:
        return self._window.highest

    def open(self, frame: bytes, check=None):
        """The content of `frame`, checked in V3-FRAME-2's order, the first failure its error.

        With `check`, the content is also read by `check` after step 5 and before the frame is
        accepted (V3-FRAG-2): an error it raises refuses the frame, leaving the receiver as it was,
        and what it returns is answered instead of the content.

        Step 3 checks the counter first against the epochs (counter_out_of_range: 2^64 - 1, or more
        than 8 epochs above H's, V3-REKEY-3), then against the window (replayed, V3-WINDOW-2),
        before any key is derived. A frame of a later epoch is opened under keys derived into
        locals; only an accepted frame records its counter and moves the keys (V3-WINDOW-3,
        V3-REKEY-3), so a forged or refused frame changes nothing and the genuine frame at its
        counter still opens. This is the per-frame path of a million-frame vector, so it calls
        little and builds nothing it does not need.
        """
        check_shape(frame)
        counter_bytes = frame[1:HEADER_LENGTH]
        counter = int.from_bytes(counter_bytes, "little")
        key_epoch = self._key_epoch
        frame_epoch = counter >> EPOCH_BITS
        if counter == MAX_COUNTER or frame_epoch - key_epoch > EPOCHS_AHEAD:
            raise TunnelError(COUNTER_OUT_OF_RANGE)
        window = self._window
        if not window.is_new(counter):
            raise TunnelError(REPLAYED)
        new_previous = None
        if frame_epoch == key_epoch:
            key = self._key
        elif frame_epoch < key_epoch:
            key = self._previous_key  # in the window, so H mod 65,536 < 2,047 and it is kept
        else:
            new_previous = advance(self._key, frame_epoch - key_epoch - 1)
            key = rekey(new_previous)
        try:
            padded = crypto_aead_chacha20poly1305_ietf_decrypt(
                frame[HEADER_LENGTH:], frame[:HEADER_LENGTH], NONCE_PREFIX + counter_bytes, key
            )
        except CryptoError:
            raise TunnelError(AUTH_FAILED) from None
        content = unpad(padded)
        if check is not None:
            content = check(content)
        window.record(counter)
        if new_previous is not None:
            self._key, self._key_epoch, self._previous_key = key, frame_epoch, new_previous
        if self._previous_key is not None and window.highest & _EPOCH_MASK >= WIDTH - 1:
            self._previous_key = None  # the window no longer reaches into the earlier epoch
        return content


class SessionV3:
    """One end of a version 3 session: it seals with its own direction's key and counter and opens
    the peer's. The device seals with the device-to-core key (Split()'s first), the core with the
    core-to-device key, so a frame sent back to its sender fails its tag."""

    __slots__ = ("sender", "receiver", "reassembly", "_fragment_id")

    def __init__(
        self, role: str, handshake: str, device_to_core: bytes, core_to_device: bytes, started_at: int
    ) -> None:
        if role not in ROLES or handshake not in HANDSHAKES:
            raise ValueError("role is 'device' or 'core', handshake 'pairing' or 'reconnection'")
        peer = CORE if role == DEVICE else DEVICE
        sealing, opening = (device_to_core, core_to_device) if role == DEVICE else (core_to_device, device_to_core)
        first = FIRST_COUNTERS[handshake]
        self.sender = SenderV3(sealing, first[role], started_at)
        self.receiver = ReceiverV3(opening, first[peer])
        self.reassembly = Reassembly()
        self._fragment_id = 0  # the number of messages fragmented so far, modulo 2^32

    def seal(self, content: bytes, now: int) -> bytes:
        """One frame of raw content (a record is the caller's business)."""
        return self.sender.seal(content, now)

    def open(self, frame: bytes) -> bytes:
        """The raw content of one frame, not read as a record."""
        return self.receiver.open(frame)

    def send(self, message: bytes, now: int) -> list[bytes]:
        """The frames of `message`, in order (V3-FRAG-1): one whole record, or its fragments under
        the next fragment id. All or nothing: message_too_large, or a sender that cannot seal them
        all (session_exhausted), sends nothing and changes nothing, and the id is spent only on a
        message sent."""
        fragment_id = self._fragment_id
        frames = self.sender.seal_all(records(message, fragment_id), now)
        if is_fragmented(len(message)):
            self._fragment_id = (fragment_id + 1) & ID_MASK
        return frames

    def receive(self, frame: bytes) -> bytes | None:
        """The message `frame` delivers, or None when it keeps a fragment (V3-FRAG-2). The record
        is checked before the frame is accepted, so a refused record leaves the session as it was,
        its counter unrecorded, and the genuine frame at that counter is still received."""
        reassembly = self.reassembly
        return reassembly.apply(self.receiver.open(frame, reassembly.check))
