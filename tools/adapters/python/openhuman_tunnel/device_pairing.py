"""One pairing as the device keeps it: its keys from the scan and one state of section 5.9
(DEV-STATE-1 to DEV-STATE-4).

Every handshake ends the session before it (DEV-STATE-2), a refused ack leaves the handshake
waiting with its deadline (DEV-STATE-3), and a deadline that passed drops `client_eph`, so nothing
that arrives after it, however genuine, can install a session. Time is an input in seconds; the
deadline passes at the first call with `now` later than it (the rule of RPC-5).
"""

from . import handshake
from .errors import UNEXPECTED_TYPE, TunnelError
from .frames import TYPE_HANDSHAKE, check_shape
from .session import DEVICE, SessionCipher

IDLE = "idle"
AWAITING_ACK = "awaiting-ack"
ESTABLISHED = "established"


class DevicePairing:
    """`phase` is the state's name; `_client_private` and `_deadline` are held in awaiting-ack,
    `_session` in established, nothing in idle."""

    __slots__ = ("_core_public", "_device_private", "_ack_timeout", "phase", "_client_private", "_deadline", "_session")

    def __init__(self, core_public: bytes, device_private: bytes, ack_timeout: int = 10) -> None:
        self._core_public, self._device_private, self._ack_timeout = core_public, device_private, ack_timeout
        self._become_idle()

    def _become_idle(self) -> None:
        self.phase, self._client_private, self._deadline, self._session = IDLE, None, None, None

    def expire(self, now: int) -> None:
        """DEV-STATE-3: a handshake whose deadline passed is forgotten, its client_eph dropped."""
        if self.phase == AWAITING_ACK and now > self._deadline:
            self._become_idle()

    def start(self, handshake_private: bytes, client_private: bytes, nonce: bytes, now: int) -> bytes:
        """DEV-STATE-2: send a new handshake from any state; the session and any earlier
        handshake end first, so neither survives a handshake that fails HS-3."""
        self._become_idle()
        message = handshake.device_start(
            self._core_public, self._device_private, handshake_private, client_private, nonce
        )
        self.phase, self._client_private, self._deadline = AWAITING_ACK, client_private, now + self._ack_timeout
        return message

    def receive(self, message: bytes, now: int):
        """DEV-STATE-4: ("established", keys) for an accepted ack, ("opened", plaintext) for a
        session frame; a refusal raises and changes nothing."""
        self.expire(now)
        if self.phase == IDLE:
            # Nothing is accepted in idle: 0x03 stands for "taken by no one" (a device never takes
            # a handshake), so every registered type is unexpected_type.
            check_shape(message[:1], TYPE_HANDSHAKE, 1)  # the type octet alone: no length bound applies
            raise TunnelError(UNEXPECTED_TYPE)
        if self.phase == AWAITING_ACK:
            keys = handshake.device_finish(message, self._core_public, self._device_private, self._client_private)
            self._become_idle()
            self.phase, self._session = ESTABLISHED, SessionCipher(DEVICE, keys)
            return "established", keys
        return "opened", self._session.open(message)
