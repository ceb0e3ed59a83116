"""The core's session opener and sealer (spec MEMORY-1, MEMORY-2, KEYCONF-5).

The core opens with c2s and seals with s2c (KDF-5). It executes requests, so it remembers the
nonce of every frame it accepted in the session, not only the last 128: a relay that recorded a
request cannot have it executed again after any number of newer frames. The memory is a set of
the nonces' first 16 bytes (MEMORY-3: honest nonces collide that way with probability below
2^-89 in 2^20 frames, and a collision only refuses one honest frame). The set's hash must be
secret from the device, which holds the session key and chooses its nonces and could otherwise
pile them into one probe chain: Python hashes bytes with SipHash under a random per-process key,
which holds as long as PYTHONHASHSEED is not fixed.

After `bound` accepted frames the session is exhausted: a remembered nonce is still `replayed`,
any other frame is `session_exhausted` without being opened, and nothing is sealed; the device
must run a new handshake.
"""

import os

from . import aead
from .errors import PLAINTEXT_TOO_LARGE, REPLAYED, SESSION_EXHAUSTED, TunnelError
from .frames import MAX_SESSION_PLAINTEXT, MIN_SESSION_FRAME, NONCE_LENGTH, TYPE_SESSION, check_shape
from .session import SessionKeys

# MEMORY-2 allows 65,536 or 1,048,576. 2^20 AEAD opens in Python take longer than the
# runner's per-request timeout, so this implementation takes the smaller bound.
SESSION_BOUND = 65_536

_MEMORY_KEY_LENGTH = 16


class CoreSession:
    """One session at the core: its keys, the first 16 bytes of every accepted nonce, the count."""

    __slots__ = ("_opening_key", "_sealing_key", "_memory", "_bound", "_filled")

    def __init__(self, keys: SessionKeys, bound: int = SESSION_BOUND) -> None:
        self._opening_key = keys.c2s
        self._sealing_key = keys.s2c
        self._memory = set()
        self._bound = bound
        self._filled = False

    @property
    def exhausted(self) -> bool:
        return self._filled or len(self._memory) >= self._bound

    def exhaust(self) -> None:
        """Exhausted as if `bound` frames had been accepted, without them; the memory stays. For the
        adapter protocol's fillSession (ADP-55): no vector can send 2^20 frames."""
        self._filled = True

    def remembers(self, frame: bytes) -> bool:
        """FRAME-OPEN-5 / MEMORY-1 for the nonce frame[1:25] of a shape-checked frame."""
        return frame[1 : 1 + _MEMORY_KEY_LENGTH] in self._memory

    def authenticate(self, frame: bytes) -> bytes:
        """FRAME-OPEN-6 alone: open frame[25:] under c2s; changes nothing."""
        return aead.open(self._opening_key, frame[1 : 1 + NONCE_LENGTH], frame[1 + NONCE_LENGTH :], b"")

    def record(self, frame: bytes) -> None:
        """FRAME-OPEN-7: remember an authenticated frame's nonce (and count it)."""
        self._memory.add(frame[1 : 1 + _MEMORY_KEY_LENGTH])

    def open(self, frame: bytes) -> bytes:
        """Envelope, `replayed`, then the AEAD unless exhausted; only an accepted frame changes state."""
        check_shape(frame, TYPE_SESSION, MIN_SESSION_FRAME)
        if self.remembers(frame):
            raise TunnelError(REPLAYED)
        if self.exhausted:
            raise TunnelError(SESSION_EXHAUSTED)
        plaintext = self.authenticate(frame)
        self.record(frame)
        return plaintext

    def seal(self, plaintext: bytes, nonce: bytes | None = None) -> bytes:
        """KEYCONF-5 (`session_exhausted`) then FRAME-SEAL-3, both before a nonce is drawn."""
        if self.exhausted:
            raise TunnelError(SESSION_EXHAUSTED)
        if len(plaintext) > MAX_SESSION_PLAINTEXT:
            raise TunnelError(PLAINTEXT_TOO_LARGE)
        if nonce is None:
            nonce = os.urandom(NONCE_LENGTH)
        return bytes((TYPE_SESSION,)) + nonce + aead.seal(self._sealing_key, nonce, plaintext, b"")
