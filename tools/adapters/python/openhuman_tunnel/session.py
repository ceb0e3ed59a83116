"""Session keys, the role-directed session cipher and its replay window (spec KDF-2, KDF-5,
FRAME-SEAL-*, FRAME-OPEN-*, REPLAY-*).

Session frame: 0x02 || nonce(24) || XChaCha20-Poly1305(direction key, nonce, plaintext), no AAD.
"""

import os
from collections import deque

from . import aead, hkdf, key_log
from .errors import PLAINTEXT_TOO_LARGE, REPLAYED, TunnelError
from .frames import (
    MAX_SESSION_PLAINTEXT,
    MIN_SESSION_FRAME,
    NONCE_LENGTH,
    TYPE_SESSION,
    check_shape,
)

DEVICE = "device"
CORE = "core"
ROLES = (DEVICE, CORE)

_INFO_C2S = b"openhuman-tunnel/v1/c2s"
_INFO_S2C = b"openhuman-tunnel/v1/s2c"
_KEY_LENGTH = 32


class SessionKeys:
    """The two direction keys of one session: c2s (device to core) and s2c (core to device)."""

    __slots__ = ("c2s", "s2c")

    def __init__(self, c2s: bytes, s2c: bytes) -> None:
        self.c2s = c2s
        self.s2c = s2c

    @classmethod
    def derive(
        cls, static_dh: bytes, ephemeral_dh: bytes, client_ephemeral_public: bytes, server_ephemeral_public: bytes
    ) -> "SessionKeys":
        """ikm = static_dh || eph_dh; salt = client_eph_pub || server_eph_pub (KDF-2).

        The static DH binds the session to both long-term keys, the ephemeral DH gives
        forward secrecy; distinct info labels give each direction its own key.
        """
        ikm = static_dh + ephemeral_dh
        salt = client_ephemeral_public + server_ephemeral_public
        prk = hkdf.extract(salt, ikm)
        keys = cls(hkdf.expand(prk, _INFO_C2S, _KEY_LENGTH), hkdf.expand(prk, _INFO_S2C, _KEY_LENGTH))
        key_log.session(client_ephemeral_public, server_ephemeral_public, keys.c2s, keys.s2c)
        return keys


class ReplayWindow:
    """The nonces of the most recent `capacity` accepted frames, oldest evicted first.

    A set gives O(1) membership (REPLAY-4); the deque remembers acceptance order so the
    129th recorded nonce evicts the oldest one (REPLAY-2). Only accepted frames are
    recorded, so a rejected frame can never push a genuine nonce out.
    """

    CAPACITY = 128

    __slots__ = ("_members", "_order")

    def __init__(self) -> None:
        self._members = set()
        self._order = deque()

    def __contains__(self, nonce: bytes) -> bool:
        return nonce in self._members

    def record(self, nonce: bytes) -> None:
        self._members.add(nonce)
        self._order.append(nonce)
        if len(self._order) > self.CAPACITY:
            self._members.discard(self._order.popleft())


class SessionCipher:
    """One side of a session: seals with its own direction key, opens with the peer's (KDF-5).

    The device seals with c2s and opens with s2c; the core the reverse. A frame reflected
    back to its sender therefore fails authentication.
    """

    __slots__ = ("_sealing_key", "_opening_key", "_window")

    def __init__(self, role: str, keys: SessionKeys) -> None:
        if role == DEVICE:
            self._sealing_key, self._opening_key = keys.c2s, keys.s2c
        elif role == CORE:
            self._sealing_key, self._opening_key = keys.s2c, keys.c2s
        else:
            raise ValueError("role must be 'device' or 'core'")
        self._window = ReplayWindow()

    def seal(self, plaintext: bytes, nonce: bytes | None = None) -> bytes:
        """Return 0x02 || nonce || ciphertext. Without `nonce`, 24 fresh bytes from the OS CSPRNG.

        An oversized plaintext is refused before any output and any state change (FRAME-SEAL-3).
        """
        if len(plaintext) > MAX_SESSION_PLAINTEXT:
            raise TunnelError(PLAINTEXT_TOO_LARGE)
        if nonce is None:
            nonce = os.urandom(NONCE_LENGTH)
        elif len(nonce) != NONCE_LENGTH:
            raise ValueError("a session nonce is 24 bytes")
        return bytes((TYPE_SESSION,)) + nonce + aead.seal(self._sealing_key, nonce, plaintext, b"")

    def open(self, frame: bytes) -> bytes:
        """Return the plaintext of `frame`, checking in the order of FRAME-OPEN-1.

        empty/type -> too short -> too large -> replayed -> auth_failed. The nonce is
        recorded only after authentication succeeds, so forged frames cannot fill or
        flush the window; on every error the session state is unchanged (FRAME-OPEN-7).
        """
        check_shape(frame, TYPE_SESSION, MIN_SESSION_FRAME)
        nonce = frame[1 : 1 + NONCE_LENGTH]
        if nonce in self._window:
            raise TunnelError(REPLAYED)
        plaintext = aead.open(self._opening_key, nonce, frame[1 + NONCE_LENGTH :], b"")
        self._window.record(nonce)
        return plaintext
