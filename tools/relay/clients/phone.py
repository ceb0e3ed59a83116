"""The phone: one pairing scanned from the core's payload text, one device connection to the relay.

State (DEV-STATE-1): idle, awaiting the ack of one handshake, or established with a session
(SessionCipher with its replay window, and DeviceRequests for its pending requests, chapter 11).
It keeps per pairing what DEV-STATE-6 and SIG-DEV-1 say it keeps: `device_static`, the channel
id, the core key, and the relay credential it was issued (never anything else as a credential).

Relay events are hints (12.7): `tunnel:session-lost`, or `tunnel:peer-status` online after
offline, start a new handshake (SIG-DEV-2), at most once a second so the core's HS-RATE-1 budget
is not spent on them; `tunnel:revoked` is remembered and changes no key (SIG-DEV-3).
Randomness is os.urandom, time the real clock, both passed into the library.
"""

import asyncio
import os
import time
import uuid

from openhuman_tunnel import base64url, handshake, qr
from openhuman_tunnel.errors import NO_SESSION, TunnelError
from openhuman_tunnel.frames import NONCE_LENGTH, TYPE_HANDSHAKE_ACK, check_shape
from openhuman_tunnel.rpc import DeviceRequests, Event
from openhuman_tunnel.session import DEVICE, SessionCipher

from .clock import monotonic_ms, unix_seconds
from .connection import RelayConnection

REQUEST_TIMEOUT = "request_timeout"  # RPC-5, a local code
UNKNOWN_CHANNEL = "unknown_channel"  # a frame for another channel on this phone's connection
ACK_TIMEOUT = "ack_timeout"  # DEV-STATE-3: a background handshake got no ack in time (a local note)
ACK_TIMEOUT_SECONDS = 10.0  # DEV-STATE-3
HINT_INTERVAL = 1.0
PING = "openhuman.ping"
_KEY = 32
_NO_TYPE = -1  # no octet equals it: check_shape then names the message's own type error (DEV-STATE-4)


class RelayPhone:
    def __init__(self, url: str, payload_text: str) -> None:
        scanned = qr.parse(payload_text, unix_seconds())  # PairingPayloadError on a bad or expired payload
        self.url = url
        self.channel_id = scanned.cid
        self.pairing_token = scanned.pt
        self.core_public = scanned.cpk
        self.device_static = os.urandom(_KEY)
        self.credential = None
        self.connection = None
        self.reports = []  # local refusals (codes), nothing sent back
        self.revoked = False
        self._hs = None  # (handshake frame, client_eph, future) while awaiting the ack
        self.cipher = None
        self.requests = None
        self.code = None  # the code of the last accepted ack (SAS-4)
        self.sessions = 0  # acks accepted so far: each a new session
        self.session_ready = asyncio.Event()
        self._answers = {}
        self._peer_offline = False
        self._hint_at = None
        self._hint_task = None

    # --- the relay connection (RELAY-5, RELAY-6, SIG-DEV-1) ---------------------------

    async def connect(self) -> dict:
        """Join the channel: with the pairing token the first time, then only with the credential the
        relay issued. RelayRefused carries the relay's code."""
        self.connection = RelayConnection(self.url, on_frame=self._frame, listener=self._hint)
        await self.connection.connect()
        connect = {"channelId": self.channel_id, "role": "client"}
        if self.credential is None:
            connect["pairingToken"] = self.pairing_token
        else:
            connect["deviceCredential"] = self.credential
        try:
            connected = await self.connection.join(connect)
        except BaseException:
            await self.connection.close()
            raise
        if "deviceCredential" in connected:
            self.credential = connected["deviceCredential"]
        return connected

    async def disconnect(self) -> None:
        """Losing the connection ends nothing the phone keeps; the next connection runs a new handshake
        (DEV-STATE-5)."""
        if self.connection is not None:
            await self.connection.close()

    # --- handshake (HS-3, ACK-4, DEV-STATE-2, DEV-STATE-3) ----------------------------

    async def handshake(self, timeout: float = ACK_TIMEOUT_SECONDS) -> str:
        """A new handshake; ends the current session. Returns the code to show (SAS-4)."""
        client_eph = os.urandom(_KEY)
        frame = handshake.device_start(
            self.core_public, self.device_static, os.urandom(_KEY), client_eph, os.urandom(NONCE_LENGTH)
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

    async def request(
        self, method: str, params: bytes | None = None, timeout_ms: int = 5000, request_id: str | None = None
    ) -> Event:
        """Send one request and wait for its answer; TunnelError `request_timeout` after the deadline.

        A retry of the same action passes the action's request id again (ENV-5), so that the core
        answers it from what it did (RPC-2); asking to reuse the id of a request still pending is
        `duplicate_request_id` before anything is sent (RPC-4)."""
        if self.requests is None:
            raise TunnelError(NO_SESSION)
        requests = self.requests
        request_id = request_id or str(uuid.uuid4())
        plaintexts = requests.send(request_id, method, params, False, timeout_ms, monotonic_ms())
        answer = asyncio.get_running_loop().create_future()
        self._answers[request_id] = answer
        try:
            for plaintext in plaintexts:
                await self._send(self.cipher.seal(plaintext, os.urandom(NONCE_LENGTH)))
            # Just past the deadline: RPC-5 fails a request at the first step with now > deadline.
            return await asyncio.wait_for(answer, timeout_ms / 1000 + 0.002)
        except TimeoutError:
            requests.expire(monotonic_ms())
            raise TunnelError(REQUEST_TIMEOUT) from None
        finally:
            self._answers.pop(request_id, None)

    async def ping(self, timeout_ms: int = 5000) -> Event:
        return await self.request(PING, b"{}", timeout_ms)

    # --- receiving (DEV-STATE-4) ------------------------------------------------------

    async def _send(self, frame: bytes) -> None:
        await self.connection.send_frame(self.channel_id, frame)

    async def _frame(self, channel_id, payload) -> None:
        if channel_id != self.channel_id:
            self.reports.append(UNKNOWN_CHANNEL)  # not this pairing's: dropped unread
            return
        try:
            frame = base64url.decode(payload)
            if self._hs is not None and frame[:1] == bytes((TYPE_HANDSHAKE_ACK,)):
                self._accept_ack(frame)
            elif self.cipher is not None:
                self._deliver(self.cipher.open(frame))
            else:
                check_shape(frame, _NO_TYPE, 0)  # idle, or a non-ack while awaiting one
        except TunnelError as error:
            self.reports.append(error.code)

    def _deliver(self, plaintext: bytes) -> None:
        now = monotonic_ms()
        self.requests.expire(now)
        event = self.requests.receive(plaintext, now)
        if isinstance(event, Event):
            answer = self._answers.get(event.request_id)
            if answer is not None and not answer.done():
                answer.set_result(event)

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
