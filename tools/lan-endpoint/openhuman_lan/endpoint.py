"""The LAN endpoint (spec 15.2): one listener at the `rpc` URL's host and port that serves only
that URL's path and query, as this carrier and nothing else (LAN-2).

aiohttp's low-level server hands every request to one handler, with no router in between to
normalize or match paths, so the target is compared as the request line wrote it. Each request
goes through LAN-2's refusals (upgrade_checks.py) and the connection limits (slots.py); an
upgraded connection is read by reader.py and, once its hello is accepted, filed under its channel
so that the channel's revocation can close it (LAN-10).

The endpoint mints nothing, so its only injected input is the clock (Unix seconds, read for
LAN-6's seconds and LAN-7's buckets); the timeouts of LAN-9 run on the event loop's monotonic
time and are parameters, so a test can shorten them. It logs sources, channel ids of accepted
hellos and close codes, never a message, a rejected hello or a close reason (LAN-10).
"""

import asyncio
import ipaddress
import logging
import time

from aiohttp import web

from . import close_codes
from .connection import LanConnection
from .core_interface import LanCore
from .handshakes import HandshakeBuckets
from .limits import HELLO_TIMEOUT, IDLE_TIMEOUT, MESSAGE_BYTES, SUBPROTOCOL
from .reader import read_hello, read_messages
from .slots import ConnectionSlots
from .sources import source_of
from .upgrade_checks import refusal

log = logging.getLogger("openhuman-lan-endpoint")

# Seconds a close waits for the device's close frame (aiohttp's default is 10), which bounds a stop.
CLOSE_TIMEOUT = 2.0


class LanEndpoint:
    def __init__(
        self,
        core: LanCore,
        host: str = "127.0.0.1",
        port: int = 0,
        path: str = "/rpc",
        *,
        clock=time.time,
        hello_timeout: float = HELLO_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        """`host`, `port` and `path` (with its query, as written) are the `rpc` URL's; port 0 picks
        a free one, which `port` holds once started. A wildcard address is refused: LAN-2 binds
        the URL's host only, never every interface."""
        if _is_wildcard(host):
            raise ValueError(f"{host} is a wildcard address: bind the rpc URL's own host (LAN-2)")
        if not path.startswith("/"):
            raise ValueError("the path must start with '/': it is compared with the request line's target")
        self.core = core
        self.host = host
        self.port = port
        self.path = path
        self.clock = clock
        self.hello_timeout = hello_timeout
        self.idle_timeout = idle_timeout
        self.handshakes = HandshakeBuckets()
        self._slots = ConnectionSlots()
        self._open: set[LanConnection] = set()
        self._channels: dict[str, set[LanConnection]] = {}
        self._runner: web.ServerRunner | None = None
        self._site: web.TCPSite | None = None
        self._stopping = False

    @property
    def rpc_url(self) -> str:
        """The URL a producer writes as `rpc` (LAN-1): `http`, since the messages are sealed."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{self.path}"

    @property
    def listening(self) -> bool:
        """Between `start` and `stop`."""
        return self._runner is not None

    async def start(self) -> None:
        self._stopping = False
        self._runner = web.ServerRunner(
            web.Server(self._handle, access_log=None), handle_signals=False, shutdown_timeout=CLOSE_TIMEOUT
        )
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.host, self.port)
        await self._site.start()
        self.port = self._runner.addresses[0][1]
        log.info("listening %s", self.rpc_url)

    async def stop(self) -> None:
        """LAN-10: no new connection, then every connection closed with 1001, then the server gone.
        Nothing when not started; `start` may follow, on the same port."""
        if self._runner is None:
            return
        self._stopping = True
        await self._site.stop()
        await self._close_all(self._open, close_codes.GOING_AWAY)
        await self._runner.cleanup()
        self._runner = self._site = None
        log.info("stopped")

    async def channel_left(self, channel_id: str) -> None:
        """LAN-10: the channel is no longer `paired` (revoked, CHAN-4): its connections close 4404."""
        await self._close_all(self._channels.get(channel_id, ()), close_codes.UNKNOWN_CHANNEL)

    async def _close_all(self, connections, code: int) -> None:
        await asyncio.gather(*(connection.close(code) for connection in list(connections)))

    async def _handle(self, request: web.BaseRequest) -> web.StreamResponse:
        refused = refusal(request, self.path)
        if refused is not None:
            return refused
        source = source_of(request.remote)
        if not self._slots.hold(source):
            return web.Response(status=503)
        try:
            return await self._serve(request, source)
        finally:
            self._slots.release(source)

    async def _serve(self, request: web.BaseRequest, source: str) -> web.WebSocketResponse:
        # One byte over the limit: aiohttp refuses a message of max_msg_size bytes or more.
        websocket = web.WebSocketResponse(
            protocols=(SUBPROTOCOL,), compress=False, max_msg_size=MESSAGE_BYTES + 1, timeout=CLOSE_TIMEOUT
        )
        await websocket.prepare(request)
        connection = LanConnection(websocket, source)
        self._open.add(connection)
        try:
            if self._stopping:  # upgraded while the endpoint stopped: closed as the others were
                await connection.close(close_codes.GOING_AWAY)
                return websocket
            log.info("connection from %s", source)
            connection.channel_id = await read_hello(connection, self.core, self.hello_timeout)
            if connection.channel_id is not None:
                log.info("hello for channel %s from %s", connection.channel_id, source)
                self._channels.setdefault(connection.channel_id, set()).add(connection)
                await read_messages(connection, self.core, self.handshakes, self.clock, self.idle_timeout)
        finally:
            self._open.discard(connection)
            self._forget(connection)
            closer = "endpoint" if connection.closed_with is not None else "device"
            log.info("closed %s by the %s, from %s", connection.closed_with or websocket.close_code, closer, source)
        return websocket

    def _forget(self, connection: LanConnection) -> None:
        held = self._channels.get(connection.channel_id)
        if held is not None:
            held.discard(connection)
            if not held:
                del self._channels[connection.channel_id]


def _is_wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return not host  # a name: an empty one binds every interface in asyncio
