"""The transport lab's world on 127.0.0.1 (spec 15.7): the reference relay as a child process, the
reference version 3 core joined to it with one channel, the LAN endpoint serving that core, the
gate between the phone and the relay, and the reference device, paired over the relay and then
restarted. The runner's adapter decides; the lab carries out and reports.

The faults are the live checks' ones: the relay unreachable to the phone alone (the gate), the
LAN endpoint stopped (LAN-10: its connections close 1001, connects are refused) or slow (every
message held 3,000 ms of selection time before the core sees it), and a handshake flood at the
endpoint from the phone's own source address.

The core serves two methods: `test.echo` answers at once, `test.hold` runs until the runner
releases it (its params' `data` names it), so a request can be in flight while the path changes.
"""

import asyncio
import collections
import logging

from clients.core_v3 import RelayCoreV3
from clients.pairing import DEV_CORE_AUTH
from clients.phone_v3 import RelayPhoneV3
from clients.processes import Relay
from openhuman_lan.endpoint import LanEndpoint
from openhuman_tunnel import envelope

from .clock import LabClock
from .core_tap import CoreTap
from .device import ReferenceDevice
from .flood import flood
from .gate import TcpGate
from .pairing import pair_over_relay
from .profile import DeviceProfile
from .reports import Reports

log = logging.getLogger("openhuman-transport-lab")

ECHO, HOLD = "test.echo", "test.hold"
SLOW_HOLD_MS = 3_000  # 15.7's "LAN slow": every message held this long, in selection time
STOP_SECONDS = 2.0  # each step of the stop, at most


class LabError(Exception):
    """A command the lab cannot carry out: answered {"ok": false, "error": text}."""


class Lab:
    def __init__(self, clock: LabClock) -> None:
        self.clock = clock
        self.reports = Reports(clock)
        self.relay: Relay | None = None
        self.gate: TcpGate | None = None
        self.core: RelayCoreV3 | None = None
        self.tap: CoreTap | None = None
        self.endpoint: LanEndpoint | None = None
        self.device: ReferenceDevice | None = None
        self.channel_id: str | None = None
        self._releases: dict[str, asyncio.Event] = collections.defaultdict(asyncio.Event)
        self._bucket_marks = (0, 0)  # the channel's (relay, LAN) bucket at the end of setup

    # --- setup -------------------------------------------------------------------------

    async def setup(self, lan: str, relay: str) -> dict:
        # The relay starts in this thread: its PR_SET_PDEATHSIG follows the thread that started it.
        self.relay = Relay(die_with_parent=True)
        self.gate = TcpGate("127.0.0.1", self.relay.port)
        await self.gate.up()
        self.core = RelayCoreV3(self.relay.url, DEV_CORE_AUTH, methods={ECHO: self._echo, HOLD: self._hold})
        await self.core.start()
        self.tap = CoreTap(self.core)
        self.endpoint = LanEndpoint(self.tap, "127.0.0.1", 0, "/rpc")
        await self.endpoint.start()
        self.channel_id = await self.core.register()
        rpc = self.endpoint.rpc_url
        payload = self.core.pairing_payload(self.channel_id, rpc)

        # TRANS-2: the first pairing over the relay (through the gate, as every phone connection).
        phone = RelayPhoneV3(self.gate.url, payload)
        try:
            await pair_over_relay(self.core, self.channel_id, phone)
            profile = DeviceProfile.of(phone, payload)
        finally:
            await phone.disconnect()
        # TRANS-10: the phone restarts with what it keeps; its session and carriers are gone.
        self.device = ReferenceDevice(profile, self.gate.url, self.reports, self.clock)

        await self.fault("lan", "down" if lan == "refused" else lan)
        await self.fault("relay", relay)
        record = self.core.channel(self.channel_id)
        self._bucket_marks = (record.relay_rate.full_at, record.lan_rate.full_at)
        self.reports.clear()
        return {"rpc": rpc, "channel": self.channel_id}

    def _echo(self, channel_id: str, params) -> bytes:
        return envelope.json_string(params.get("data"))

    async def _hold(self, channel_id: str, params) -> bytes:
        data = params.get("data")
        await self._releases[data].wait()
        return envelope.json_string(data)

    # --- the runner's commands -----------------------------------------------------------

    async def fault(self, target: str, mode: str) -> None:
        if target == "relay":
            if mode == "down":
                await self.gate.down()
            elif mode == "up":
                await self.gate.up()
            else:
                raise LabError(f"the relay has no mode {mode!r} (up, down)")
        elif target == "lan":
            if mode == "down":
                await self.endpoint.stop()
            elif mode in ("up", "slow"):
                self.tap.set_hold(self.clock.seconds(SLOW_HOLD_MS) if mode == "slow" else 0)
                if not self.endpoint.listening:
                    await self.endpoint.start()  # the same port: the rpc URL stays true (LAN-1)
            else:
                raise LabError(f"the LAN has no mode {mode!r} (up, down, slow)")
        else:
            raise LabError(f"no fault target {target!r} (relay, lan)")

    def request(self, request_id: str, method: str) -> None:
        if request_id in self.device.book:
            raise LabError(f"requestId {request_id!r} was already asked for")
        self.device.request(request_id, method, b'{"data":' + envelope.json_string(request_id) + b"}")

    def release(self, request_id: str) -> None:
        self._releases[request_id].set()

    async def flood(self, count: int) -> dict:
        if not self.endpoint.listening:
            raise LabError("the LAN endpoint is down: nothing to flood")
        return await flood(self.endpoint.rpc_url, self.channel_id, count, self.tap)

    def status(self) -> dict:
        record = self.core.channel(self.channel_id)
        dispatched = collections.Counter(request_id for _, request_id, _ in self.core.executed(self.channel_id))
        lan = self.device.carriers["lan"]
        return {
            "dispatched": dict(dispatched),
            "requests": self.device.book.status(),
            "relayBucketTouched": record.relay_rate.full_at != self._bucket_marks[0],
            "lanBucketTouched": record.lan_rate.full_at != self._bucket_marks[1],
            "carriers": self.device.carrier_states(),
            "sessions": record.sessions,
            "lanCloseCode": lan.last_lost_code,
        }

    # --- the end ---------------------------------------------------------------------------

    async def stop(self) -> None:
        """Everything stopped, each step bounded, whatever state setup reached."""
        steps = [
            self.device.stop() if self.device else None,
            self.tap.stop() if self.tap else None,
            self.endpoint.stop() if self.endpoint else None,
            self.gate.down() if self.gate else None,
        ]
        await asyncio.gather(*(_bounded(step) for step in steps if step is not None))
        if self.core is not None:
            await _bounded(self.core.stop())
        if self.relay is not None:
            self.relay.stop()
            self.relay.remove_log()


async def _bounded(step) -> None:
    try:
        await asyncio.wait_for(step, STOP_SECONDS)
    except Exception as error:  # a step that fails or hangs must not keep the rest from stopping
        log.warning("stop: %r", error)
