"""What a core does the same on wire versions 2 and 3, so that core.py and core_v3.py keep only
their version's channel records, handshakes and sessions.

One account connection serves any number of channels (RELAY-8). Registering one (`tunnel:register`,
RELAY-1) mints a new core key for it (CHAN-KEY-1), caps the relay's expiry with the core's own
clock (CLOCK-1) and joins it as core (RELAY-4). A `tunnel:frame` for a channel the core does not
hold is `unknown_channel` before any check (CHAN-ROUTE-1). Every refusal is kept in `reports` as
(channel id, code); the application (application.py) runs the methods and records what ran.

A version supplies `_new_channel(...)`, its record of a registered channel (with `channel_id`,
`core_static`, and the `code` on the desktop's screen with its `confirming` event), and
`_receive_relay(record, frame)`, one decoded frame of the relay for that channel.
"""

import asyncio
import os

from openhuman_tunnel import base64url, x25519
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.pairing_window import expires_at

from .application import Application
from .clock import unix_seconds
from .connection import RelayConnection, RelayRefused

UNKNOWN_CHANNEL = "unknown_channel"  # CHAN-ROUTE-1, a local code


class RelayCoreBase:
    def __init__(self, url: str, auth, methods=None, grant=None) -> None:
        """`methods` and `grant`: the application's (application.py)."""
        self.application = Application(methods, grant)
        self.connection = RelayConnection(url, auth, on_frame=self._frame)
        self.channels = {}
        self.reports = []

    async def start(self) -> None:
        await self.connection.connect()

    async def stop(self) -> None:
        await self.connection.close()

    # --- channels --------------------------------------------------------------------

    async def register(self) -> str:
        """RELAY-1: a new channel with a new core key (CHAN-KEY-1), joined as core (RELAY-4)."""
        ack = await self.connection.call("tunnel:register", {"role": "core"})
        if not isinstance(ack, dict) or "channelId" not in ack:
            error = ack.get("error") if isinstance(ack, dict) else None
            raise RelayRefused(error.get("code") if isinstance(error, dict) else error)
        expiry = expires_at(unix_seconds(), ack["pairingExpiresAt"])  # CLOCK-1
        record = self._new_channel(ack["channelId"], self._new_core_key(), ack["pairingToken"], expiry)
        self.channels[record.channel_id] = record
        await self.join(record.channel_id)
        return record.channel_id

    def _new_core_key(self) -> bytes:
        """CHAN-KEY-1: a fresh key whose public half no other channel holds; another draw otherwise."""
        held = {x25519.public_key(record.core_static) for record in self.channels.values()}
        while True:
            key = os.urandom(x25519.KEY_LENGTH)
            if x25519.public_key(key) not in held:
                return key

    async def join(self, channel_id: str) -> dict:
        return await self.connection.join({"channelId": channel_id, "role": "core"})

    async def awaiting_confirmation(self, channel_id: str, timeout: float = 10.0) -> str:
        """The code the desktop shows once the pairing reached its confirmation (SAS-3, V3-SAS-1)."""
        record = self.channels[channel_id]
        await asyncio.wait_for(record.confirming.wait(), timeout)
        return record.code

    def executed(self, channel_id: str | None = None) -> list:
        return self.application.executed(channel_id)

    def reported(self, code: str, channel_id: str | None = None) -> int:
        return sum(1 for c, k in self.reports if k == code and (channel_id is None or c == channel_id))

    # --- frames ----------------------------------------------------------------------

    def _known_channel(self, channel_id):
        """The record of `channel_id`, or None with `unknown_channel` reported (CHAN-ROUTE-1)."""
        record = self.channels.get(channel_id)
        if record is None:
            self.reports.append((channel_id, UNKNOWN_CHANNEL))  # dropped before any check
        return record

    async def _frame(self, channel_id, payload) -> None:
        record = self._known_channel(channel_id)
        if record is None:
            return
        try:
            frame = base64url.decode(payload)
        except TunnelError as error:
            self.reports.append((channel_id, error.code))
            return
        await self._receive_relay(record, frame)
