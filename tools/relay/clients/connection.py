"""One Socket.IO connection to the relay (spec 12.1), on the WebSocket transport only.

Frames go to one handler as they arrive (a core or phone must answer them at once, and the
load test cannot keep them). Every other relay event is kept in arrival order, so a test can
wait for the one it expects without losing the others, and is also given to a listener, so a
phone can react to hints such as `tunnel:session-lost` (SIG-DEV-2). Every wait is bounded.
"""

import asyncio

import socketio

from openhuman_tunnel import base64url

FRAME = "tunnel:frame"
# Events the relay sends besides frames (12.2).
RELAY_EVENTS = (
    "tunnel:connected",
    "tunnel:peer-status",
    "tunnel:evicted",
    "tunnel:revoked",
    "tunnel:session-lost",
    "tunnel:error",
)
DEFAULT_TIMEOUT = 10.0


class RelayRefused(Exception):
    """The relay answered with `tunnel:error` (or a refused register ack): its code of 12.6."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class RelayConnection:
    def __init__(self, url: str, auth=None, on_frame=None, listener=None) -> None:
        self.url = url
        self.auth = auth
        self.on_frame = on_frame  # (channel_id, payload_text), called in arrival order
        self.listener = listener  # (event, data), after the event is kept
        self.events = []  # [event, data, taken]
        self._arrived = asyncio.Event()
        self.disconnected = asyncio.Event()
        self.sio = socketio.AsyncClient(reconnection=False)
        for name in RELAY_EVENTS:
            self.sio.on(name, self._keeper(name))
        self.sio.on(FRAME, self._frame)
        self.sio.on("disconnect", self._gone)

    def _keeper(self, name: str):
        async def keep(data) -> None:
            self.events.append([name, data, False])
            self._arrived.set()
            if self.listener is not None:
                await self.listener(name, data)

        return keep

    async def _frame(self, data) -> None:
        """Only the shape of 12.2 reaches the endpoint; anything else is dropped here."""
        if self.on_frame is not None and isinstance(data, dict) and isinstance(data.get("payload"), str):
            await self.on_frame(data.get("channelId"), data["payload"])

    async def _gone(self, *_reason) -> None:
        self.disconnected.set()

    async def connect(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        await asyncio.wait_for(
            self.sio.connect(self.url, auth=self.auth, transports=["websocket"], wait_timeout=timeout), timeout
        )

    async def close(self) -> None:
        if self.sio.connected:
            await asyncio.wait_for(self.sio.disconnect(), DEFAULT_TIMEOUT)

    async def emit(self, event: str, data: dict) -> None:
        await self.sio.emit(event, data)

    async def send_frame(self, channel_id: str, frame: bytes) -> None:
        """One frame for `channel_id` in the shape of 12.2 (its payload the frame's base64url text),
        written here for every core, phone and carrier on a RelayConnection."""
        await self.emit(FRAME, {"channelId": channel_id, "payload": base64url.encode(frame)})

    async def call(self, event: str, data: dict, timeout: float = DEFAULT_TIMEOUT):
        return await self.sio.call(event, data, timeout=timeout)

    async def wait(self, names, channel_id=None, timeout: float = DEFAULT_TIMEOUT, **members):
        """The first event not yet taken whose name is in `names` and whose channelId (when given) and
        other `members` have these values: (name, data). asyncio.TimeoutError when none arrives in time."""
        names = (names,) if isinstance(names, str) else tuple(names)
        if channel_id is not None:
            members["channelId"] = channel_id

        def matches(data) -> bool:
            return isinstance(data, dict) and all(key in data and data[key] == value for key, value in members.items())

        async def first():
            while True:
                for entry in self.events:
                    name, data, taken = entry
                    if not taken and name in names and matches(data):
                        entry[2] = True
                        return name, data
                self._arrived.clear()
                await self._arrived.wait()

        return await asyncio.wait_for(first(), timeout)

    def take_all(self) -> None:
        """Mark every event received so far as taken: later waits see only what arrives after this."""
        for entry in self.events:
            entry[2] = True

    def seen(self, name: str) -> list:
        """Every event of `name` received so far, taken or not."""
        return [data for event, data, _ in self.events if event == name]

    async def join(self, connect: dict, timeout: float = DEFAULT_TIMEOUT) -> dict:
        """`tunnel:connect`, then `tunnel:connected` (its data) or RelayRefused with the error's code.

        Only an answer naming this channel counts: a core joins many channels on one connection at
        once, and another channel's `tunnel:connected` must not end this join early (the phone's
        handshake would then reach a channel whose core is not joined yet: `peer_offline`)."""
        await self.emit("tunnel:connect", connect)
        name, data = await self.wait(
            ("tunnel:connected", "tunnel:error"), channel_id=connect.get("channelId"), timeout=timeout
        )
        if name == "tunnel:error":
            raise RelayRefused(data.get("code"))
        return data
