"""The reference device (the phone) of the transport lab: it carries out the selection's actions
(spec 15.4, TRANS-4 to TRANS-8) on its two carriers and reports what happens, while the runner's
adapter decides.

State, per pairing (TRANS-1): the profile it kept (TRANS-10), its session or none, at most one
reconnection handshake outstanding and the path it runs on, a probe per path, the path in use, the
paths draining, and the runner's requests. Every action changes this state at once and without
waiting (the runner gets its answer at once); what takes time (a connect, a send) runs in tasks,
and its outcome comes back as a report dated by the lab's clock.

- `connect(p)`: open p's carrier; `connected(p)` or `error(p, code)`. A carrier already open (a
  draining one, TRANS-7) is reused and reported connected at once.
- `probe(p)` (TRANS-5): with a session, one `openhuman.ping` sealed in it on p, healthy when its
  response comes back on p; without one and with no handshake outstanding, a reconnection
  (0x13, then 0x15 at message 2, V3-RECON-4) on p, then the ping; with a handshake outstanding,
  nothing until it ends: then the ping, or a handshake of its own if it was given up. A handshake
  is given up when its path's carrier closes, by the device or not. A probe reports no failure;
  a new probe of p replaces the old one, whose ping is then forgotten.
- `close(p)`: the carrier closed at once; its requests wait for a `resend`.
- `drain(p)`: nothing new on p, and p closed once no pending request was last sent on it.
- `use(p)`: new requests go to p. `resend(p)`: every pending request last sent elsewhere, and every
  held one, sent again on p with its requestId, method and params (ENV-5).
- An error `duplicate_request_id` for a request sent more than once does not end it (TRANS-8).
- Two requests of the session in a row without a response end the session (TRANS-6): a runner's
  request that reached its deadline, or a probe's ping still unanswered when the device closed its
  path's open carrier (the lab cannot tell the runner's deadline from its other reasons to close,
  so it counts every such close). Any answer starts the count again. The next probe then runs a
  handshake, and a probe whose ping is in flight runs one on its own path. The hints
  (`session-lost`) are not acted on: the lab's core never loses its session.
"""

import asyncio
import logging
import os
import uuid

from clients.clock import unix_seconds
from openhuman_tunnel import envelope
from openhuman_tunnel.device_reconnect_v3 import DeviceReconnectionV3
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.reconnect_v3_messages import TYPE_RECONNECT_2
from openhuman_tunnel.session_v3_frames import TYPE_SESSION_V3

from .carrier import CarrierFailed, Superseded
from .clock import LabClock
from .lan_carrier import LanCarrier
from .profile import DeviceProfile
from .relay_carrier import RelayCarrier
from .reports import Reports
from .requests import Request, RequestBook

log = logging.getLogger("openhuman-transport-lab")

LAN, RELAY = "lan", "relay"
UNANSWERED = 2  # TRANS-6: requests in a row without a response that end the session
PATHS = (LAN, RELAY)  # in the order of preference (15.5.1)
PING = "openhuman.ping"
REQUEST_DEADLINE_MS = 120_000  # a runner's request, in selection time
_KEY = 32


