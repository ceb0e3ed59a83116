"""One paired version 3 channel at the core, receiving the phone's reconnections (V3-RECON-1 to
V3-RECON-3, V3-RATE-1, V3-NOISE-2, V3-NOISE-3).

Message 1 of Noise_KKpsk2 proves that its sender holds the device's static key, but anyone may
send an old one again, and the core answers it: so an answered message 1 is only the channel's
*pending* reconnection. The session is committed only when the key confirmation arrives under the
pending reconnection's device-to-core key, which only the holder of the device's ephemeral and
static private keys can derive; until then the current session goes on untouched. Every check is
in V3-RECON-2's order, cheapest first: a message refused before the rate costs nothing, one refused
before the Noise read costs no DH.
"""

import os
from dataclasses import dataclass

from . import key_log, noise, pairing_v3
from .errors import (
    EMPTY_FRAME,
    HANDSHAKE_REPLAYED,
    LEGACY_FRAME,
    UNEXPECTED_TYPE,
    UNSUPPORTED_TYPE,
    VERSION_MISMATCH,
    TunnelError,
)
from .handshake_rate import HandshakeRate
from .pairing_v3_messages import (
    TYPE_LEGACY,
    TYPE_MESSAGE_1,
    TYPE_MESSAGE_2,
    TYPE_RECORD,
    TYPE_V2_ACK,
    TYPE_V2_HANDSHAKE,
    TYPE_V2_SESSION,
    check_size,
)
from .reconnect_v3_messages import (
    CONFIRMATION_LENGTH,
    RECONNECT_1_LENGTH,
    TYPE_CONFIRMATION,
    TYPE_RECONNECT_1,
    TYPE_RECONNECT_2,
)

# Registered octets that are no paired core's to receive (V3-RECON-2 step 1).
_NOT_FOR_THE_CORE = frozenset(
    (TYPE_V2_SESSION, TYPE_V2_ACK, TYPE_MESSAGE_1, TYPE_MESSAGE_2, TYPE_RECORD, TYPE_RECONNECT_2)
)


@dataclass
class Reconnection:
    """An answered message 1: the device's ephemeral key it carried (remembered against replays),
    the final handshake hash and the session's two transport ciphers."""

    device_ephemeral: bytes
    handshake_hash: bytes
    from_device: noise.CipherState
    to_device: noise.CipherState


def _check_type(message: bytes) -> int:
    """V3-RECON-2 step 1: only reconnection message 1 and the key confirmation are the core's;
    0x03 is a version 2 app (V3-BIND-1)."""
    if not message:
        raise TunnelError(EMPTY_FRAME)
    message_type = message[0]
    if message_type == TYPE_LEGACY:
        raise TunnelError(LEGACY_FRAME)
    if message_type == TYPE_V2_HANDSHAKE:
        raise TunnelError(VERSION_MISMATCH)
    if message_type in _NOT_FOR_THE_CORE:
        raise TunnelError(UNEXPECTED_TYPE)
    if message_type not in (TYPE_RECONNECT_1, TYPE_CONFIRMATION):
        raise TunnelError(UNSUPPORTED_TYPE)
    return message_type


class CoreReconnectionV3:
    """A channel the pairing committed: the core's static key, the channel id (the prologue), the
    device's static key and the reconnection psk (V3-PSK-2); no session until the first
    confirmation.

    `session` is the committed reconnection (None before the first), `pending` the answered one
    that awaits its confirmation (None when none). The messages the core owes the device collect
    in an outbox (`take_outgoing`), so a refusal that sends nothing is simply an empty one.
    """

    def __init__(self, core_static_private: bytes, cid: bytes, device_public_key: bytes, reconnect_psk: bytes) -> None:
        self._core_static_private = core_static_private
        self._prologue = pairing_v3.prologue(cid)
        self._device_public_key = device_public_key
        self._psk = reconnect_psk
        self._rate = HandshakeRate()  # HS-RATE-1's bucket, per channel
        self.session: Reconnection | None = None
        self.pending: Reconnection | None = None
        self._outgoing: list[bytes] = []

    def take_outgoing(self) -> list[bytes]:
        """The messages owed to the device since the last call, in order, emptied."""
        outgoing, self._outgoing = self._outgoing, []
        return outgoing

    def receive(self, message: bytes, now: int, core_ephemeral: bytes | None) -> None:
        """One message from the device. `core_ephemeral` answers it if it is a message 1 the core
        answers (absent: fresh from the CSPRNG). A refusal raises and changes nothing but the
        token a message 1 took before its replay check and Noise read (HS-RATE-1)."""
        if _check_type(message) == TYPE_RECONNECT_1:
            self._receive_message_1(message, now, core_ephemeral)
        else:
            self._receive_confirmation(message)

    def _receive_message_1(self, message: bytes, now: int, core_ephemeral: bytes | None) -> None:
        """Step 2: size, rate, replay, all before the first X25519; then the Noise read against
        the paired device's key. An accepted one is answered and replaces any pending one; the
        current session is not touched (V3-RECON-3)."""
        check_size(message, RECONNECT_1_LENGTH)
        self._rate.take(now)
        device_ephemeral = message[1 : 1 + noise.DH_LENGTH]
        if any(r is not None and r.device_ephemeral == device_ephemeral for r in (self.session, self.pending)):
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

    def _receive_confirmation(self, message: bytes) -> None:
        """Step 3: a confirmation needs a pending reconnection; its size, then its tag under the
        pending device-to-core key at counter 0. A failed open leaves the counter and everything
        else as it was. On success the pending reconnection becomes the session and the previous
        session, its keys with it, is dropped."""
        pending = self.pending
        if pending is None:
            raise TunnelError(UNEXPECTED_TYPE)
        check_size(message, CONFIRMATION_LENGTH)
        pending.from_device.decrypt_with_ad(b"", message[1:])  # empty plaintext, only the tag
        self.session = pending
        self.pending = None
