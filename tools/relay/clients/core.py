"""The core: one account connection serving any number of channels (RELAY-8), each a CoreChannel of
the Python implementation with its envelope gate (spec 5.10, 5.11, 11.5).

What it does per channel:
- registers it (`tunnel:register`), mints a new core key for it (CHAN-KEY-1), caps the relay's
  expiry with its own clock (CLOCK-1), joins it as core and writes the pairing payload (QR-ENC);
- answers a 0x03 with its 0x04 (the handshake takes the slot, KEYCONF-1);
- opens 0x02 frames (KEYCONF-3): the frame that commits a first pairing makes the channel
  `confirming` and shows the code of the committed handshake; the user (the test) compares it
  with the phone's and confirms (CONFIRM-3) or rejects;
- reads every delivered plaintext with the envelope gate of that session (RPC-2: a request id
  is never executed twice; the memory starts empty with each session) and answers by RPC-6;
- sends `tunnel:session-lost` when a session frame finds no session, at most once a second per
  channel (SIG-CORE-1).

Every refusal is kept in `reports` as (channel id, code) and nothing is sent back for it
(chapter 7); `executed()` lists what the application ran, so tests can assert "nothing executed
twice". Randomness is os.urandom, time the real clock (clients/clock.py), both passed in.
"""

import asyncio
import os
import time

from openhuman_tunnel import base64url, qr, x25519
from openhuman_tunnel.chunks import Splitter
from openhuman_tunnel.core_channel import CoreChannel
from openhuman_tunnel.errors import NO_SESSION, TunnelError
from openhuman_tunnel.frames import NONCE_LENGTH, TYPE_HANDSHAKE
from openhuman_tunnel.handshake import Confirming, Paired, Pending, Revoked
from openhuman_tunnel.pairing_window import expires_at
from openhuman_tunnel.rpc import Dispatch, Reply

from .application import Application
from .clock import monotonic_ms, unix_seconds
from .connection import RelayConnection, RelayRefused

UNKNOWN_CHANNEL = "unknown_channel"  # CHAN-ROUTE-1, a local code
SESSION_LOST_INTERVAL = 1.0  # SIG-CORE-1: at most once per second per channel
_KEY = 32


class ChannelRecord:
    """What the core keeps for one channel: the persisted part (id, key, state) and the live part."""

    def __init__(self, channel_id: str, core_static: bytes, state, pairing_token=None, expires=None) -> None:
        self.channel_id = channel_id
        self.core_static = core_static
        self.channel = CoreChannel(core_static, state)  # restored: no session, empty slot (CHAN-7)
        self.pairing_token = pairing_token
        self.expires = expires
        self.gate = None  # the envelope gate of the current session; new with every commit
        self.code = None  # the code of the committed first pairing, shown while confirming (SAS-3)
        self.shown_handshake = None  # its hs_eph_pub, which the user's Yes names (CONFIRM-4)
        self.confirming = asyncio.Event()
        self.session_lost_at = None


