"""The relay as a Socket.IO server (python-socketio's AsyncServer on aiohttp): it authenticates each
connection (`accounts`), turns every event into one step of the state machine (`machine`) with
values minted from `secrets` and the wall clock in whole seconds, and sends the step's events.

What it keeps is the state machine's records (channel ids, owners, digests, who is joined, frame
counts) and, per local connection, its account; it logs event names, channel ids, sizes and error
codes, never a payload, token or credential.
"""

import logging
import time

import socketio

from . import inbound
from .accounts import Unauthorized
from .error_codes import PEER_CONGESTED, RELAY_UNAVAILABLE
from .faults import CORE_TO_DEVICE, DEVICE_TO_CORE
from .machine import Relay
from .minting import RandomMinter, supply
from .outcome import ACK

log = logging.getLogger("openhuman-relay")

# The largest Socket.IO message a connection may send. A frame of RELAY-12's 65,536 characters
# fits with room for its JSON; a larger payload up to this size is answered frame_too_large, and
# a message beyond it closes the connection (engine.io), so one connection cannot make the relay
# buffer more than this.
MAXIMUM_MESSAGE_BYTES = 1 << 20

# The most bytes waiting to be written to one connection (RELAY-18). A reader that does not keep
# up stops Engine.IO's writer on the socket's drain, and the packets behind it wait in memory; a
# frame that would take a connection past this is refused to its sender with peer_congested
# instead. The bound is in bytes, not events, because a core multiplexes all its channels on one
# connection: 100 paired phones with two small requests each in flight are 200 events of a few
# hundred bytes, which must wait, while 32 frames of RELAY-12's 65,536 characters (about 65.6 KB
# as Socket.IO text) already fill it.
OUTGOING_BYTES = 32 * 65_600


