"""The version 3 phone: one pairing scanned from a version 3 payload (8.12), one device connection
(phone_base.py: what it keeps per pairing, the relay connection and the requests).

The scan gives the channel id, the pairing token, the core's key and the pairing secret `ps`. The
phone then pairs (chapter 13: message 1 with its commitment, message 2, the reveal; both users
compare the code and say yes), and keeps what a paired phone keeps: its static key, the core's
key, the channel id, the reconnection psk (V3-PSK-2) and the relay credential it was issued. Each
later connection runs a reconnection (0x13, 0x14, 0x15, 13.8) before any session frame.

A session (chapter 14) carries each envelope of chapter 11 as one message, whole or fragmented
(14.6); DeviceRequests keeps the pending requests of each session (RPC-4), and a retry of an
action passes its request id again (ENV-5). Relay hints change nothing here: the test decides
when to reconnect. Randomness is os.urandom, time the real clock, both passed into the library.
"""

import asyncio
import os

from openhuman_tunnel import envelope, qr_v3
from openhuman_tunnel.device_pairing_v3 import CONFIRMING, PAIRED, DevicePairingV3
from openhuman_tunnel.device_reconnect_v3 import AWAITING, DeviceReconnectionV3
from openhuman_tunnel.errors import NO_SESSION, UNEXPECTED_TYPE, TunnelError
from openhuman_tunnel.pairing_v3_messages import NONCE_LENGTH
from openhuman_tunnel.rpc import DeviceRequests
from openhuman_tunnel.session_v3_frames import TYPE_SESSION_V3
from openhuman_tunnel.x25519 import KEY_LENGTH

from .clock import monotonic_ms, unix_seconds
from .phone_base import RelayPhoneBase

ANSWER_TIMEOUT_SECONDS = 10.0  # how long the phone waits for message 2 or 0x14 (DEV-STATE-3's 10 s)
NOT_PAIRED = "not_paired"  # a local code: a reconnection needs a committed pairing


