"""A TCP gate between the phone and the relay: the lab's way to make the relay unreachable to the
phone alone.

Stopping the relay would end the core's connection and the relay's channels too; the live checks
want the relay down for the phone only, with the core still joined and the relay's state kept.
So the phone always connects to the relay through this gate, a byte-for-byte TCP proxy on
127.0.0.1: `down` closes its listener (a connect is then refused at once, as a stopped relay's
would be) and cuts every connection through it; `up` listens again on the same port.
"""

import asyncio
import logging

log = logging.getLogger("openhuman-transport-lab")

CHUNK = 64 * 1024
CLOSE_SECONDS = 1.0


class TcpGate:
    def __init__(self, target_host: str, target_port: int, host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self.host = host
        self.port = 0  # an ephemeral one at the first `up`, the same one afterwards
        self._server: asyncio.Server | None = None
        self._links: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def is_up(self) -> bool:
        return self._server is not None

    async def up(self) -> None:
        if self._server is not None:
            return
        self._server = await asyncio.start_server(self._connected, self.host, self.port, reuse_address=True)
        self.port = self._server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        """No listener, and every connection through the gate cut at once, both ways."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
        for writer in list(self._links):
            writer.transport.abort()
        self._links.clear()
        if server is not None:
            try:
                await asyncio.wait_for(server.wait_closed(), CLOSE_SECONDS)
            except TimeoutError:
                pass

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._links.add(writer)  # cut by a `down` even while the relay's side is being opened
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError as error:
            log.warning("gate: the relay refused a connection: %s", error)
            self._links.discard(writer)
            writer.transport.abort()
            return
        pair = (writer, upstream_writer)
        self._links.add(upstream_writer)
        if self._server is None or writer.transport.is_closing():  # the gate went down meanwhile
            self._links.difference_update(pair)
            for end in pair:
                end.transport.abort()
            return
        try:
            await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))
        finally:
            for end in pair:
                self._links.discard(end)
                end.transport.abort()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy until either end closes; then close the other's writing side."""
    try:
        while chunk := await reader.read(CHUNK):
            writer.write(chunk)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()
    except (ConnectionError, OSError):
        writer.transport.abort()
