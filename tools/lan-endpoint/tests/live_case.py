"""The base of the tests with the reference core: a relay child on an ephemeral 127.0.0.1 port
(tools/relay/clients/processes.py), the version 3 core of tools/relay/clients/core_v3.py joined
to it, the LAN endpoint in process for that core, and a phone paired over the relay, as TRANS-2
wants. Everything is stopped whatever happens; every wait is bounded. pyenv python3.
"""

import asyncio

from lan_case import ClientsCase

from clients.core_v3 import RelayCoreV3
from clients.pairing import DEV_CORE_AUTH
from clients.processes import Relay
from lan_phone import LanPhone
from openhuman_lab.pairing import pair_over_relay

WAIT_SECONDS = 5.0


class LiveCase(ClientsCase):
    def setUp(self) -> None:
        """Outside the event loop: starting the relay blocks until it prints its port."""
        self.relay = Relay()
        self.addCleanup(self.relay.remove_log)
        self.addCleanup(self.relay.stop)

    async def core_v3(self, **options) -> RelayCoreV3:
        core = RelayCoreV3(self.relay.url, DEV_CORE_AUTH, **options)
        await core.start()
        self.closers.append(core.stop)
        return core

    def phone(self, payload: str) -> LanPhone:
        phone = LanPhone(self.relay.url, payload)
        self.closers.append(phone.disconnect)
        self.closers.append(phone.close_lan)
        return phone

    async def paired_phone(self, core: RelayCoreV3, channel_id: str, rpc: str) -> LanPhone:
        """A phone paired with `channel_id` over the relay (chapter 13), with its first session."""
        phone = self.phone(core.pairing_payload(channel_id, rpc))
        await pair_over_relay(core, channel_id, phone)  # CodesDiffer fails the test
        return phone


async def eventually(condition, timeout: float = WAIT_SECONDS) -> None:
    """Until `condition()` holds, polled; asyncio.TimeoutError when it does not in time."""

    async def until():
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(until(), timeout)
