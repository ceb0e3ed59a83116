"""The version 3 core: one account connection serving any number of version 3 channels (RELAY-8),
each a pairing of chapter 13 and then sessions of chapter 14, with the envelope gate of chapter 11.

What it does per channel:
- registers it as core_base.py does (a new core key, CLOCK-1's expiry, joined as core) with a new
  16-byte pairing secret (QR3-ENC-2), and writes the version 3 pairing payload (8.12);
- routes each frame by its type octet: `0x16` to the channel's current session; every other octet
  to the pairing (`CorePairingV3`, V3-CORE-1) while the channel is not paired, and to the
  reconnection (`CoreReconnectionV3`, V3-RECON-2) once it is; the pairing and the reconnection
  refuse the octets that are not theirs with their own codes;
- shows the code once the reveal matched (`confirming`); the user (the test) compares it with the
  phone's and confirms, which sends the core's record; when both confirmations are made the
  channel is paired (V3-CONFIRM-2) and its first session is the one the pairing's commit started
  (`CorePairingV3.session`, from the attempt's transport keys: device's first counter 2, core's 1,
  V3-SESS-1);
- answers a reconnection's message 1 (`0x14`) and, when its key confirmation (`0x15`) commits
  it, takes the session that commit started (`CoreReconnectionV3.session`: 1 and 0);
- reads every message a session delivers (whole, or reassembled from fragments, 14.6) as one
  envelope with the channel's gate, one per channel across its sessions: a new session moves
  the request ids to the previous session's memory (RPC-2), so a retry in the next session under
  the same requestId is answered from memory, never run again; answers go back as one message
  each, fragmented by the session when large;
- takes messages from the relay and from LAN connections alike (TRANS-1, `receive_lan` for the
  LAN endpoint of tools/lan-endpoint), with two differences (carriers.py): a reconnection's
  message 1 takes its token from the channel's relay bucket or from its LAN bucket (LAN-8), and
  everything the core sends goes on the carrier connection TRANS-3 picks: a handshake's answer
  where the handshake came from, a request's answer where its latest copy came from, anything else
  where the latest accepted message came from. A method runs in a task of its own, so the LAN
  endpoint's reading (which awaits each hand-off) never waits for it.

Every refusal is kept in `reports` as (channel id, code) and nothing is sent back for it
(chapter 7), but for LAN-11's `session-lost` hint; `executed()` lists what the application ran.
A method may be a coroutine function (an application that awaits something before it answers).
Randomness is os.urandom, time the real clock (clients/clock.py), both passed in.
"""

import asyncio
import os

from openhuman_tunnel import envelope, qr_v3, x25519
from openhuman_tunnel.core_pairing_v3 import CONFIRMING, PAIRED, CorePairingV3
from openhuman_tunnel.core_reconnect_v3 import CoreReconnectionV3
from openhuman_tunnel.errors import NO_SESSION, TunnelError
from openhuman_tunnel.handshake_rate import HandshakeRate
from openhuman_tunnel.rpc import Dispatch, Reply
from openhuman_tunnel.session_v3_frames import TYPE_SESSION_V3

from .carriers import RelayCarrier, Routes, SessionLostHint
from .clock import monotonic_ms, unix_seconds
from .core_base import RelayCoreBase

PAIRING_SECRET_LENGTH = 16  # `ps` (8.12, V3-PSK-1)


class ChannelV3:
    """What the core keeps for one version 3 channel."""

    def __init__(
        self, channel_id: str, core_static: bytes, pairing_secret: bytes, pairing_token, expires, relay: RelayCarrier
    ) -> None:
        self.channel_id = channel_id
        self.cid = channel_id.encode("ascii")  # the prologue's bytes (V3-PRO-1)
        self.core_static = core_static
        self.pairing_secret = pairing_secret
        self.pairing_token = pairing_token
        self.expires = expires
        self.pairing = CorePairingV3(core_static, self.cid, pairing_secret, expires)
        self.reconnection = None  # CoreReconnectionV3 once paired
        self.session = None  # the current SessionV3
        self.sessions = 0  # sessions started so far
        self.gate = None  # CoreGate, from the first session on (RPC-2 across one re-handshake)
        self.code = None  # the code on the desktop's screen while confirming (V3-SAS-1)
        self.confirming = asyncio.Event()
        self.relay = relay  # the channel's carrier connection on the relay
        self.routes = Routes()  # TRANS-3
        self.relay_rate = HandshakeRate()  # HS-RATE-1's bucket for the relay's reconnections (V3-RATE-1)
        self.lan_rate = HandshakeRate()  # LAN-8's second bucket, for the LAN's
        self.session_lost = SessionLostHint()  # LAN-11


