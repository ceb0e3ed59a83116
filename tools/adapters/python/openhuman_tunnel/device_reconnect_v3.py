"""The paired phone's side of one version 3 reconnection (V3-RECON-1, V3-RECON-4, V3-NOISE-2,
V3-NOISE-3).

The phone speaks first with a fresh ephemeral key, so every reconnection has new keys; it trusts
the answer only once message 2 has passed its tag, which only the holder of the core's static key
and of the reconnection psk can produce. It then sends the key confirmation at once, before any
other message under the new keys: the core commits the session on it alone, since message 1 by
itself could be a replay.
"""

import copy

from . import key_log, noise, pairing_v3
from .errors import EMPTY_FRAME, LEGACY_FRAME, UNEXPECTED_TYPE, UNSUPPORTED_TYPE, TunnelError
from .pairing_v3_messages import TYPE_LEGACY, check_size
from .reconnect_v3_messages import (
    RECONNECT_2_LENGTH,
    REGISTERED_TYPES,
    TYPE_CONFIRMATION,
    TYPE_RECONNECT_1,
    TYPE_RECONNECT_2,
)

AWAITING = "awaiting"
CONNECTED = "connected"


class DeviceReconnectionV3:
    """The phone of one paired channel (`cpk`, `cid`) with its static key and the reconnection
    psk the pairing stored (V3-PSK-2), reconnecting once.

    Construction writes message 1 (`message_one`); the phone is then `awaiting` message 2. Once
    `connected`, `handshake_hash` is the new session's `h` and the session's transport ciphers are
    the phone's. The messages it owes the core collect in an outbox (`take_outgoing`).
    """

    def __init__(
        self,
        core_public_key: bytes,
        cid: bytes,
        device_static_private: bytes,
        device_ephemeral_private: bytes,
        reconnect_psk: bytes,
    ) -> None:
        """Message 1 for the given keys; a low-order core key raises low_order_key here (es is
        all zero), since no message 1 can be built for it."""
        self._handshake: noise.HandshakeState | None = noise.HandshakeState(
            noise.KKPSK2,
            True,
            pairing_v3.prologue(cid),
            reconnect_psk,
            device_static_private,
            device_ephemeral_private,
            core_public_key,
        )
        self.message_one = bytes((TYPE_RECONNECT_1,)) + self._handshake.write_message(b"")
        self.state = AWAITING
        self.handshake_hash: bytes | None = None
        self._to_core: noise.CipherState | None = None
        self._from_core: noise.CipherState | None = None
        self._outgoing: list[bytes] = []

    def take_outgoing(self) -> list[bytes]:
        """The messages owed to the core since the last call, in order, emptied."""
        outgoing, self._outgoing = self._outgoing, []
        return outgoing

    def receive(self, message: bytes) -> None:
        """One message from the core, in V3-RECON-4's order: empty, legacy, a registered octet not
        due (anything but message 2 while awaiting, and message 2 once connected), any other
        octet, then the size and the Noise read."""
        if not message:
            raise TunnelError(EMPTY_FRAME)
        message_type = message[0]
        if message_type == TYPE_LEGACY:
            raise TunnelError(LEGACY_FRAME)
        if message_type in REGISTERED_TYPES:
            if message_type != TYPE_RECONNECT_2 or self.state != AWAITING:
                raise TunnelError(UNEXPECTED_TYPE)
        else:
            raise TunnelError(UNSUPPORTED_TYPE)
        self._receive_message_2(message)

    def _receive_message_2(self, message: bytes) -> None:
        """Size, then the Noise read on a copy of the handshake: a message 2 that fails is
        discarded with the state that read it (V3-NOISE-3), and the phone still waits with the
        state message 1 left, so a forged answer cannot end a genuine reconnection. On success the
        key confirmation goes out first, under the new device-to-core key at counter 0."""
        check_size(message, RECONNECT_2_LENGTH)
        handshake = copy.deepcopy(self._handshake)
        handshake.read_message(message[1:])  # the payload is empty: its tag is the proof
        self._to_core, self._from_core = handshake.split()
        key_log.reconnect_v3(self.message_one[1 : 1 + noise.DH_LENGTH], self._to_core.key, self._from_core.key)
        self.handshake_hash = handshake.handshake_hash
        self._handshake = None  # Noise section 5.3: after Split the handshake state is dropped
        self.state = CONNECTED
        self._outgoing.append(bytes((TYPE_CONFIRMATION,)) + self._to_core.encrypt_with_ad(b"", b""))
