"""One channel at the core with key confirmation and pairing confirmation (spec KEYCONF-1..6,
CONFIRM-1..5): the channel state, the current session and a slot for one pending handshake.

A handshake proves nothing about its sender (k_hs needs only the public core key), so an
accepted handshake only takes the slot: the channel and its live session change when the first
frame under the slot's keys authenticates, which only the holder of the device's private keys
can seal. A first pairing then waits, delivering nothing, until the user compares the six digits
and confirms, or rejects, or the deadline passes.
"""

from . import handshake
from .core_session import SESSION_BOUND, CoreSession
from .errors import (
    AUTH_FAILED,
    CHANNEL_REVOKED,
    NO_SESSION,
    NOT_CONFIRMING,
    PAIRING_EXPIRED,
    PAIRING_UNCONFIRMED,
    REPLAYED,
    SESSION_EXHAUSTED,
    STALE_CONFIRMATION,
    TOO_MANY_ATTEMPTS,
    TunnelError,
)
from .frames import MIN_SESSION_FRAME, TYPE_SESSION, check_shape
from .handshake import Confirming, Paired, Pending, Revoked
from .handshake_rate import HandshakeRate

CONFIRM_TIMEOUT_SECONDS = 120  # CONFIRM-1
PENDING_GRACE_SECONDS = 60  # KEYCONF-3 step 3
SIGNAL_REVOKE = "tunnel:revoke"  # SIG-CORE-2: what a revocation by the core owes the relay
PENDING_DEVICE_KEY_LIMIT = 3  # KEYCONF-7: a lost ack, a new scan, a second phone; a fourth saw the QR code
PENDING_HANDSHAKE_LIMIT = 5  # KEYCONF-7: the phone's handshake and a few retries; each ack reveals a code


