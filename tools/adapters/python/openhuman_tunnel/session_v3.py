"""A version 3 session: its two directions, the sender's counter and key epochs, the receiver's
replay window and epoch keys (V3-SESS-1, V3-SESS-2, V3-FRAME-1, V3-FRAME-2, V3-REKEY-2, V3-REKEY-3).

Each direction has its own key and counter. A frame's counter says which key sealed it, so the
sender rotates keys without a message and the receiver follows from the counter alone; the counter
is also what the replay window remembers, so a replay is refused in constant time and memory
whatever the session's length. Every refusal, of a sealing or an opening, leaves the state exactly
as it was: the receiver derives the keys of a later epoch into locals and commits them, with the
counter, only once the frame is accepted.
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
    REPLAYED,
    SESSION_EXHAUSTED,
    TunnelError,
)
from .rekey import EPOCH_BITS, EPOCH_LENGTH, advance, epoch, first_counter, rekey
from .session_v3_frames import HEADER_LENGTH, MAX_COUNTER, NONCE_PREFIX, check_shape, header, nonce
from .session_v3_padding import pad, unpad

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
        counter = self._counter
        if now - self._epoch_start >= REKEY_SECONDS and epoch(counter) == self._key_epoch:
            counter = first_counter(self._key_epoch + 1)
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

    def open(self, frame: bytes) -> bytes:
        """The content of `frame`, checked in V3-FRAME-2's order, the first failure its error.

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

    __slots__ = ("sender", "receiver")

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

    def seal(self, content: bytes, now: int) -> bytes:
        return self.sender.seal(content, now)

    def open(self, frame: bytes) -> bytes:
        return self.receiver.open(frame)