class RelayPhoneV3(RelayPhoneBase):
    def __init__(self, url: str, payload_text: str) -> None:
        scanned = qr_v3.parse(payload_text, unix_seconds())  # PairingPayloadError on a bad or expired payload
        if scanned.version != qr_v3.VERSION:
            raise ValueError("a version %d payload: this phone runs version 3 only" % scanned.version)
        super().__init__(url, scanned)
        self.cid = scanned.cid.encode("ascii")  # the prologue's bytes (V3-PRO-1)
        self.pairing_secret = scanned.ps
        self.pairing = None  # DevicePairingV3 from message 1 until paired or failed
        self.reconnect_psk = None  # kept once paired (V3-CONFIRM-2)
        self.reconnection = None  # DeviceReconnectionV3 while one runs
        self.session = None  # set with `requests` (_start_session)
        self.paired = asyncio.Event()
        self._answered = None  # the future a pairing or a reconnection waits on

    # --- the pairing (V3-DEV-1, V3-CONFIRM-1, V3-CONFIRM-2) ---------------------------

    async def pair(self, timeout: float = ANSWER_TIMEOUT_SECONDS) -> str:
        """Message 1 with the commitment; once message 2 passed, the reveal goes out and the code
        is shown: returns it. asyncio.TimeoutError when no message 2 passes in time."""
        self.pairing = DevicePairingV3(
            self.core_public,
            self.cid,
            self.pairing_secret,
            self.device_static,
            os.urandom(KEY_LENGTH),
            os.urandom(NONCE_LENGTH),
        )
        self._answered = asyncio.get_running_loop().create_future()
        await self._send(self.pairing.message_one)
        return await asyncio.wait_for(asyncio.shield(self._answered), timeout)

    async def match(self, code: str) -> None:
        """The phone user's Match for the code on its screen: the phone's record goes out, and the
        pairing commits if the core's Yes came."""
        self.pairing.match(code, unix_seconds())
        await self._send_all(self.pairing.take_outgoing())
        self._commit_pairing()

    async def wait_paired(self, timeout: float = ANSWER_TIMEOUT_SECONDS) -> None:
        await asyncio.wait_for(self.paired.wait(), timeout)

    def _pairing_message(self, frame: bytes) -> None:
        self.pairing.receive(frame, unix_seconds())
        self._commit_pairing()

    def _commit_pairing(self) -> None:
        """V3-CONFIRM-2: both answers made; the first session is the one the commit started."""
        if self.pairing is None or self.pairing.state != PAIRED or self.reconnect_psk is not None:
            return
        self.reconnect_psk = self.pairing.reconnect_psk
        self._start_session(self.pairing.session)
        self.paired.set()

    # --- reconnection (V3-RECON-4) ----------------------------------------------------

    async def reconnect(self, timeout: float = ANSWER_TIMEOUT_SECONDS) -> None:
        """Reconnection message 1 with a fresh ephemeral key; once message 2 passed, the key
        confirmation goes out first and the new session replaces the previous one."""
        if self.reconnect_psk is None:
            raise TunnelError(NOT_PAIRED)
        self.reconnection = DeviceReconnectionV3(
            self.core_public, self.cid, self.device_static, os.urandom(KEY_LENGTH), self.reconnect_psk
        )
        self._answered = asyncio.get_running_loop().create_future()
        await self._send(self.reconnection.message_one)
        await asyncio.wait_for(asyncio.shield(self._answered), timeout)

    async def _reconnection_message(self, frame: bytes) -> None:
        reconnection = self.reconnection
        reconnection.receive(frame, unix_seconds())
        self.reconnection = None
        await self._send_all(reconnection.take_outgoing())  # 0x15 before any frame of the new session
        self._start_session(reconnection.session)
        self._resolve(None)

    def _start_session(self, session) -> None:
        """The phone's current session from now on, as the library started it at the commit or
        at message 2; the previous one's keys go with the object that held them."""
        self.session = session
        self.requests = DeviceRequests()  # RPC-4: pending requests are per session
        self.sessions += 1

    def _resolve(self, value) -> None:
        if self._answered is not None and not self._answered.done():
            self._answered.set_result(value)

    # --- requests (ENV-5, RPC-4, RPC-5) -----------------------------------------------

    def _request_frames(self, request_id: str, method: str, params: bytes | None, timeout_ms: int) -> list:
        """The request as one message of the session: the frames of the whole envelope, fragmented by
        the session (14.6), never chapter 11's chunks."""
        if self.session is None:
            raise TunnelError(NO_SESSION)
        # DeviceRequests checks the id and keeps the request pending (RPC-4); the chapter 11 chunks it
        # returns are not sent.
        self.requests.send(request_id, method, params, False, timeout_ms, monotonic_ms())
        try:
            return self.session.send(envelope.encode_request(request_id, method, params, False), unix_seconds())
        except TunnelError:
            self.requests.pending.pop(request_id, None)  # nothing was sent: nothing is pending
            raise

    # --- receiving --------------------------------------------------------------------

    async def receive(self, frame: bytes) -> None:
        """One message from the core, whatever carrier brought it (TRANS-1). By type octet: 0x16 to
        the current session; anything else to the reconnection awaiting its message 2, or to the
        pairing before it is committed; otherwise out of turn."""
        try:
            if frame[:1] == bytes((TYPE_SESSION_V3,)):
                if self.session is None:
                    raise TunnelError(NO_SESSION)
                message = self.session.receive(frame)
                if message is not None:
                    self._deliver(message)
            elif self.reconnection is not None and self.reconnection.state == AWAITING:
                await self._reconnection_message(frame)
            elif self.pairing is not None and self.reconnect_psk is None:
                self._pairing_message(frame)
                await self._send_all(self.pairing.take_outgoing())  # after message 2: the reveal (V3-COMMIT-1)
                if self.pairing.state == CONFIRMING:
                    self._resolve(self.pairing.code)  # the code is shown once the reveal is on its way
            else:
                raise TunnelError(UNEXPECTED_TYPE)
        except TunnelError as error:
            self.reports.append(error.code)