class ReferenceDevice:
    def __init__(self, profile: DeviceProfile, relay_url: str, reports: Reports, clock: LabClock) -> None:
        self.profile = profile
        self.reports = reports
        self.clock = clock
        self.carriers = {
            LAN: LanCarrier(profile.rpc, profile.channel_id, self._frame, self._lost),
            RELAY: RelayCarrier(relay_url, profile.channel_id, profile.credential, self._frame, self._lost),
        }
        self.session = None  # the current SessionV3
        self.handshake: tuple[str, DeviceReconnectionV3] | None = None  # (path, reconnection) outstanding
        self.probes: dict[str, str | None] = {}  # path -> its ping's requestId, None until sent
        self.in_use: str | None = None
        self.draining: set[str] = set()
        self.book = RequestBook()
        self._connecting: dict[str, asyncio.Task] = {}
        self._deadlines: dict[str, asyncio.TimerHandle] = {}
        self._unanswered = 0  # TRANS-6's count

    # --- actions (ADP-134's `kind(path)`) --------------------------------------------

    def act(self, kind: str, path: str) -> None:
        {
            "connect": self._connect,
            "probe": self._probe,
            "close": self._close,
            "drain": self._drain,
            "use": self._use,
            "resend": self._resend,
        }[kind](path)

    def _connect(self, path: str) -> None:
        self.draining.discard(path)
        if self.carriers[path].is_open:
            self.reports.event("connected", path)  # TRANS-7: a draining carrier is reused
        elif path not in self._connecting:
            task = asyncio.get_running_loop().create_task(self._open(path))
            self._connecting[path] = task

    async def _open(self, path: str) -> None:
        try:
            await self.carriers[path].open()
        except CarrierFailed as failure:
            self.reports.event("error", path, code=failure.code)
        except Superseded:
            pass
        except Exception as failure:  # never a crash: an unforeseen failure is still a failure to connect
            log.warning("%s: connect failed: %r", path, failure)
            self.reports.event("error", path, code="failed")
        else:
            self.reports.event("connected", path)
        finally:
            if self._connecting.get(path) is asyncio.current_task():
                del self._connecting[path]

    def _probe(self, path: str) -> None:
        self.probes[path] = None  # replaces an older probe of the path: its ping is forgotten
        self._advance(path)

    def _close(self, path: str) -> None:
        connecting = self._connecting.pop(path, None)
        if connecting is not None:
            connecting.cancel()
        carrier = self.carriers[path]
        unanswered = carrier.is_open and self.probes.pop(path, None) is not None
        carrier.close()
        self._ended(path)
        if unanswered:
            self._no_response()  # its ping ended unanswered on an open carrier (TRANS-6)

    def _drain(self, path: str) -> None:
        if self.carriers[path].is_open:
            self.draining.add(path)
            self._check_drained()

    def _use(self, path: str) -> None:
        self.in_use = path
        self.draining.discard(path)

    def _resend(self, path: str) -> None:
        for request in self.book.all_pending():
            if request.last != path:
                self._send_request(request, path)
        self._check_drained()

    # --- the runner's requests (TRANS-7, TRANS-8) --------------------------------------

    def request(self, request_id: str, method: str, params: bytes) -> None:
        """A new request on the path in use when its carrier is open and a session runs, else held
        until a `resend` (or, held for want of a session alone, until the next session starts); it
        ends at its deadline if nothing answers it."""
        request = self.book.add(request_id, method, params)
        self._deadlines[request_id] = asyncio.get_running_loop().call_later(
            self.clock.seconds(REQUEST_DEADLINE_MS), self._expire, request_id
        )
        if self.in_use is not None:
            self._send_request(request, self.in_use)

    def _send_request(self, request: Request, path: str) -> None:
        carrier = self.carriers[path]
        if self.session is None or not carrier.is_open:
            return  # held, or left where it was, until a later resend
        message = envelope.encode_request(request.request_id, request.method, request.params, False)
        carrier.send(self.session.send(message, unix_seconds()))
        request.sent(path)

    def _expire(self, request_id: str) -> None:
        """RPC-5: the deadline passed; the request ends without an answer."""
        self._deadlines.pop(request_id, None)
        request = self.book.pending(request_id)
        if request is not None:
            self.book.end(request_id, None)
            if request.sent_on:
                self._no_response()
            self._check_drained()

    def _check_drained(self) -> None:
        for path in list(self.draining):
            if not self.book.last_sent_on(path):
                self._close(path)

    # --- probes and the handshake (TRANS-5) --------------------------------------------

    def _advance(self, path: str) -> None:
        """Take the probe of `path` one step: the ping when a session runs, else a handshake on its
        path when none is outstanding; else it waits for the outstanding one."""
        if path not in self.probes or self.probes[path] is not None:
            return
        carrier = self.carriers[path]
        if not carrier.is_open:
            return  # nothing can go: the path's deadline ends the probe
        if self.session is not None:
            ping = uuid.uuid4().hex
            self.probes[path] = ping
            message = envelope.encode_request(ping, PING, b"{}", False)
            carrier.send(self.session.send(message, unix_seconds()))
        elif self.handshake is None:
            profile = self.profile
            reconnection = DeviceReconnectionV3(
                profile.core_public, profile.cid, profile.device_static, os.urandom(_KEY), profile.reconnect_psk
            )
            self.handshake = (path, reconnection)
            carrier.send([reconnection.message_one])

    def _message_2(self, frame: bytes) -> None:
        path, reconnection = self.handshake
        try:
            reconnection.receive(frame, unix_seconds())
        except TunnelError as error:
            log.info("a message 2 refused: %s", error.code)  # a forged one ends nothing (V3-NOISE-3)
            return
        self.handshake = None
        self.carriers[path].send(reconnection.take_outgoing())  # 0x15 first, on the handshake's path
        self.session, self._unanswered = reconnection.session, 0
        for waiting in PATHS:
            self._advance(waiting)
        if self.in_use is not None:  # held for want of a session only (after TRANS-6): they go now
            for request in self.book.all_pending():
                if request.last is None:
                    self._send_request(request, self.in_use)

    def _no_response(self) -> None:
        """TRANS-6: one more request of the session without a response; at UNANSWERED the session
        is gone, and probes whose ping is in flight go on with a handshake."""
        self._unanswered += 1
        if self._unanswered < UNANSWERED or self.session is None:
            return
        log.info("two requests without a response: no session (TRANS-6)")
        self.session, self._unanswered = None, 0
        for path, ping in self.probes.items():
            if ping is not None:
                self.probes[path] = None
        for path in PATHS:
            self._advance(path)

    def _ended(self, path: str) -> None:
        """`path`'s carrier is gone: its probe ends, a handshake on it is given up (the probes that
        waited for it then run their own), and it drains no more."""
        self.draining.discard(path)
        self.probes.pop(path, None)
        if self.handshake is not None and self.handshake[0] == path:
            self.handshake = None
            for waiting in PATHS:
                self._advance(waiting)

    # --- what the carriers bring -------------------------------------------------------

    def _lost(self, path: str, code) -> None:
        log.info("%s lost (%s)", path, code)
        self.reports.event("closed", path)
        self._ended(path)

    async def _frame(self, path: str, frame: bytes) -> None:
        """One message from the core, whatever carrier brought it (TRANS-1)."""
        octet = frame[0] if frame else None
        if octet == TYPE_SESSION_V3 and self.session is not None:
            try:
                message = self.session.receive(frame)
            except TunnelError as error:
                log.info("%s: a session frame refused: %s", path, error.code)
                return
            if message is not None:
                self._answer(message, path)
        elif octet == TYPE_RECONNECT_2 and self.handshake is not None:
            self._message_2(frame)

    def _answer(self, message: bytes, path: str) -> None:
        try:
            answer = envelope.parse(message, "device")
        except TunnelError as error:
            log.info("%s: an envelope refused: %s", path, error.code)
            return
        request_id, kind = answer.request_id, answer.kind
        probed = next((probed for probed, ping in self.probes.items() if ping == request_id), None)
        if probed is not None or self.book.pending(request_id) is not None:
            self._unanswered = 0  # TRANS-6: an answer starts the count again
        if probed is not None:
            if path == probed and kind == envelope.RESPONSE:  # only an answer on the probed path counts
                del self.probes[probed]
                self.reports.event("health", probed, ok=True)
            return
        request = self.book.pending(request_id)
        if request is None or kind not in (envelope.RESPONSE, envelope.ERROR):
            return  # unknown_request (RPC-4), or a stream the lab never asks for
        if kind == envelope.ERROR and answer.code == envelope.DUPLICATE_REQUEST_ID and len(request.sent_on) > 1:
            return  # TRANS-8: its own answer is still to come
        self.book.end(request_id, path)
        deadline = self._deadlines.pop(request_id, None)
        if deadline is not None:
            deadline.cancel()
        self.reports.answer(request_id, kind, answer.code, path)
        self._check_drained()

    # --- the lab's view ----------------------------------------------------------------

    def carrier_states(self) -> dict:
        return {path: "open" if self.carriers[path].is_open else "closed" for path in PATHS}

    async def stop(self) -> None:
        for deadline in self._deadlines.values():
            deadline.cancel()
        for task in list(self._connecting.values()):
            task.cancel()
        await asyncio.gather(*(carrier.stop() for carrier in self.carriers.values()), return_exceptions=True)