class CoreChannel:
    """A channel issued (pending) or restored (paired, revoked) in `state`: no session, empty slot (CHAN-7)."""

    __slots__ = (
        "_core_static_private",
        "state",
        "_current",
        "_current_client_ephemeral",
        "slot",
        "_bound",
        "_pending_device_keys",
        "_pending_client_ephemerals",
        "_rate",
        "_signals",
    )

    def __init__(self, core_static_private: bytes, state, bound: int = SESSION_BOUND) -> None:
        self._core_static_private = core_static_private
        self.state = state
        self._current = None
        self.slot = None  # a handshake.Opened waiting for its first frame
        self._bound = bound
        self._pending_device_keys = []  # KEYCONF-7: distinct device keys admitted while pending
        self._signals = []  # SIG-CORE-2: the signalling events owed to the relay since take_signals
        self._pending_client_ephemerals = []  # KEYCONF-7, HS-4-9: one per handshake admitted while pending
        self._current_client_ephemeral = None  # HS-4-9: that of the handshake that made the current session
        self._rate = HandshakeRate()  # HS-RATE-1, in every state

    # --- time and revocation ---------------------------------------------------------

    def _revoke(self) -> None:
        """CHAN-4, CONFIRM-3 case 2: revocation ends the session at once. It is always the core's
        own decision (SIG-CORE-3), so it owes the relay tunnel:revoke (SIG-CORE-2): the one place
        a channel becomes revoked."""
        if not isinstance(self.state, Revoked):
            self._signals.append(SIGNAL_REVOKE)
        self.state = Revoked()
        self._current = None
        self._current_client_ephemeral = None
        self.slot = None

    def _apply_timeout(self, now: int) -> None:
        """CONFIRM-3 case 3: the first input after the deadline finds the channel revoked."""
        if isinstance(self.state, Confirming) and now > self.state.deadline:
            self._revoke()

    def tick(self, now: int) -> None:
        """A timer of the core: the timeout alone."""
        self._apply_timeout(now)

    def restart(self, now: int) -> None:
        """The core stopped and started again (CHAN-7): a paired channel loses its session and
        slot; a pending (CLOCK-3) or confirming (CONFIRM-6) one is revoked, since its window was
        measured on a monotonic clock that starts again."""
        self._apply_timeout(now)
        if isinstance(self.state, (Pending, Confirming)):
            self._revoke()
        else:
            self._current = None
            self._current_client_ephemeral = None
            self.slot = None

    def relay_revoked(self, now: int) -> None:
        """The relay's tunnel:revoked: the relay is not trusted to end pairings, so nothing
        changes but the timeout (SIG-CORE-3)."""
        self._apply_timeout(now)

    def take_signals(self) -> list:
        """The signalling events owed since the last call (SIG-CORE-2), emptied."""
        signals, self._signals = self._signals, []
        return signals

    # --- handshakes ------------------------------------------------------------------

    def handshake(self, frame: bytes, now: int, server_ephemeral_private: bytes, ack_nonce: bytes) -> handshake.Opened:
        """HS-4 with KEYCONF-1, KEYCONF-2, CONFIRM-5 (none while confirming): the handshake takes the
        slot; nothing else changes."""
        self._apply_timeout(now)
        opened = handshake.core_open(
            frame,
            self._core_static_private,
            self.state,
            now,
            server_ephemeral_private,
            ack_nonce,
            None if self.slot is None else self.slot.handshake_ephemeral,
            self._refused_client_ephemerals(),
            self._rate,
        )
        self._admit(opened)
        self.slot = opened  # one pending handshake per channel; the newer replaces it
        return opened

    def _refused_client_ephemerals(self) -> list:
        """HS-4-9 (R3-16): every client_eph a pending channel admitted; else the slot's and the session's."""
        if isinstance(self.state, Pending):
            return self._pending_client_ephemerals
        held = (None if self.slot is None else self.slot.client_ephemeral, self._current_client_ephemeral)
        return [key for key in held if key is not None]

    def _admit(self, opened) -> None:
        """KEYCONF-7: a pending channel admits at most 5 handshakes and 3 distinct device keys; the
        handshake beyond either bound revokes it."""
        if not isinstance(self.state, Pending):
            return
        new_key = opened.device_public_key not in self._pending_device_keys
        too_many_keys = new_key and len(self._pending_device_keys) >= PENDING_DEVICE_KEY_LIMIT
        if too_many_keys or len(self._pending_client_ephemerals) >= PENDING_HANDSHAKE_LIMIT:
            self._revoke()
            raise TunnelError(TOO_MANY_ATTEMPTS)
        if new_key:
            self._pending_device_keys.append(opened.device_public_key)
        self._pending_client_ephemerals.append(opened.client_ephemeral)

    def attempts(self):
        """ADP-53, SAS-3: (handshakes, distinct device keys) admitted while pending, shown while the
        channel is pending or confirming; None once it is paired or revoked."""
        if not isinstance(self.state, (Pending, Confirming)):
            return None
        return len(self._pending_client_ephemerals), len(self._pending_device_keys)

    # --- frames ----------------------------------------------------------------------

    def _commit(self, fresh: CoreSession, now: int) -> None:
        """KEYCONF-4, one step: the slot becomes the session, the old session ends, the state moves on."""
        device, ephemeral = self.slot.device_public_key, self.slot.handshake_ephemeral
        state = self.state
        if isinstance(state, Pending):
            self.state = Confirming(device, ephemeral, now + CONFIRM_TIMEOUT_SECONDS)
        else:  # paired; a confirming channel has an empty slot (CONFIRM-5)
            self.state = Paired(device, ephemeral)
        self._current = fresh
        self._current_client_ephemeral = self.slot.client_ephemeral
        self.slot = None

    def _open_session_frame(self, frame: bytes, now: int) -> bytes:
        """KEYCONF-3 steps 5 to 8."""
        current = self._current
        if current is not None and current.remembers(frame):
            raise TunnelError(REPLAYED)
        if current is not None and not current.exhausted:
            try:
                plaintext = current.authenticate(frame)
            except TunnelError:
                pass
            else:
                current.record(frame)
                return plaintext
        if self.slot is not None:
            fresh = CoreSession(self.slot.keys, self._bound)
            try:
                plaintext = fresh.authenticate(frame)
            except TunnelError:
                pass
            else:
                fresh.record(frame)
                self._commit(fresh, now)
                return plaintext
        raise TunnelError(SESSION_EXHAUSTED if current is not None and current.exhausted else AUTH_FAILED)

    def open(self, frame: bytes, now: int) -> bytes:
        """KEYCONF-3: the plaintext when delivered; `pairing_unconfirmed` for an accepted frame
        on a confirming channel (its nonce is recorded, a commit may have happened, CONFIRM-2)."""
        self._apply_timeout(now)
        check_shape(frame, TYPE_SESSION, MIN_SESSION_FRAME)
        state = self.state
        if isinstance(state, Revoked):
            raise TunnelError(CHANNEL_REVOKED)
        # Grace: a handshake accepted in time commits only up to 60 s after expiry.
        if isinstance(state, Pending) and now > state.expires_at + PENDING_GRACE_SECONDS:
            raise TunnelError(PAIRING_EXPIRED)
        if self._current is None and self.slot is None:
            raise TunnelError(NO_SESSION)
        plaintext = self._open_session_frame(frame, now)
        if isinstance(self.state, Confirming):
            raise TunnelError(PAIRING_UNCONFIRMED)
        return plaintext

    def seal(self, plaintext: bytes, nonce: bytes, now: int) -> bytes:
        """KEYCONF-5: revoked, no session, confirming, then the session's own checks."""
        self._apply_timeout(now)
        if isinstance(self.state, Revoked):
            raise TunnelError(CHANNEL_REVOKED)
        if self._current is None:
            raise TunnelError(NO_SESSION)
        if isinstance(self.state, Confirming):
            raise TunnelError(PAIRING_UNCONFIRMED)
        return self._current.seal(plaintext, nonce)

    # --- the user's answer (CONFIRM-3, CONFIRM-4) -------------------------------------

    def _require_confirming(self) -> Confirming:
        if isinstance(self.state, Revoked):
            raise TunnelError(CHANNEL_REVOKED)
        if not isinstance(self.state, Confirming):
            raise TunnelError(NOT_CONFIRMING)
        return self.state

    def confirm(self, now: int, handshake_ephemeral: bytes) -> None:
        """The user's Yes for the code of the handshake `handshake_ephemeral` names; another than the
        committed one is `stale_confirmation` and changes nothing (CONFIRM-4)."""
        self._apply_timeout(now)
        state = self._require_confirming()
        if handshake_ephemeral != state.last_handshake_ephemeral:
            raise TunnelError(STALE_CONFIRMATION)
        self.state = Paired(state.device_public_key, state.last_handshake_ephemeral)  # session and slot stay

    def reject(self, now: int) -> None:
        """Names no handshake: rejecting whichever code was shown is always safe."""
        self._apply_timeout(now)
        self._require_confirming()
        self._revoke()

    def fill_session(self, now: int) -> None:
        """ADP-55: the current session exhausted without its frames (MEMORY-2); `no_session` without one."""
        self._apply_timeout(now)
        if self._current is None:
            raise TunnelError(NO_SESSION)
        self._current.exhaust()