class RelayCore:
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
        core_static = self._new_core_key()
        expiry = expires_at(unix_seconds(), ack["pairingExpiresAt"])  # CLOCK-1
        record = ChannelRecord(ack["channelId"], core_static, Pending(expiry), ack["pairingToken"], expiry)
        self.channels[record.channel_id] = record
        await self.join(record.channel_id)
        return record.channel_id

    def _new_core_key(self) -> bytes:
        """CHAN-KEY-1: a fresh key whose public half no other channel holds; another draw otherwise."""
        held = {x25519.public_key(record.core_static) for record in self.channels.values()}
        while True:
            key = os.urandom(_KEY)
            if x25519.public_key(key) not in held:
                return key

    async def join(self, channel_id: str) -> dict:
        return await self.connection.join({"channelId": channel_id, "role": "core"})

    def pairing_payload(self, channel_id: str) -> str:
        """QR-ENC: the canonical payload with the relay's channel id and token and this channel's key."""
        record = self.channels[channel_id]
        return qr.encode(channel_id, record.pairing_token, x25519.public_key(record.core_static), None, record.expires)

    async def awaiting_confirmation(self, channel_id: str, timeout: float = 10.0) -> str:
        """The code the desktop shows once a first pairing is committed (SAS-3)."""
        record = self.channels[channel_id]
        await asyncio.wait_for(record.confirming.wait(), timeout)
        return record.code

    def confirm(self, channel_id: str) -> None:
        """The user saw the same digits on both screens (CONFIRM-3 case 1), for the code shown (CONFIRM-4)."""
        record = self.channels[channel_id]
        record.channel.confirm(unix_seconds(), record.shown_handshake)

    def reject(self, channel_id: str) -> None:
        self.channels[channel_id].channel.reject(unix_seconds())

    async def revoke(self, channel_id: str) -> None:
        """The user removes the device: the channel is revoked here at once (CHAN-4, CHAN-8: its session
        ends) and at the relay (RELAY-15), which ends the device's credential and connection."""
        record = self.channels[channel_id]
        record.channel = CoreChannel(record.core_static, Revoked())
        record.gate = None
        await self.connection.emit("tunnel:revoke", {"channelId": channel_id})

    def persisted(self) -> list:
        """CHAN-7: what survives a restart, per channel (id, core key, state); no session. A channel
        still confirming is persisted as revoked (CONFIRM-6)."""
        saved = []
        for record in self.channels.values():
            state = record.channel.state
            saved.append((record.channel_id, record.core_static, Revoked() if isinstance(state, Confirming) else state))
        return saved

    def restore(self, persisted: list) -> None:
        for channel_id, core_static, state in persisted:
            self.channels[channel_id] = ChannelRecord(channel_id, core_static, state)

    def executed(self, channel_id: str | None = None) -> list:
        return self.application.executed(channel_id)

    def reported(self, code: str, channel_id: str | None = None) -> int:
        return sum(1 for c, k in self.reports if k == code and (channel_id is None or c == channel_id))

    # --- frames ----------------------------------------------------------------------

    async def _frame(self, channel_id, payload) -> None:
        record = self.channels.get(channel_id)
        if record is None:
            self.reports.append((channel_id, UNKNOWN_CHANNEL))  # CHAN-ROUTE-1: dropped before any check
            return
        try:
            frame = base64url.decode(payload)
            if frame[:1] == bytes((TYPE_HANDSHAKE,)):
                await self._handshake(record, frame)
            else:
                await self._session_frame(record, frame)
        except TunnelError as error:
            self.reports.append((channel_id, error.code))

    async def _send(self, channel_id: str, frame: bytes) -> None:
        await self.connection.send_frame(channel_id, frame)

    async def _handshake(self, record: ChannelRecord, frame: bytes) -> None:
        opened = record.channel.handshake(frame, unix_seconds(), os.urandom(_KEY), os.urandom(NONCE_LENGTH))
        await self._send(record.channel_id, opened.ack)

    async def _session_frame(self, record: ChannelRecord, frame: bytes) -> None:
        slot = record.channel.slot
        try:
            plaintext = record.channel.open(frame, unix_seconds())
        except TunnelError as error:
            self._note_commit(record, slot)
            if error.code == NO_SESSION and isinstance(record.channel.state, Paired):
                await self._session_lost(record)  # SIG-CORE-1 speaks of paired channels only
            raise
        self._note_commit(record, slot)
        await self._deliver(record, plaintext)

    def _note_commit(self, record: ChannelRecord, slot_before) -> None:
        """A frame under the slot's keys committed its handshake (KEYCONF-4): a new session with an
        empty request-id memory (RPC-2), and on a first pairing the code to show (SAS-3)."""
        if slot_before is None or record.channel.slot is not None:
            return
        if isinstance(record.channel.state, Revoked):
            return
        record.gate = self.application.gate()
        if isinstance(record.channel.state, Confirming) and not record.confirming.is_set():
            record.code = slot_before.sas
            record.shown_handshake = slot_before.handshake_ephemeral
            record.confirming.set()

    async def _session_lost(self, record: ChannelRecord) -> None:
        """SIG-CORE-1: tell the device, through the relay, that this core holds no session."""
        now = time.monotonic()
        if record.session_lost_at is not None and now - record.session_lost_at < SESSION_LOST_INTERVAL:
            return
        record.session_lost_at = now
        await self.connection.emit("tunnel:session-lost", {"channelId": record.channel_id})

    async def _deliver(self, record: ChannelRecord, plaintext: bytes) -> None:
        now = monotonic_ms()
        record.gate.expire(now)
        outcome = record.gate.receive(plaintext, now)
        if isinstance(outcome, Reply):
            answers = outcome.plaintexts
        elif isinstance(outcome, Dispatch):
            answers = Splitter(outcome.request_id, await self.application.run(record.channel_id, outcome)).plaintexts()
        else:
            return  # a chunk kept; the message is not complete
        for answer in answers:
            await self._send(record.channel_id, record.channel.seal(answer, os.urandom(NONCE_LENGTH), unix_seconds()))
