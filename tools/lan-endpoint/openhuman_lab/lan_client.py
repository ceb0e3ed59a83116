"""The device's side of one LAN connection (LAN-3, LAN-4), for the transport lab's reference device
and the endpoint's tests: aiohttp's WebSocket client at the `rpc` URL as written (aiohttp reads
`http` as `ws`), offering the subprotocol and no extension, with no credential, from a chosen
loopback source address (Linux routes all of 127.0.0.0/8 to the loopback interface, so each address
is another source to the endpoint).

Binary messages go to a handler or are kept; texts are kept; the close code is kept once the
connection closes. Every wait is bounded.
"""

import asyncio

import aiohttp

from openhuman_lan.limits import SUBPROTOCOL

WAIT_SECONDS = 5.0


class LanClient:
    def __init__(self, session: aiohttp.ClientSession, websocket, on_message) -> None:
        self.session = session
        self.websocket = websocket
        self.on_message = on_message  # async (bytes), or None to keep them in `messages`
        self.messages: list[bytes] = []
        self.texts: list[str] = []
        self.pongs = 0  # seen only with autoping off
        self.close_code: int | None = None
        self.closed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls, url: str, hello: str | None = None, *, source: str = "127.0.0.1", on_message=None, autoping: bool = True
    ) -> "LanClient":
        """Upgrade with the subprotocol, then send `hello` (when given) at once."""
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))
        try:
            websocket = await session.ws_connect(url, protocols=(SUBPROTOCOL,), autoping=autoping, compress=0)
        except BaseException:
            await session.close()
            raise
        client = cls(session, websocket, on_message)
        if hello is not None:
            await websocket.send_str(hello)
        return client

    async def _read(self) -> None:
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                if self.on_message is None:
                    self.messages.append(message.data)
                else:
                    await self.on_message(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(message.data)
            elif message.type == aiohttp.WSMsgType.PONG:
                self.pongs += 1
        self.close_code = self.websocket.close_code
        self.closed.set()

    async def send(self, message: bytes) -> None:
        await self.websocket.send_bytes(message)

    async def send_text(self, text: str) -> None:
        await self.websocket.send_str(text)

    async def wait_closed(self, timeout: float = WAIT_SECONDS) -> int:
        """The close code, once the endpoint closed the connection."""
        await asyncio.wait_for(self.closed.wait(), timeout)
        return self.close_code

    async def close(self) -> None:
        await self.websocket.close()
        await self._reader
        await self.session.close()
