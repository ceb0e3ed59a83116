"""One version 3 channel at the core, from its QR code to paired or revoked, and its first session
once paired (V3-CORE-1, V3-MSG-1, V3-BIND-1, V3-RATE-1, V3-ATTEMPT-1, V3-COMMIT-2, V3-CONFIRM-1..3,
V3-CHAN-1, V3-CHAN-2).

The QR secret makes message 1 prove that its sender saw the QR code, but not which phone it is,
so an answered message 1 is only the channel's attempt: the device must then reveal the nonce it
committed to, both users must compare the code that nonce and the handshake give, and the
channel commits only when both have said yes. Every check is in V3-CORE-1's order, cheapest
first, so a message refused early costs the core no DH and tells the sender nothing more.

The commit starts the channel's session from the attempt's transport keys (V3-SESS-1), so session
frames `0x16` are taken only once paired: before, no keys are final, and a frame could only be
the relay's or a forger's (V3-CHAN-1). What the core sends goes under that session alone, and not
before both users said yes (V3-CHAN-2).
"""

import hmac
import os
from dataclasses import dataclass

from . import key_log, noise, pairing_v3
from .errors import (
    CHANNEL_REVOKED,
    COMMITMENT_MISMATCH,
    CONFIRMATION_MISMATCH,
    HANDSHAKE_REPLAYED,
    NO_SESSION,
    NOT_CONFIRMING,
    PAIRING_EXPIRED,
    PAIRING_UNCONFIRMED,
    STALE_CONFIRMATION,
    TOO_MANY_ATTEMPTS,
    UNEXPECTED_TYPE,
    VERSION_MISMATCH,
    TunnelError,
)
from .handshake_rate import HandshakeRate
from .pairing_v3_messages import (
    MESSAGE_1_LENGTH,
    NONCE_LENGTH,
    RECORD_LENGTH,
    TYPE_MESSAGE_1,
    TYPE_MESSAGE_2,
    TYPE_RECORD,
    TYPE_V2_HANDSHAKE,
    check_size,
)
from .session_v3 import CORE, PAIRING, SessionV3
from .type_octets_v3 import TYPE_SESSION_V3, refuse_octet, type_octet

_FOR_THE_CORE = frozenset((TYPE_MESSAGE_1, TYPE_RECORD, TYPE_SESSION_V3))  # V3-CORE-1 step 1
ATTEMPT_LIMIT = 3  # V3-ATTEMPT-1: a code guessed once in 10^6 per attempt
CONFIRM_SECONDS = 120  # V3-CONFIRM-3, CONFIRM-3's bound

PENDING = "pending"
CONFIRMING = "confirming"
PAIRED = "paired"
REVOKED = "revoked"


@dataclass
class Attempt:
    """An answered message 1: the device it names, its commitment, and the attempt's transport
    ciphers; `revealed` holds the code and reconnection psk once the reveal has matched."""

    device_public_key: bytes
    commitment: bytes
    handshake_hash: bytes
    core_nonce: bytes
    from_device: noise.CipherState
    to_device: noise.CipherState
    revealed: pairing_v3.AfterHandshake | None = None


def _check_type(message: bytes) -> int:
    """V3-CORE-1 step 1: message 1, records and session frames are the core's, whatever the
    channel's state (step 2 decides which is due); 0x03 names the app's version."""
    message_type = type_octet(message)
    if message_type == TYPE_V2_HANDSHAKE:
        raise TunnelError(VERSION_MISMATCH)  # V3-BIND-1: no negotiation, the QR code decides
    if message_type not in _FOR_THE_CORE:
        refuse_octet(message_type)
    return message_type


