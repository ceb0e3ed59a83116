"""One paired version 3 channel at the core, receiving the phone's reconnections and the frames
of the session the last one committed (V3-RECON-1 to V3-RECON-3, V3-RATE-1, V3-NOISE-2,
V3-NOISE-3, V3-CHAN-1, V3-CHAN-2).

Message 1 of Noise_KKpsk2 proves that its sender holds the device's static key, but anyone may
send an old one again, and the core answers it: so an answered message 1 is only the channel's
*pending* reconnection. The session is committed only when the key confirmation arrives under the
pending reconnection's device-to-core key, which only the holder of the device's ephemeral and
static private keys can derive; until then the current session goes on untouched. Every check is
in V3-RECON-2's order, cheapest first: a message refused before the rate costs nothing, one refused
before the Noise read costs no DH.

Session frames go to the current session alone: a pending reconnection has keys but no session,
since its message 1 may be a replay, and a replayer must neither stop the live session's frames
nor make the core send under keys the phone never took (V3-RECON-3). A commit replaces the
session, dropping the previous one's keys, so that session's frames fail their tag. A channel with
no session (before the first reconnection, or after a restart) answers a frame `no_session`, the
code the relay turns into `tunnel:session-lost` so the phone reconnects at once (SIG-CORE-1).
"""

import os
from dataclasses import dataclass

from . import key_log, noise, pairing_v3
from .errors import HANDSHAKE_REPLAYED, NO_SESSION, UNEXPECTED_TYPE, VERSION_MISMATCH, TunnelError
from .handshake_rate import HandshakeRate
from .pairing_v3_messages import TYPE_V2_HANDSHAKE, check_size
from .reconnect_v3_messages import (
    CONFIRMATION_LENGTH,
    RECONNECT_1_LENGTH,
    TYPE_CONFIRMATION,
    TYPE_RECONNECT_1,
    TYPE_RECONNECT_2,
)
from .session_v3 import CORE, RECONNECTION, SessionV3
from .type_octets_v3 import TYPE_SESSION_V3, refuse_octet, type_octet

_FOR_THE_CORE = frozenset((TYPE_RECONNECT_1, TYPE_CONFIRMATION, TYPE_SESSION_V3))  # V3-RECON-2 step 1


@dataclass
class Reconnection:
    """An answered message 1 awaiting its confirmation: the device's ephemeral key it carried
    (remembered against replays), the final handshake hash and its two transport ciphers."""

    device_ephemeral: bytes
    handshake_hash: bytes
    from_device: noise.CipherState
    to_device: noise.CipherState


def _check_type(message: bytes) -> int:
    """V3-RECON-2 step 1: reconnection message 1, the key confirmation and session frames are the
    core's; 0x03 is a version 2 app (V3-BIND-1)."""
    message_type = type_octet(message)
    if message_type == TYPE_V2_HANDSHAKE:
        raise TunnelError(VERSION_MISMATCH)
    if message_type not in _FOR_THE_CORE:
        refuse_octet(message_type)
    return message_type


