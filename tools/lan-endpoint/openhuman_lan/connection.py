"""One accepted LAN connection as the core sees it: a *carrier connection* of TRANS-3.

The core keeps the connection a message came on and sends its answers there later, from its own
tasks, while the endpoint may be closing it: a send on a connection that is closed, or closes
during the send, is dropped, which is TRANS-3's item 4 (the device resends, TRANS-7).
"""

from aiohttp import web


class LanConnection:
    def __init__(self, websocket: web.WebSocketResponse, source: str) -> None:
        self.websocket = websocket
        self.source = source
        self.channel_id: str | None = None  # from the accepted hello on
        self.closed_with: int | None = None  # the endpoint's close code, for the log

    @property
    def is_open(self) -> bool:
        return not self.websocket.closed

    async def send(self, message: bytes) -> None:
        """One message of chapters 4 to 6, 13 and 14 as one binary message (LAN-4 item 2)."""
        if self.is_open:
            try:
                await self.websocket.send_bytes(message)
            except ConnectionError:
                pass

    async def send_text(self, text: str) -> None:
        """The endpoint's only text message, `session-lost` (LAN-4 item 3, LAN-11)."""
        if self.is_open:
            try:
                await self.websocket.send_str(text)
            except ConnectionError:
                pass

    async def close(self, code: int) -> None:
        """Close with `code` and no reason (LAN-10: a reason could only leak what a log must not
        hold); nothing when already closing."""
        if not self.websocket.closed:
            self.closed_with = code
            await self.websocket.close(code=code)