class RelayCoreV3(RelayCoreBase):
    def __init__(self, url: str, auth, methods=None, grant=None) -> None:
        super().__init__(url, auth, methods, grant)
        self._methods_running = set()  # the tasks of methods (kept, or the loop may drop them)

    async def stop(self) -> None:
        for task in list(self._methods_running):
            task.cancel()
        await super().stop()

    # --- channels --------------------------------------------------------------------

    def _new_channel(self, channel_id: str, core_static: bytes, pairing_token: str, expiry: int) -> ChannelV3:
        """With a new pairing secret (QR3-ENC-2) and the channel's carrier on the relay (TRANS-3)."""
        return ChannelV3(
            channel_id,
            core_static,
            os.urandom(PAIRING_SECRET_LENGTH),
            pairing_token,
            expiry,
            RelayCarrier(self.connection, channel_id),
        )

    def pairing_payload(self, channel_id: str, rpc: str | None = None) -> str:
        """QR3-ENC-1: the canonical version 3 payload, with this channel's key and secret, and the
        LAN endpoint's URL `rpc` when one listens for this core (LAN-1)."""
        record = self.channels[channel_id]
        return qr_v3.encode(
            channel_id,
            record.pairing_token,
            x25519.public_key(record.core_static),
            record.pairing_secret,
            rpc,
            record.expires,
        )

    def channel(self, channel_id: str) -> ChannelV3:
        return self.channels[channel_id]

    async def confirm(self, channel_id: str) -> None:
        """The desktop user's Yes for the code its dialog showed (V3-CONFIRM-1, V3-CONFIRM-2): the
        core's record goes to the phone, and the channel is paired if the phone's Match came."""
        record = self.channels[channel_id]
        record.pairing.confirm(record.code, unix_seconds())
        await self._send_all(record.routes.for_other(), record.pairing.take_outgoing())
        self._commit_pairing(record)

    async def reject(self, channel_id: str) -> None:
        """The desktop user's No: the channel is revoked, and the phone told once the code was shown."""
        record = self.channels[channel_id]
        record.pairing.reject(unix_seconds())
        await self._send_all(record.routes.for_other(), record.pairing.take_outgoing())

    def is_paired(self, channel_id: str) -> bool:
        """LAN-5: a channel of this core that V3-CONFIRM-2 committed (none is revoked after it here)."""
        record = self.channels.get(channel_id)
        return record is not None and record.reconnection is not None

    # --- frames ----------------------------------------------------------------------

    async def _receive_relay(self, record: ChannelV3, frame: bytes) -> None:
        await self._receive(record, frame, record.relay, lan=False)

    async def receive_lan(self, channel_id: str, message: bytes, connection) -> None:
        """One binary message of a LAN connection, for its hello's channel (LAN-6): checked as a
        relay frame is (TRANS-1); a session frame without a session is hinted `session-lost`."""
        record = self._known_channel(channel_id)
        if record is not None:
            await self._receive(record, message, connection, lan=True)

    async def _receive(self, record: ChannelV3, frame: bytes, carrier, lan: bool) -> None:
        try:
            if frame[:1] == bytes((TYPE_SESSION_V3,)):
                await self._session_frame(record, frame, carrier)
            elif record.reconnection is not None:
                await self._reconnection_frame(record, frame, carrier, lan)
            else:
                await self._pairing_frame(record, frame, carrier)
        except TunnelError as error:
            self.reports.append((record.channel_id, error.code))
            if lan and error.code == NO_SESSION:
                await record.session_lost.send(carrier, monotonic_ms())

    async def _send_all(self, carrier, frames: list) -> None:
        """Every frame of one message on the one connection chosen for it (TRANS-3), or none."""
        if carrier is None:
            return
        for frame in frames:
            await carrier.send(frame)

    # --- the pairing (V3-CORE-1) and the reconnection (V3-RECON-2) --------------------

    async def _pairing_frame(self, record: ChannelV3, frame: bytes, carrier) -> None:
        pairing = record.pairing
        pairing.receive(frame, unix_seconds(), None, None)  # raises, and sends nothing, on a refusal
        record.routes.accepted(carrier)
        outgoing = pairing.take_outgoing()
        if pairing.state == CONFIRMING and not record.confirming.is_set():
            record.code = pairing.code
            record.confirming.set()
        await self._send_all(record.routes.for_reply(outgoing, carrier), outgoing)
        self._commit_pairing(record)

    def _commit_pairing(self, record: ChannelV3) -> None:
        """V3-CONFIRM-2 made both confirmations: the channel keeps the device's key and the
        reconnection psk, and its first session is the one the commit started (V3-CHAN-1)."""
        pairing = record.pairing
        if pairing.state != PAIRED or record.reconnection is not None:
            return
        record.reconnection = CoreReconnectionV3(
            record.core_static, record.cid, pairing.device_public_key, pairing.reconnect_psk
        )
        record.gate = self.application.gate(granted_at=monotonic_ms())  # AUTH-5 from now
        self._start_session(record, pairing.session)

    async def _reconnection_frame(self, record: ChannelV3, frame: bytes, carrier, lan: bool) -> None:
        reconnection = record.reconnection
        before = reconnection.session
        reconnection.receive(frame, unix_seconds(), None, record.lan_rate if lan else record.relay_rate)  # LAN-8
        record.routes.accepted(carrier)
        outgoing = reconnection.take_outgoing()
        await self._send_all(record.routes.for_reply(outgoing, carrier), outgoing)
        if reconnection.session is not before:  # the key confirmation committed it (V3-RECON-2 step 3)
            record.gate.start_session()  # RPC-2: this session's ids become the previous session's
            self._start_session(record, reconnection.session)

    def _start_session(self, record: ChannelV3, session) -> None:
        """The channel's current session from now on: the library started it at the commit, so a
        replaced session's keys go with the object that held them."""
        record.session = session
        record.sessions += 1

    # --- sessions (chapter 14) and envelopes (chapter 11) -----------------------------

    async def _session_frame(self, record: ChannelV3, frame: bytes, carrier) -> None:
        if record.session is None:
            raise TunnelError(NO_SESSION)
        message = record.session.receive(frame)
        record.routes.accepted(carrier)
        if message is not None:
            await self._deliver(record, message, carrier)

    async def _deliver(self, record: ChannelV3, message: bytes, carrier) -> None:
        now = monotonic_ms()
        record.gate.expire(now)
        outcome = record.gate.receive(message, now)
        if isinstance(outcome, Reply):  # the layer's own answers: pings, refusals, duplicates
            request_id = envelope.parse(message, "core").request_id  # read whole by the gate already
            record.routes.carried(request_id, carrier)
            for answer in outcome.plaintexts:
                await self._answer(record, request_id, answer)
            record.routes.answered(request_id)
        elif isinstance(outcome, Dispatch):
            record.routes.carried(outcome.request_id, carrier)
            record.routes.dispatched(outcome.request_id)
            task = asyncio.get_running_loop().create_task(self._dispatch(record, outcome))
            self._methods_running.add(task)
            task.add_done_callback(self._methods_running.discard)
        # else: a chapter 11 chunk kept (version 3 sends none, 14.6)

    async def _dispatch(self, record: ChannelV3, request: Dispatch) -> None:
        answer = await self.application.run(record.channel_id, request)
        try:
            await self._answer(record, request.request_id, answer)
        except TunnelError as error:
            self.reports.append((record.channel_id, error.code))
        record.routes.answered(request.request_id, finished=True)

    async def _answer(self, record: ChannelV3, request_id: str, answer: bytes) -> None:
        """One envelope about `request_id`, on the connection of that request's latest accepted
        frame (TRANS-3 item 2), under the session current when the answer is ready: a frame of an
        older session would fail at the phone, whose keys of it are gone."""
        carrier = record.routes.for_request(request_id)
        if carrier is not None:
            await self._send_all(carrier, record.session.send(answer, unix_seconds()))
