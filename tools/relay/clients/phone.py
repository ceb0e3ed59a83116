"""The phone: one pairing scanned from the core's payload text, one device connection to the relay
(phone_base.py: what it keeps per pairing, the relay connection and the requests).

State (DEV-STATE-1): idle, awaiting the ack of one handshake, or established with a session
(SessionCipher with its replay window, and DeviceRequests for its pending requests, chapter 11).

Relay events are hints (12.7): `tunnel:session-lost`, or `tunnel:peer-status` online after
offline, start a new handshake (SIG-DEV-2), at most once a second so the core's HS-RATE-1 budget
is not spent on them; `tunnel:revoked` is remembered and changes no key (SIG-DEV-3).
Randomness is os.urandom, time the real clock, both passed into the library.
"""

import asyncio
import os
import time

from openhuman_tunnel import handshake, qr
from openhuman_tunnel.errors import NO_SESSION, TunnelError
from openhuman_tunnel.frames import NONCE_LENGTH, TYPE_HANDSHAKE_ACK, check_shape
from openhuman_tunnel.rpc import DeviceRequests
from openhuman_tunnel.session import DEVICE, SessionCipher
from openhuman_tunnel.x25519 import KEY_LENGTH

from .clock import monotonic_ms, unix_seconds
from .phone_base import RelayPhoneBase

ACK_TIMEOUT = "ack_timeout"  # DEV-STATE-3: a background handshake got no ack in time (a local note)
ACK_TIMEOUT_SECONDS = 10.0  # DEV-STATE-3
HINT_INTERVAL = 1.0
_NO_TYPE = -1  # no octet equals it: check_shape then names the message's own type error (DEV-STATE-4)


class RelayPhone(RelayPhoneBase):
    def __init__(self, url: str, payload_text: str) -> None:
        super().__init__(url, qr.parse(payload_text, unix_seconds()))  # PairingPayloadError if bad or expired
        self.revoked = False
        self._hs = None  # (handshake frame, client_eph, future) while awaiting the ack
        self.cipher = None
        self.code = None  # the code of the last accepted ack (SAS-4)
        self.session_ready = asyncio.Event()  # set by each accepted ack, cleared by each new handshake
        self._peer_offline = False
        self._hint_at = None
        self._hint_task = None

    # --- handshake (HS-3, ACK-4, DEV-STATE-2, DEV-STATE-3) ----------------------------

    async def handshake(self, timeout: float = ACK_TIMEOUT_SECONDS) -> str:
        """A new handshake; ends the current session. Returns the code to show (SAS-4)."""
        client_eph = os.urandom(KEY_LENGTH)
        frame = handshake.device_start(
            self.core_public, self.device_static, os.urandom(KEY_LENGTH), client_eph, os.urandom(NONCE_LENGTH)
        )
        answered = asyncio.get_running_loop().create_future()
        self.cipher = self.requests = None  # DEV-STATE-2: sending a handshake ends the session
        self.session_ready.clear()
        self._hs = (frame, client_eph, answered)
        await self._send(frame)
        try:
            return await asyncio.wait_for(asyncio.shield(answered), timeout)
        except TimeoutError:
            if self._hs is not None and self._hs[2] is answered:
                self._hs = None  # DEV-STATE-3: client_eph erased, back to idle
            raise

    def _accept_ack(self, frame: bytes) -> None:
        sent, client_eph, answered = self._hs
        keys, code = handshake.device_finish_with_code(sent, frame, self.core_public, self.device_static, client_eph)
        self._hs = None
        self.cipher = SessionCipher(DEVICE, keys)
        self.requests = DeviceRequests()
        self.code = code
        self.sessions += 1
        self.session_ready.set()
        if not answered.done():
            answered.set_result(code)

    # --- requests (ENV-5, RPC-4, RPC-5) -----------------------------------------------

    def _request_frames(self, request_id: str, method: str, params: bytes | None, timeout_ms: int):
        """The request's chapter 11 chunks, pending from now (RPC-4). Each is sealed only when it goes
        out (a generator), so the session's counters follow the order in which frames leave, whatever
        other requests send meanwhile."""
        if self.requests is None:
            raise TunnelError(NO_SESSION)
        plaintexts = self.requests.send(request_id, method, params, False, timeout_ms, monotonic_ms())
        return (self.cipher.seal(plaintext, os.urandom(NONCE_LENGTH)) for plaintext in plaintexts)

    # --- receiving (DEV-STATE-4) ------------------------------------------------------

    async def receive(self, frame: bytes) -> None:
        """One frame from the core: the ack awaited, a session frame, or a refusal."""
        try:
            if self._hs is not None and frame[:1] == bytes((TYPE_HANDSHAKE_ACK,)):
                self._accept_ack(frame)
            elif self.cipher is not None:
                self._deliver(self.cipher.open(frame))
            else:
                check_shape(frame, _NO_TYPE, 0)  # idle, or a non-ack while awaiting one
        except TunnelError as error:
            self.reports.append(error.code)

    # --- relay hints (12.7) -----------------------------------------------------------

    async def _hint(self, name: str, data: dict) -> None:
        if name == "tunnel:revoked":
            self.revoked = True  # SIG-DEV-3: told, and every key kept
        elif name == "tunnel:session-lost":
            self._rehandshake()
        elif name == "tunnel:peer-status":
            if data.get("online") is False:
                self._peer_offline = True
            elif data.get("online") is True and self._peer_offline:
                self._peer_offline = False
                self._rehandshake()

    def _rehandshake(self) -> None:
        """SIG-DEV-2: a new handshake, in the background, at most once per HINT_INTERVAL; keys kept."""
        now = time.monotonic()
        if self._hint_at is not None and now - self._hint_at < HINT_INTERVAL:
            return
        self._hint_at = now
        self._hint_task = asyncio.get_running_loop().create_task(self._quiet_handshake())

    async def _quiet_handshake(self) -> None:
        try:
            await self.handshake()
        except TimeoutError:
            self.reports.append(ACK_TIMEOUT)
        except TunnelError as error:
            self.reports.append(error.code)

    async def wait_session(self, sessions: int, timeout: float = ACK_TIMEOUT_SECONDS) -> None:
        """Until the phone has its `sessions`-th session (a handshake in the background finished)."""

        async def reached() -> None:
            while not (self.session_ready.is_set() and self.sessions >= sessions):
                await asyncio.sleep(0.02)

        await asyncio.wait_for(reached(), timeout)