class CorePairingV3:
    """A version 3 channel issued `pending` for one QR code (`cid`, `ps`, `exp`).

    `state` is one of the four states; `attempts` counts the message 1s answered (V3-ATTEMPT-1).
    While `confirming`, `deadline` and the two confirmations are set; once `paired`,
    `device_public_key` and `reconnect_psk` are what the channel keeps, and `session` is the
    session the commit started (None before). The messages the core owes the device collect in an
    outbox (`take_outgoing`), so a refusal that sends nothing is simply an empty one.
    """

    def __init__(self, core_static_private: bytes, cid: bytes, pairing_secret: bytes, expires_at: int) -> None:
        self._core_static_private = core_static_private
        self._prologue = pairing_v3.prologue(cid)
        self._psk = pairing_v3.psk(pairing_secret, cid)
        self._expires_at = expires_at
        self.state = PENDING
        self.attempts = 0
        self._rate = HandshakeRate()  # V3-RATE-1: HS-RATE-1's bucket
        self._answered_ephemerals: set[bytes] = set()
        self._attempt: Attempt | None = None
        self.deadline: int | None = None
        self.core_confirmed = False
        self.device_confirmed = False
        self.device_public_key: bytes | None = None
        self.reconnect_psk: bytes | None = None
        self.session: SessionV3 | None = None
        self._outgoing: list[bytes] = []

    @property
    def code(self) -> str | None:
        """The code on the desktop's screen: only while `confirming`."""
        if self.state != CONFIRMING:
            return None
        return self._attempt.revealed.code

    def take_outgoing(self) -> list[bytes]:
        """The messages owed to the device since the last call, in order, emptied."""
        outgoing, self._outgoing = self._outgoing, []
        return outgoing

    # --- time and revocation ---------------------------------------------------------

    def _revoke(self) -> None:
        """The end of every failed pairing: the attempt and its keys are dropped with it."""
        self.state = REVOKED
        self._attempt = None
        self.deadline = None

    def _apply_deadline(self, now: int) -> None:
        """First at every step: the confirmation deadline while confirming (V3-CONFIRM-3, at or
        after it). The QR code's expiry is not applied here: a message meets it at step 2 and a
        tick revokes for it, so a message refused at step 1 changes nothing (V3-CORE-1)."""
        if self.state == CONFIRMING and now >= self.deadline:
            self._revoke()

    def tick(self, now: int) -> None:
        """A timer of the core: the deadline, then the QR code's expiry while pending."""
        self._apply_deadline(now)
        if self.state == PENDING and now >= self._expires_at:
            self._revoke()

    # --- messages (V3-CORE-1) --------------------------------------------------------

    def receive(self, message: bytes, now: int, core_ephemeral: bytes | None, core_nonce: bytes | None) -> bytes | None:
        """One message from the device. `core_ephemeral` and `core_nonce` answer it if it is a
        message 1 the core answers (absent: fresh from the CSPRNG). Returns the message a session
        frame completed (None for a fragment kept, and for every handshake message)."""
        self._apply_deadline(now)
        message_type = _check_type(message)
        if self.state == REVOKED:
            raise TunnelError(CHANNEL_REVOKED)
        if self.state == PAIRED:
            if message_type != TYPE_SESSION_V3:
                raise TunnelError(UNEXPECTED_TYPE)  # a pairing is over; reconnections are not these messages
            return self.session.receive(message)
        if self.state == PENDING and now >= self._expires_at:
            self._revoke()
            raise TunnelError(PAIRING_EXPIRED)
        if message_type == TYPE_SESSION_V3:
            raise TunnelError(UNEXPECTED_TYPE)  # no session before the commit (V3-CHAN-1)
        if message_type == TYPE_MESSAGE_1:
            self._receive_message_1(message, now, core_ephemeral, core_nonce)
        else:
            self._receive_record(message, now)
        return None

    def send(self, message: bytes, now: int) -> None:
        """The frames of `message` under the session, into the outbox (V3-CHAN-2). Refused, with
        nothing changed but the clock's revocation: a revoked channel, a code still on screen (the
        desktop user has not said who the phone is), no session yet; then the session's own
        refusals (message_too_large, session_exhausted)."""
        self._apply_deadline(now)
        if self.state == REVOKED:
            raise TunnelError(CHANNEL_REVOKED)
        if self.state == CONFIRMING:
            raise TunnelError(PAIRING_UNCONFIRMED)
        if self.session is None:
            raise TunnelError(NO_SESSION)
        self._outgoing.extend(self.session.send(message, now))

    def _receive_message_1(
        self, message: bytes, now: int, core_ephemeral: bytes | None, core_nonce: bytes | None
    ) -> None:
        """Step 3: a code on screen is not replaced behind the user's back; then size, rate and
        replay, all before the first X25519; then the Noise read; only a message that passed its
        tags counts as an attempt, so the relay, without `ps`, cannot spend them."""
        if self.state == CONFIRMING:
            raise TunnelError(PAIRING_UNCONFIRMED)
        check_size(message, MESSAGE_1_LENGTH)
        self._rate.take(now)
        device_ephemeral = message[1 : 1 + noise.DH_LENGTH]
        if device_ephemeral in self._answered_ephemerals:
            raise TunnelError(HANDSHAKE_REPLAYED)
        handshake = noise.HandshakeState(
            noise.IKPSK1,
            False,
            self._prologue,
            self._psk,
            self._core_static_private,
            os.urandom(noise.DH_LENGTH) if core_ephemeral is None else core_ephemeral,
            None,
        )
        commitment = handshake.read_message(message[1:])
        if self.attempts >= ATTEMPT_LIMIT:
            self._revoke()  # someone else holds the QR secret, or it was tried too often
            raise TunnelError(TOO_MANY_ATTEMPTS)
        nonce = os.urandom(NONCE_LENGTH) if core_nonce is None else core_nonce
        reply = bytes((TYPE_MESSAGE_2,)) + handshake.write_message(nonce)
        from_device, to_device = handshake.split()
        key_log.pairing_v3_message_one(handshake, device_ephemeral)
        key_log.pairing_v3_message_two(handshake, device_ephemeral, from_device.key, to_device.key)
        self.attempts += 1
        self._answered_ephemerals.add(device_ephemeral)
        # A newer attempt replaces an unrevealed one: the phone retried, or one of two phones won.
        self._attempt = Attempt(handshake.rs, commitment, handshake.handshake_hash, nonce, from_device, to_device)
        self._outgoing.append(reply)

    def _receive_record(self, message: bytes, now: int) -> None:
        """Step 4: a record needs an attempt still waiting for the device's records; its tag is
        checked before its content, so a forged record changes nothing."""
        attempt = self._attempt
        if attempt is None or self.device_confirmed:
            raise TunnelError(UNEXPECTED_TYPE)
        check_size(message, RECORD_LENGTH)
        plaintext = attempt.from_device.decrypt_with_ad(b"", message[1:])
        if attempt.revealed is None:
            self._reveal(attempt, plaintext, now)
        else:
            self._device_answer(attempt, plaintext, now)

    def _reveal(self, attempt: Attempt, device_nonce: bytes, now: int) -> None:
        """V3-COMMIT-2: a nonce other than the committed one means the device chose it after
        seeing the core's, to steer the code."""
        if not hmac.compare_digest(pairing_v3.commitment(device_nonce), attempt.commitment):
            self._revoke()
            raise TunnelError(COMMITMENT_MISMATCH)
        attempt.revealed = pairing_v3.after_handshake(attempt.handshake_hash, device_nonce, attempt.core_nonce)
        self.state = CONFIRMING
        self.deadline = now + CONFIRM_SECONDS

    def _device_answer(self, attempt: Attempt, plaintext: bytes, now: int) -> None:
        """V3-CONFIRM-1: the phone's Match, or its No, or anything else, which ends the pairing."""
        h = attempt.handshake_hash
        if hmac.compare_digest(plaintext, pairing_v3.confirmation(pairing_v3.DEVICE, h, attempt.revealed.code)):
            self.device_confirmed = True
            self._commit_if_both(now)
            return
        self._revoke()
        if not hmac.compare_digest(plaintext, pairing_v3.rejection(pairing_v3.DEVICE, h)):
            raise TunnelError(CONFIRMATION_MISMATCH)

    # --- the desktop user's answer (V3-CONFIRM-1, V3-CONFIRM-2) -----------------------

    def _require_question(self, now: int) -> None:
        """The clock, then whether the desktop still asks anything: a revoked channel asks
        nothing, a paired one has been answered."""
        self._apply_deadline(now)
        if self.state == REVOKED:
            raise TunnelError(CHANNEL_REVOKED)
        if self.state == PAIRED or self.core_confirmed:
            raise TunnelError(NOT_CONFIRMING)

    def confirm(self, code: str, now: int) -> None:
        """The desktop's Yes for the code its dialog showed; a Yes for another code is stale and
        changes nothing (R3-4). The core's record tells the phone the desktop said yes."""
        self._require_question(now)
        if self.state != CONFIRMING:
            raise TunnelError(NOT_CONFIRMING)
        attempt = self._attempt
        if code != attempt.revealed.code:  # shown on a screen: no secret to time
            raise TunnelError(STALE_CONFIRMATION)
        self.core_confirmed = True
        self._send_record(
            attempt, pairing_v3.confirmation(pairing_v3.CORE, attempt.handshake_hash, attempt.revealed.code)
        )
        self._commit_if_both(now)

    def reject(self, now: int) -> None:
        """The desktop's No revokes the channel; after the reveal the phone is told, before it
        there is no code it could be waiting to compare, so nothing is sent."""
        self._require_question(now)
        if self.state == CONFIRMING:
            self._send_record(self._attempt, pairing_v3.rejection(pairing_v3.CORE, self._attempt.handshake_hash))
        self._revoke()

    def _send_record(self, attempt: Attempt, plaintext: bytes) -> None:
        self._outgoing.append(bytes((TYPE_RECORD,)) + attempt.to_device.encrypt_with_ad(b"", plaintext))

    def _commit_if_both(self, now: int) -> None:
        """V3-CONFIRM-2: the device key and the reconnection psk are kept only once both users
        have said yes, in either order. The attempt's transport keys become the session, its
        counters after the records both sides sealed and its first epoch starting `now`, the time
        of the last confirmation (V3-SESS-1, V3-CHAN-1); the attempt's ciphers are dropped."""
        if not (self.core_confirmed and self.device_confirmed):
            return
        attempt = self._attempt
        self.device_public_key = attempt.device_public_key
        self.reconnect_psk = attempt.revealed.reconnect_psk
        self.session = SessionV3(CORE, PAIRING, attempt.from_device.key, attempt.to_device.key, now)
        self.state = PAIRED
        self._attempt = None
        self.deadline = None