class RelayServer:
    def __init__(
        self,
        store,
        accounts,
        *,
        client_manager=None,
        faults=None,
        trace=None,
        liveness=None,
        clock=time.time,
        minter=None,
    ):
        self.relay = Relay(store)
        # With a shared Redis: this process's connections, for the survivors should it die.
        self.liveness = liveness
        self.accounts = accounts
        self.faults = faults
        self.trace = trace
        self.clock = clock
        self.minter = minter or RandomMinter()
        # Local connections only: sid -> account (None for a device), and the role each joined
        # a channel in as this process saw it in tunnel:connected (for the fault plan's direction).
        self._account: dict = {}
        self._roles: dict = {}
        # Events run one after another per connection (async_handlers=False), in arrival order, so
        # a connection's frames are forwarded in the order it sent them.
        self.sio = socketio.AsyncServer(
            async_mode="aiohttp",
            client_manager=client_manager,
            async_handlers=False,
            max_http_buffer_size=MAXIMUM_MESSAGE_BYTES,
            logger=False,
            engineio_logger=False,
        )
        self.sio.on("connect", self._connect)
        self.sio.on("disconnect", self._disconnect)
        self.sio.on("*", self._event)

    def attach(self, app):
        self.sio.attach(app)

    def now(self) -> int:
        return int(self.clock())

    async def _connect(self, sid, environ, auth=None):
        try:
            account = self.accounts.authenticate(auth)
        except Unauthorized:
            log.info("connect refused: unauthorized")
            raise socketio.exceptions.ConnectionRefusedError("unauthorized") from None
        self._account[sid] = account
        if self.liveness is not None:
            await self.liveness.connected(sid)
        log.info("connect %s as %s", sid, "core" if account is not None else "device")

    async def _disconnect(self, sid, *reason):
        if sid not in self._account:
            return  # already run by disconnect_all
        account = self._account.pop(sid)
        self._roles.pop(sid, None)
        try:
            emissions = await self.relay.step(sid, account, inbound.DISCONNECT, self.now())
            if self.liveness is not None:
                await self.liveness.disconnected(sid)
            log.info("disconnect %s", sid)
            await self.deliver(sid, emissions)
        except Exception as error:
            # Its records stay until the same role connects again and evicts it (RELAY-8) or,
            # with Redis, until this process dies and a survivor reaps it (liveness.py).
            log.error("disconnect of %s failed: %s", sid, type(error).__name__)

    async def _event(self, name, sid, *args):
        """Every event: one argument, a JSON object (SIG-1); anything else is bad_request. A failure
        of the relay itself (Redis unreachable, a step that cannot commit) is logged, without the
        event's argument, leaves the connection open and the state unchanged, and is answered
        relay_unavailable (RELAY-19), so a sender whose frame was lost hears of it at once."""
        try:
            return await self._run_event(name, sid, args)
        except Exception as error:
            log.error("%.64r from %s failed: %s", name, sid, type(error).__name__)
            if name == "tunnel:register":
                return {"ok": False, "error": {"code": RELAY_UNAVAILABLE}}
            data = args[0] if len(args) == 1 and isinstance(args[0], dict) else {}
            refusal = {"code": RELAY_UNAVAILABLE}
            if inbound.is_channel_id(data.get("channelId")):
                refusal["channelId"] = data["channelId"]
            try:
                await self._emit("tunnel:error", refusal, sid)
            except Exception as failure:  # the connection went away meanwhile
                log.error("relay_unavailable to %s not sent: %s", sid, type(failure).__name__)
            return None

    async def _run_event(self, name, sid, args):
        if sid not in self._account:
            return None
        data = args[0] if len(args) == 1 else None
        if self.trace is not None:
            self.trace.record(self._role(sid), "relay", name, data)
        event = inbound.read(name, data)
        if name == "disconnect" or isinstance(event, inbound.Disconnect):
            event = inbound.INVALID  # not an event a client may send
        supply(event, self.minter)
        emissions = await self.relay.step(sid, self._account[sid], event, self.now())
        _log_step(name, event, emissions)
        ack = await self.deliver(sid, emissions)
        if sid not in self._account:
            # The connection closed while its step ran against a shared store (the disconnection
            # step may have committed first): run the disconnection again, so a join that landed
            # after it leaves no member behind.
            await self.deliver(sid, await self.relay.step(sid, None, inbound.DISCONNECT, self.now()))
        return ack

    async def deliver(self, sender, emissions):
        """Sends the step's events in order; returns the ack of tunnel:register, if any."""
        ack = None
        for target, name, data in emissions:
            if name == ACK:
                ack = data
                if self.trace is not None:
                    self.trace.record("relay", self._role(target), "tunnel:register-ack", data)
            elif name == "tunnel:frame" and self._congested(target, data):
                # Not queued: the sender is told at once, and may send again once the reader has
                # caught up (RELAY-18). The frame counted towards RELAY-13 all the same.
                await self._emit("tunnel:error", {"code": PEER_CONGESTED, "channelId": data["channelId"]}, sender)
            elif name == "tunnel:frame" and self.faults is not None:
                direction = (
                    CORE_TO_DEVICE if self._roles.get(sender, {}).get(data["channelId"]) == "core" else DEVICE_TO_CORE
                )
                await self.faults.forward(data["channelId"], direction, self._emitter(name, data, target))
            else:
                if name == "tunnel:connected":
                    self._roles.setdefault(target, {})[data["channelId"]] = data["role"]
                await self._emit(name, data, target)
        return ack

    def _congested(self, target, data) -> bool:
        """Whether a frame would take a local connection past OUTGOING_BYTES waiting to be written.
        A connection with nothing waiting always takes the frame (RELAY-18). A frame to another
        process's connection goes through the message queue unchecked: the bound holds on one
        relay process, not yet across several (12.8)."""
        eio_sid = self.sio.manager.eio_sid_from_sid(target, "/")
        socket = self.sio.eio.sockets.get(eio_sid) if eio_sid is not None else None
        if socket is None or socket.queue.empty():
            return False
        # Engine.IO keeps a connection's unwritten packets in an asyncio.Queue (python-engineio
        # 4.15.1, pinned in requirements.txt); the frame's own size is its payload's length.
        waiting = sum(len(packet.data) for packet in socket.queue._queue if isinstance(packet.data, (str, bytes)))
        return waiting + len(data.get("payload", "")) > OUTGOING_BYTES

    def _emitter(self, name, data, target):
        async def emit():
            await self._emit(name, data, target)

        return emit

    async def _emit(self, name, data, target):
        # A local connection is served directly; another process's goes through the message
        # queue (AsyncRedisManager), which this process's own listener would otherwise also read.
        local = self.sio.manager.is_connected(target, "/")
        if self.trace is not None and local:
            self.trace.record("relay", self._role(target), name, data)
        await self.sio.emit(name, data, to=target, ignore_queue=local)

    def _role(self, sid) -> str:
        """A local connection's side for the trace: a core has an account, a device has none."""
        return "core" if self._account.get(sid) is not None else "device"

    async def disconnect_all(self):
        """Runs the disconnection step of every local connection (a clean shutdown), so the peers
        on other relay processes learn it at once instead of seeing stale members."""
        for sid in list(self._account):
            await self._disconnect(sid)


def _log_step(name: str, event, emissions):
    """One line per step, without payloads or secrets; frames only at DEBUG (a busy relay forwards
    thousands a second)."""
    frame = isinstance(event, inbound.Frame)
    if frame and not log.isEnabledFor(logging.DEBUG):
        return
    channel = getattr(event, "channel_id", None)
    errors = " ".join(data["code"] for _, event_name, data in emissions if event_name == "tunnel:error")
    if frame:
        log.debug("%s channel=%s size=%d %s", name, channel, len(event.payload), errors)
    else:
        log.info("%.64r channel=%s %s", name, channel, errors or "ok")
