"""The reference device's relay carrier (chapter 12, TRANS-4): a Socket.IO connection to the relay
(through the lab's gate) and `tunnel:connect` with the device credential the pairing issued
(SIG-DEV-1), as tools/relay/clients/phone_v3.py's phone joins.

`connected(relay)` at `tunnel:connected` for the channel; before it `error(relay, code)` with
`refused` (the Socket.IO connection fails or is refused), the relay's own code when a
`tunnel:error` refuses the join, or `timeout`. After it, the loss (`closed(relay)`): the connection
lost, or `tunnel:evicted` or `tunnel:revoked` for the channel (the connection is then closed too).
"""

import asyncio

import socketio.exceptions

from clients.connection import RelayConnection, RelayRefused
from openhuman_tunnel import base64url

from .carrier import Carrier, CarrierFailed

CONNECT_SECONDS = 10.0
LOSING_EVENTS = ("tunnel:evicted", "tunnel:revoked")


class RelayCarrier(Carrier):
    path = "relay"

    def __init__(self, url: str, channel_id: str, credential: str, on_frame, on_lost) -> None:
        super().__init__(on_frame, on_lost)
        self.url = url
        self.channel_id = channel_id
        self.credential = credential

    async def _connect(self, deliver, lost) -> RelayConnection:
        async def frame(channel_id, payload) -> None:
            if channel_id == self.channel_id:
                try:
                    decoded = base64url.decode(payload)
                except Exception:
                    return  # not a frame of this pairing's: dropped unread
                await deliver(decoded)

        async def listener(name: str, data) -> None:
            if name in LOSING_EVENTS and isinstance(data, dict) and data.get("channelId") == self.channel_id:
                lost(None)
                await _quietly_close(connection)

        connection = RelayConnection(self.url, on_frame=frame, listener=listener)
        try:
            await connection.connect(CONNECT_SECONDS)
            await connection.join(
                {"channelId": self.channel_id, "role": "client", "deviceCredential": self.credential}, CONNECT_SECONDS
            )
        except BaseException as error:
            await _quietly_close(connection)
            if isinstance(error, RelayRefused):
                raise CarrierFailed(error.code if isinstance(error.code, str) else "refused") from None
            if isinstance(error, TimeoutError):
                raise CarrierFailed("timeout") from None
            if isinstance(error, socketio.exceptions.ConnectionError | OSError):
                raise CarrierFailed("refused") from None
            raise

        async def watch() -> None:
            await connection.disconnected.wait()
            lost(None)

        self._spawn(watch())
        return connection

    async def _write(self, connection: RelayConnection, frame: bytes) -> None:
        await connection.send_frame(self.channel_id, frame)

    async def _disconnect(self, connection: RelayConnection) -> None:
        await _quietly_close(connection)


async def _quietly_close(connection: RelayConnection) -> None:
    try:
        await asyncio.wait_for(connection.close(), 2.0)
    except Exception:
        pass
    # Engine.IO's HTTP session (`eio.http`, what AsyncClient's http_session would be): a disconnect
    # closes it, but a connect that failed leaves it open, and the lab retries a refused relay often.
    http = getattr(connection.sio.eio, "http", None)
    if http is not None and not http.closed:
        await http.close()
