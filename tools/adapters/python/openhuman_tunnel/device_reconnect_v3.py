"""The paired phone's side of one version 3 reconnection and of the session it starts
(V3-RECON-1, V3-RECON-4, V3-NOISE-2, V3-NOISE-3, V3-CHAN-3).

The phone speaks first with a fresh ephemeral key, so every reconnection has new keys; it trusts
the answer only once message 2 has passed its tag, which only the holder of the core's static key
and of the reconnection psk can produce. It then sends the key confirmation at once, before any
other message under the new keys: the core commits the session on it alone, since message 1 by
itself could be a replay. The session starts with message 2, so the phone takes session frames
and sends under the new keys only from then on, and the new session's first frame follows the
confirmation (V3-SESS-1).
"""

import copy

from . import key_log, noise, pairing_v3
from .errors import NO_SESSION, TunnelError
from .pairing_v3_messages import check_size
from .reconnect_v3_messages import RECONNECT_2_LENGTH, TYPE_CONFIRMATION, TYPE_RECONNECT_1, TYPE_RECONNECT_2
from .session_v3 import DEVICE, RECONNECTION, SessionV3
from .type_octets_v3 import TYPE_SESSION_V3, refuse_octet, type_octet

AWAITING = "awaiting"
CONNECTED = "connected"


class DeviceReconnectionV3:
    """The phone of one paired channel (`cpk`, `cid`) with its static key and the reconnection
    psk the pairing stored (V3-PSK-2), reconnecting once.

    Construction writes message 1 (`message_one`); the phone is then `awaiting` message 2. Once
    `connected`, `handshake_hash` is the new session's `h` and `session` the session (None
    before). The messages it owes the core collect in an outbox (`take_outgoing`).
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
        self.session: SessionV3 | None = None
        self._outgoing: list[bytes] = []

    def take_outgoing(self) -> list[bytes]:
        """The messages owed to the core since the last call, in order, emptied."""
        outgoing, self._outgoing = self._outgoing, []
        return outgoing

    def receive(self, message: bytes, now: int) -> bytes | None:
        """One message from the core at `now`, in V3-RECON-4's order: empty, legacy, a session
        frame once connected (to the session), a registered octet not due (anything but message 2
        while awaiting, and message 2 once connected), any other octet, then the size and the
        Noise read. Returns the message a session frame completed (None for a fragment kept, and
        for message 2)."""
        message_type = type_octet(message)
        if message_type == TYPE_SESSION_V3 and self.session is not None:
            return self.session.receive(message)
        if message_type != TYPE_RECONNECT_2 or self.state != AWAITING:
            refuse_octet(message_type)
        self._receive_message_2(message, now)
        return None

    def send(self, message: bytes, now: int) -> None:
        """The frames of `message` under the new session, into the outbox (V3-CHAN-3), after the
        confirmation; no_session before message 2, then the session's own refusals, each
        changing nothing."""
        if self.session is None:
            raise TunnelError(NO_SESSION)
        self._outgoing.extend(self.session.send(message, now))

    def _receive_message_2(self, message: bytes, now: int) -> None:
        """Size, then the Noise read on a copy of the handshake: a message 2 that fails is
        discarded with the state that read it (V3-NOISE-3), and the phone still waits with the
        state message 1 left, so a forged answer cannot end a genuine reconnection. On success the
        key confirmation goes out first, under the new device-to-core key at counter 0, and the
        transport keys become the session, its first epoch starting `now` (V3-SESS-1)."""
        check_size(message, RECONNECT_2_LENGTH)
        handshake = copy.deepcopy(self._handshake)
        handshake.read_message(message[1:])  # the payload is empty: its tag is the proof
        to_core, from_core = handshake.split()
        key_log.reconnect_v3(self.message_one[1 : 1 + noise.DH_LENGTH], to_core.key, from_core.key)
        self.handshake_hash = handshake.handshake_hash
        self._handshake = None  # Noise section 5.3: after Split the handshake state is dropped
        self.state = CONNECTED
        self._outgoing.append(bytes((TYPE_CONFIRMATION,)) + to_core.encrypt_with_ad(b"", b""))
        self.session = SessionV3(DEVICE, RECONNECTION, to_core.key, from_core.key, now)
