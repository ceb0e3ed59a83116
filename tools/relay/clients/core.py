"""The core: one account connection serving any number of channels (RELAY-8), each a CoreChannel of
the Python implementation with its envelope gate (spec 5.10, 5.11, 11.5).

What it does per channel:
- registers it as core_base.py does (a new core key, CLOCK-1's expiry, joined as core) and writes
  the pairing payload (QR-ENC);
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

from openhuman_tunnel import qr, x25519
from openhuman_tunnel.chunks import Splitter
from openhuman_tunnel.core_channel import CoreChannel
from openhuman_tunnel.errors import NO_SESSION, TunnelError
from openhuman_tunnel.frames import NONCE_LENGTH, TYPE_HANDSHAKE
from openhuman_tunnel.handshake import Confirming, Paired, Pending, Revoked
from openhuman_tunnel.rpc import Dispatch, Reply

from .clock import monotonic_ms, unix_seconds
from .core_base import RelayCoreBase

SESSION_LOST_INTERVAL = 1.0  # SIG-CORE-1: at most once per second per channel


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


class RelayCore(RelayCoreBase):
    # --- channels --------------------------------------------------------------------

    def _new_channel(self, channel_id: str, core_static: bytes, pairing_token: str, expiry: int) -> ChannelRecord:
        return ChannelRecord(channel_id, core_static, Pending(expiry), pairing_token, expiry)

    def pairing_payload(self, channel_id: str) -> str:
        """QR-ENC: the canonical payload with the relay's channel id and token and this channel's key."""
        record = self.channels[channel_id]
        return qr.encode(channel_id, record.pairing_token, x25519.public_key(record.core_static), None, record.expires)

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

    # --- frames ----------------------------------------------------------------------

    async def _receive_relay(self, record: ChannelRecord, frame: bytes) -> None:
        try:
            if frame[:1] == bytes((TYPE_HANDSHAKE,)):
                await self._handshake(record, frame)
            else:
                await self._session_frame(record, frame)
        except TunnelError as error:
            self.reports.append((record.channel_id, error.code))

    async def _send(self, channel_id: str, frame: bytes) -> None:
        await self.connection.send_frame(channel_id, frame)

    async def _handshake(self, record: ChannelRecord, frame: bytes) -> None:
        opened = record.channel.handshake(
            frame, unix_seconds(), os.urandom(x25519.KEY_LENGTH), os.urandom(NONCE_LENGTH)
        )
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