class CoreReconnectionV3:
    """A channel the pairing committed: the core's static key, the channel id (the prologue), the
    device's static key and the reconnection psk (V3-PSK-2); no session until the first
    confirmation.

    `session` is the current session (None before the first confirmation) and `handshake_hash`
    the final handshake hash of the reconnection that committed it; `pending` is the answered
    reconnection that awaits its confirmation (None when none). The messages the core owes the
    device collect in an outbox (`take_outgoing`), so a refusal that sends nothing is simply an
    empty one.
    """

    def __init__(self, core_static_private: bytes, cid: bytes, device_public_key: bytes, reconnect_psk: bytes) -> None:
        self._core_static_private = core_static_private
        self._prologue = pairing_v3.prologue(cid)
        self._device_public_key = device_public_key
        self._psk = reconnect_psk
        self._rate = HandshakeRate()  # HS-RATE-1's bucket, per channel
        self.session: SessionV3 | None = None
        self.handshake_hash: bytes | None = None
        self._session_ephemeral: bytes | None = None  # the committed message 1's, against replays
        self.pending: Reconnection | None = None
        self._outgoing: list[bytes] = []

    def take_outgoing(self) -> list[bytes]:
        """The messages owed to the device since the last call, in order, emptied."""
        outgoing, self._outgoing = self._outgoing, []
        return outgoing

    def receive(
        self, message: bytes, now: int, core_ephemeral: bytes | None, rate: HandshakeRate | None = None
    ) -> bytes | None:
        """One message from the device. `core_ephemeral` answers it if it is a message 1 the core
        answers (absent: fresh from the CSPRNG). A message 1 takes its token from `rate` when given
        (LAN-8: a core keeps a second bucket for the messages the LAN hands it), else from the
        channel's own bucket. A refusal raises and changes nothing but the token a message 1 took
        before its replay check and Noise read (HS-RATE-1). Returns the message a session frame
        completed (None for a fragment kept, and for every handshake message)."""
        message_type = _check_type(message)
        if message_type == TYPE_SESSION_V3:
            if self.session is None:
                raise TunnelError(NO_SESSION)
            return self.session.receive(message)
        if message_type == TYPE_RECONNECT_1:
            self._receive_message_1(message, now, core_ephemeral, self._rate if rate is None else rate)
        else:
            self._receive_confirmation(message, now)
        return None

    def send(self, message: bytes, now: int) -> None:
        """The frames of `message` under the current session, into the outbox (V3-CHAN-2): never
        under a pending reconnection's keys (V3-RECON-3); no_session without a session, then the
        session's own refusals, each changing nothing."""
        if self.session is None:
            raise TunnelError(NO_SESSION)
        self._outgoing.extend(self.session.send(message, now))

    def _receive_message_1(self, message: bytes, now: int, core_ephemeral: bytes | None, rate: HandshakeRate) -> None:
        """Step 2: size, rate, replay, all before the first X25519; then the Noise read against
        the paired device's key. An accepted one is answered and replaces any pending one; the
        current session is not touched (V3-RECON-3)."""
        check_size(message, RECONNECT_1_LENGTH)
        rate.take(now)
        device_ephemeral = message[1 : 1 + noise.DH_LENGTH]
        answered = (self._session_ephemeral, None if self.pending is None else self.pending.device_ephemeral)
        if device_ephemeral in answered:
            raise TunnelError(HANDSHAKE_REPLAYED)
        handshake = noise.HandshakeState(
            noise.KKPSK2,
            False,
            self._prologue,
            self._psk,
            self._core_static_private,
            os.urandom(noise.DH_LENGTH) if core_ephemeral is None else core_ephemeral,
            self._device_public_key,
        )
        handshake.read_message(message[1:])  # the payload is empty: its tag is the proof
        reply = bytes((TYPE_RECONNECT_2,)) + handshake.write_message(b"")
        from_device, to_device = handshake.split()
        self.pending = Reconnection(device_ephemeral, handshake.handshake_hash, from_device, to_device)
        key_log.reconnect_v3(device_ephemeral, from_device.key, to_device.key)
        self._outgoing.append(reply)

    def _receive_confirmation(self, message: bytes, now: int) -> None:
        """Step 3: a confirmation needs a pending reconnection; its size, then its tag under the
        pending device-to-core key at counter 0. A failed open leaves the counter and everything
        else as it was. On success the pending reconnection's keys become the session, its
        counters after the confirmation and its first epoch starting `now` (V3-SESS-1,
        V3-CHAN-1); the previous session, its keys with it, and the pending ciphers are dropped."""
        pending = self.pending
        if pending is None:
            raise TunnelError(UNEXPECTED_TYPE)
        check_size(message, CONFIRMATION_LENGTH)
        pending.from_device.decrypt_with_ad(b"", message[1:])  # empty plaintext, only the tag
        self.session = SessionV3(CORE, RECONNECTION, pending.from_device.key, pending.to_device.key, now)
        self.handshake_hash = pending.handshake_hash
        self._session_ephemeral = pending.device_ephemeral
        self.pending = None
