"""The phone's side of one version 3 pairing, from the scan of a QR code to paired or failed, and
its first session once paired (V3-DEV-1, V3-MSG-1, V3-COMMIT-1, V3-SAS-1, V3-CONFIRM-1,
V3-CONFIRM-2, V3-CHAN-3).

The phone speaks first and commits to its nonce in that first message, before it has seen
anything of the core's, so the code it later shows cannot have been steered by either side
(13.4). It reveals the nonce only once message 2 has passed its tags, that is once the other end
has proven it holds the QR code's core key and secret, and it keeps the core as its paired core
only when both users have compared the code and said yes. Only then does the session start, from
the handshake's transport keys (V3-SESS-1): a session frame before it is out of turn, and the
phone sends nothing of the application's before it knows which core it talks to.
"""

import copy
import hmac

from . import key_log, noise, pairing_v3
from .errors import CONFIRMATION_MISMATCH, NO_SESSION, NOT_CONFIRMING, STALE_CONFIRMATION, TunnelError
from .pairing_v3_messages import (
    MESSAGE_2_LENGTH,
    RECORD_LENGTH,
    TYPE_MESSAGE_1,
    TYPE_MESSAGE_2,
    TYPE_RECORD,
    check_size,
)
from .session_v3 import DEVICE, PAIRING, SessionV3
from .type_octets_v3 import TYPE_SESSION_V3, refuse_octet, type_octet

AWAITING = "awaiting"
CONFIRMING = "confirming"
PAIRED = "paired"
FAILED = "failed"


