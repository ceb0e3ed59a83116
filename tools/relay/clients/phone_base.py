"""What a phone does the same on wire versions 2 and 3, so that phone.py and phone_v3.py keep only
their version's handshakes and frames.

Per pairing it keeps what DEV-STATE-6 and SIG-DEV-1 say a phone keeps: `device_static`, the channel
id, the core key, and the relay credential it was issued (never anything else as a credential).
It joins its channel with the pairing token the first time and then only with that credential,
reads `tunnel:frame` for its own channel only (another channel's is `unknown_channel`, dropped
unread), and waits for the answer of each request until its deadline (RPC-4, RPC-5): the chapter 11
envelopes are the same whatever carries them. Refusals are kept in `reports`, nothing is sent back.

A version supplies `receive(frame)`, one decoded frame from the core; `_request_frames(...)`, the
frames of one request, which also makes it pending in `requests` (DeviceRequests, new with each
session); and optionally `_hint`, the listener of the relay's other events (12.7).
"""

import asyncio
import os
import uuid

from openhuman_tunnel import base64url
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.rpc import Event
from openhuman_tunnel.x25519 import KEY_LENGTH

from .clock import monotonic_ms
from .connection import RelayConnection

REQUEST_TIMEOUT = "request_timeout"  # RPC-5, a local code
UNKNOWN_CHANNEL = "unknown_channel"  # a frame for another channel on this phone's connection
PING = "openhuman.ping"


class RelayPhoneBase:
    _hint = None  # the listener of the relay's other events, where a version reacts to them

    def __init__(self, url: str, scanned) -> None:
        """`scanned`: the pairing payload as the version's parser read it (cid, pt, cpk)."""
        self.url = url
        self.channel_id = scanned.cid
        self.pairing_token = scanned.pt
        self.core_public = scanned.cpk
        self.device_static = os.urandom(KEY_LENGTH)
        self.credential = None
        self.connection = None
        self.reports = []  # local refusals (codes), nothing sent back
        self.requests = None  # DeviceRequests of the current session
        self.sessions = 0  # sessions started so far
        self._answers = {}  # request id -> the future its request() waits on

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
        """Losing the connection ends nothing the phone keeps; the next connection starts with a new
        handshake (DEV-STATE-5) or a reconnection (13.8)."""
        if self.connection is not None:
            await self.connection.close()

    async def _send(self, frame: bytes) -> None:
        await self.connection.send_frame(self.channel_id, frame)

    async def _send_all(self, frames) -> None:
        for frame in frames:
            await self._send(frame)

    async def _frame(self, channel_id, payload) -> None:
        if channel_id != self.channel_id:
            self.reports.append(UNKNOWN_CHANNEL)  # not this pairing's: dropped unread
            return
        try:
            frame = base64url.decode(payload)
        except TunnelError as error:
            self.reports.append(error.code)
            return
        await self.receive(frame)

    # --- requests (ENV-5, RPC-4, RPC-5) -----------------------------------------------

    async def request(
        self, method: str, params: bytes | None = None, timeout_ms: int = 5000, request_id: str | None = None
    ) -> Event:
        """Send one request and wait for its answer; TunnelError `request_timeout` after the deadline.

        A retry of the same action passes the action's request id again (ENV-5), so that the core
        answers it from what it did (RPC-2); asking to reuse the id of a request still pending is
        `duplicate_request_id` before anything is sent (RPC-4)."""
        request_id = request_id or str(uuid.uuid4())
        frames = self._request_frames(request_id, method, params, timeout_ms)
        requests = self.requests
        answer = asyncio.get_running_loop().create_future()
        self._answers[request_id] = answer
        try:
            await self._send_all(frames)
            # Just past the deadline: RPC-5 fails a request at the first step with now > deadline.
            return await asyncio.wait_for(answer, timeout_ms / 1000 + 0.002)
        except TimeoutError:
            requests.expire(monotonic_ms())
            raise TunnelError(REQUEST_TIMEOUT) from None
        finally:
            self._answers.pop(request_id, None)

    async def ping(self, timeout_ms: int = 5000) -> Event:
        return await self.request(PING, b"{}", timeout_ms)

    def _deliver(self, message: bytes) -> None:
        """One envelope (chapter 11) the session delivered: an answer completes its request."""
        now = monotonic_ms()
        self.requests.expire(now)
        event = self.requests.receive(message, now)
        if isinstance(event, Event):
            answer = self._answers.get(event.request_id)
            if answer is not None and not answer.done():
                answer.set_result(event)
