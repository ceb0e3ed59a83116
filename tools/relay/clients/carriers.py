"""The core's rules that depend on the carrier (spec 15.1, TRANS-1): where it sends (TRANS-3) and
the LAN's `session-lost` hint (LAN-11); the LAN's own handshake bucket (LAN-8) is the bucket
core_v3 hands the library's reconnection with each message. Everything else a core does with a
message is the same whatever carrier brought it.

A *carrier connection* is the core's relay connection for a channel (RelayCarrier) or one LAN
WebSocket (the LAN endpoint's LanConnection, tools/lan-endpoint): each says whether it is open and
sends one message; the LAN's also sends a text.
"""

from .connection import RelayConnection

# TRANS-3 item 1: the answers to a handshake message (version 2's ack, version 3's message 2 of a
# pairing and of a reconnection).
HANDSHAKE_ANSWERS = frozenset((0x04, 0x11, 0x14))
SESSION_LOST = "session-lost"  # LAN-11
HINT_INTERVAL_MS = 1000  # LAN-11: at most one hint per second per channel


class RelayCarrier:
    """The core's relay connection, for one channel: frames as `tunnel:frame` payloads (RELAY-11)."""

    def __init__(self, connection: RelayConnection, channel_id: str) -> None:
        self.connection = connection
        self.channel_id = channel_id

    @property
    def is_open(self) -> bool:
        return self.connection.sio.connected

    async def send(self, frame: bytes) -> None:
        if self.is_open:
            await self.connection.send_frame(self.channel_id, frame)


class Routes:
    """One channel's memory for TRANS-3: the connection of the latest message it accepted, and per
    request the connection of the latest accepted frame that carried its requestId.

    A request's entry goes once its answer is sent, unless its method still runs: a duplicate
    answered `duplicate_request_id` meanwhile moves the entry (item 2), and the method's answer
    must then follow it. So the memory holds the requests in flight, not every id ever seen."""

    def __init__(self) -> None:
        self.latest = None
        self._requests: dict[str, object] = {}
        self._running: set[str] = set()

    def accepted(self, connection) -> None:
        """The channel accepted a message from `connection` (a refused one moves nothing)."""
        self.latest = connection

    def carried(self, request_id: str, connection) -> None:
        self._requests[request_id] = connection

    def dispatched(self, request_id: str) -> None:
        self._running.add(request_id)

    def answered(self, request_id: str, finished: bool = False) -> None:
        """An answer about `request_id` was sent; `finished` when it was its method's own."""
        if finished:
            self._running.discard(request_id)
        if request_id not in self._running:
            self._requests.pop(request_id, None)

    def for_reply(self, frames: list, arrived):
        """Where the messages a received message caused go: item 1 for a handshake's answer, on
        `arrived`; item 3 for anything else (a pairing record, V3-CONFIRM-1)."""
        if frames and frames[0][0] in HANDSHAKE_ANSWERS:
            return self._open(arrived)
        return self.for_other()

    def for_request(self, request_id: str):
        """Item 2: an envelope about a request, on the connection of its latest accepted frame."""
        return self._open(self._requests.get(request_id))

    def for_other(self):
        """Item 3: the connection of the latest accepted message."""
        return self._open(None)

    def _open(self, first):
        """`first` when it is open, else the latest message's connection when open (item 3),
        else None: the message is dropped (item 4)."""
        for connection in (first, self.latest):
            if connection is not None and connection.is_open:
                return connection
        return None


class SessionLostHint:
    """LAN-11: a session frame on a LAN connection for a paired channel with no session is answered
    `session-lost` there, at most once per second per channel (SIG-CORE-1's hint, on the LAN), so
    a flood of stale frames costs the core one text a second."""

    def __init__(self) -> None:
        self._last_ms = None

    async def send(self, connection, now_ms: int) -> None:
        if self._last_ms is not None and now_ms - self._last_ms < HINT_INTERVAL_MS:
            return
        self._last_ms = now_ms
        await connection.send_text(SESSION_LOST)