class DevicePairingV3:
    """The phone of one QR code (`cpk`, `cid`, `ps`), with its static key.

    Construction writes message 1 (`message_one`), so the commitment is on its way before the
    phone reads anything; the phone is then `awaiting` message 2. While `confirming`, `code` is on
    its screen and `core_confirmed`, `device_confirmed` say which answers are made; once `paired`,
    `reconnect_psk` is what the phone keeps with the core's key, which it knew from the QR code,
    and `session` is the session the commit started (None before). The messages the phone owes
    the core collect in an outbox (`take_outgoing`).
    """

    def __init__(
        self,
        core_public_key: bytes,
        cid: bytes,
        pairing_secret: bytes,
        device_static_private: bytes,
        device_ephemeral_private: bytes,
        device_nonce: bytes,
    ) -> None:
        """Message 1 for the given keys and nonce; a low-order `cpk` raises low_order_key here,
        since no message 1 can be built for it."""
        self._device_nonce = device_nonce
        self._handshake: noise.HandshakeState | None = noise.HandshakeState(
            noise.IKPSK1,
            True,
            pairing_v3.prologue(cid),
            pairing_v3.psk(pairing_secret, cid),
            device_static_private,
            device_ephemeral_private,
            core_public_key,
        )
        commitment = pairing_v3.commitment(device_nonce)
        self.message_one = bytes((TYPE_MESSAGE_1,)) + self._handshake.write_message(commitment)
        self._device_ephemeral_public = self.message_one[1 : 1 + noise.DH_LENGTH]
        key_log.pairing_v3_message_one(self._handshake, self._device_ephemeral_public)
        self.state = AWAITING
        self._handshake_hash: bytes | None = None
        self._to_core: noise.CipherState | None = None
        self._from_core: noise.CipherState | None = None
        self._values: pairing_v3.AfterHandshake | None = None
        self.core_confirmed = False
        self.device_confirmed = False
        self.reconnect_psk: bytes | None = None
        self.session: SessionV3 | None = None
        self._outgoing: list[bytes] = []

    @property
    def code(self) -> str | None:
        """The code on the phone's screen: only while `confirming`."""
        if self.state != CONFIRMING:
            return None
        return self._values.code

    def take_outgoing(self) -> list[bytes]:
        """The messages owed to the core since the last call, in order, emptied."""
        outgoing, self._outgoing = self._outgoing, []
        return outgoing

    # --- messages from the core (V3-DEV-1) --------------------------------------------

    def receive(self, message: bytes, now: int) -> bytes | None:
        """One message from the core at `now`: message 2 while awaiting, then the core's one record
        while confirming, then session frames once paired; anything else is out of turn and changes
        nothing (V3-DEV-1). Returns the message a session frame completed (None for a fragment
        kept, and for every handshake message)."""
        message_type = type_octet(message)
        if self.state == AWAITING and message_type == TYPE_MESSAGE_2:
            self._receive_message_2(message)
        elif self.state == CONFIRMING and message_type == TYPE_RECORD and not self.core_confirmed:
            self._receive_record(message, now)
        elif self.state == PAIRED and message_type == TYPE_SESSION_V3:
            return self.session.receive(message)
        else:
            refuse_octet(message_type)
        return None

    def send(self, message: bytes, now: int) -> None:
        """The frames of `message` under the session, into the outbox (V3-CHAN-3); no_session
        before the commit, then the session's own refusals, each changing nothing."""
        if self.session is None:
            raise TunnelError(NO_SESSION)
        self._outgoing.extend(self.session.send(message, now))

    def _receive_message_2(self, message: bytes) -> None:
        """Size, then the Noise read, on a copy of the handshake: a message 2 that fails is
        discarded with the state that read it (V3-NOISE-3), and the phone still waits with the
        state message 1 left (as ACK-5), so a relay's forgery cannot end a genuine pairing."""
        check_size(message, MESSAGE_2_LENGTH)
        handshake = copy.deepcopy(self._handshake)
        core_nonce = handshake.read_message(message[1:])
        self._to_core, self._from_core = handshake.split()
        key_log.pairing_v3_message_two(handshake, self._device_ephemeral_public, self._to_core.key, self._from_core.key)
        self._handshake_hash = handshake.handshake_hash
        self._handshake = None  # Noise section 5.3: after Split the handshake state is dropped
        self._values = pairing_v3.after_handshake(self._handshake_hash, self._device_nonce, core_nonce)
        self.state = CONFIRMING
        self._send_record(self._device_nonce)  # the reveal (V3-COMMIT-1), the code is shown

    def _receive_record(self, message: bytes, now: int) -> None:
        """V3-CONFIRM-1: the core's Yes, or its No, or anything else, which ends the pairing. Its
        tag is checked before its content, so a record the core did not seal changes nothing."""
        check_size(message, RECORD_LENGTH)
        plaintext = self._from_core.decrypt_with_ad(b"", message[1:])
        h = self._handshake_hash
        if hmac.compare_digest(plaintext, pairing_v3.confirmation(pairing_v3.CORE, h, self._values.code)):
            self.core_confirmed = True
            self._commit_if_both(now)
            return
        self._fail()
        if not hmac.compare_digest(plaintext, pairing_v3.rejection(pairing_v3.CORE, h)):
            raise TunnelError(CONFIRMATION_MISMATCH)

    # --- the phone user's answer (V3-CONFIRM-1, V3-CONFIRM-2) -------------------------

    def match(self, code: str, now: int) -> None:
        """The phone's Match at `now` for the code its screen showed; a Match for another code is
        stale and changes nothing (R3-4), and there is one Match, only while a code is on screen."""
        if self.state != CONFIRMING or self.device_confirmed:
            raise TunnelError(NOT_CONFIRMING)
        if code != self._values.code:  # shown on a screen: no secret to time
            raise TunnelError(STALE_CONFIRMATION)
        self.device_confirmed = True
        self._send_record(pairing_v3.confirmation(pairing_v3.DEVICE, self._handshake_hash, code))
        self._commit_if_both(now)

    def refuse(self) -> None:
        """The phone's No fails the pairing; with a code on screen the core is told, before it
        there is no code the desktop could be showing, so nothing is sent. After the phone's
        Match its record is sent and there is nothing left to refuse."""
        if self.state in (PAIRED, FAILED) or self.device_confirmed:
            raise TunnelError(NOT_CONFIRMING)
        if self.state == CONFIRMING:
            self._send_record(pairing_v3.rejection(pairing_v3.DEVICE, self._handshake_hash))
        self._fail()

    # --- the end of the pairing --------------------------------------------------------

    def _send_record(self, plaintext: bytes) -> None:
        self._outgoing.append(bytes((TYPE_RECORD,)) + self._to_core.encrypt_with_ad(b"", plaintext))

    def _fail(self) -> None:
        """The end of every failed pairing: the handshake, the keys and the code are dropped."""
        self.state = FAILED
        self._handshake = self._to_core = self._from_core = self._values = None

    def _commit_if_both(self, now: int) -> None:
        """V3-CONFIRM-2: the reconnection psk is kept only once both users have said yes, in
        either order. The transport keys become the session, its counters after the records both
        sides sealed and its first epoch starting `now`, the time of the last confirmation
        (V3-SESS-1, V3-CHAN-3); the handshake's ciphers and values are dropped."""
        if not (self.core_confirmed and self.device_confirmed):
            return
        self.reconnect_psk = self._values.reconnect_psk
        self.session = SessionV3(DEVICE, PAIRING, self._to_core.key, self._from_core.key, now)
        self.state = PAIRED
        self._to_core = self._from_core = self._values = None
