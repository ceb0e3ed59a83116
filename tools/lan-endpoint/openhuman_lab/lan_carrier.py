"""The reference device's LAN carrier (LAN-3, LAN-4, TRANS-4): a WebSocket to the `rpc` URL as
scanned, offering the subprotocol, then the hello (the channel id) as its first message.

`connected(lan)` once the upgrade succeeded and the hello is sent; before that `error(lan, code)`
with `refused` (nothing listens), `http-NNN` (an answer other than 101), `no-subprotocol` (an
upgrade without the subprotocol, closed at once, before the hello, LAN-3), `timeout` (no upgrade
within CONNECT_SECONDS of real time, so an attempt never hangs), `failed` (any other). After it,
the WebSocket's close, with any code, is the loss (`closed(lan)`); texts from the endpoint
(`session-lost`, LAN-11) are hints the lab does not act on.
"""

import asyncio
import errno

import aiohttp

from openhuman_lan.limits import SUBPROTOCOL

from .carrier import Carrier, CarrierFailed
from .lan_client import LanClient

CONNECT_SECONDS = 30.0


class LanCarrier(Carrier):
    path = "lan"

    def __init__(self, url: str, hello: str, on_frame, on_lost) -> None:
        super().__init__(on_frame, on_lost)
        self.url = url
        self.hello = hello

    async def _connect(self, deliver, lost) -> LanClient:
        try:
            client = await asyncio.wait_for(LanClient.open(self.url, None, on_message=deliver), CONNECT_SECONDS)
        except TimeoutError:
            raise CarrierFailed("timeout") from None
        except aiohttp.WSServerHandshakeError as error:
            raise CarrierFailed("http-%d" % error.status if error.status != 101 else "bad-upgrade") from None
        except aiohttp.ClientConnectorError as error:
            refused = getattr(error.os_error, "errno", None) == errno.ECONNREFUSED
            raise CarrierFailed("refused" if refused else "failed") from None
        except (aiohttp.ClientError, OSError):
            raise CarrierFailed("failed") from None
        try:
            if client.websocket.protocol != SUBPROTOCOL:
                raise CarrierFailed("no-subprotocol")
            await client.send_text(self.hello)
        except BaseException as error:
            await _quietly_close(client)
            if isinstance(error, CarrierFailed | asyncio.CancelledError):
                raise
            raise CarrierFailed("failed") from None

        async def watch() -> None:
            await client.closed.wait()
            lost(client.close_code)
            await _quietly_close(client)

        self._spawn(watch())
        return client

    async def _write(self, client: LanClient, frame: bytes) -> None:
        await client.send(frame)

    async def _disconnect(self, client: LanClient) -> None:
        """Close 1000 (aiohttp's default), the device's own close (15.2.2's table)."""
        await _quietly_close(client)


async def _quietly_close(client: LanClient) -> None:
    try:
        await asyncio.wait_for(client.close(), 2.0)
    except Exception:
        await client.session.close()
