"""The relay's resource bounds against clients that stop reading or go silent (hostile campaign H3,
H4): what it holds for a reader that does not read is bounded and the sender is told
(`peer_congested`, RELAY-18), and SIGTERM ends it within its stated time whatever its clients do.
Each test starts its own relay child and is bounded in time. pyenv python3.
"""

import asyncio
import os
import signal
import time
import unittest

from relay_case import RelayTestCase

from clients.connection import RelayConnection
from clients.pairing import DEV_CORE_AUTH
from clients.stalled import StalledClient
from openhuman_relay.main import SHUTDOWN_SECONDS
from openhuman_relay.server import OUTGOING_BYTES

# One frame of RELAY-12's largest payload.
FULL_PAYLOAD = "A" * 65_536


def resident_bytes(pid: int) -> int:
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


class SlowReaderTests(RelayTestCase):
    async def _core_and_channel(self):
        core = RelayConnection(self.relay.url, auth=DEV_CORE_AUTH)
        await core.connect()
        self.closers.append(core.close)
        ack = await core.call("tunnel:register", {"role": "core"})
        channel = ack["channelId"]
        await core.join({"channelId": channel, "role": "core"})
        return core, channel, ack["pairingToken"]

    def _stalled_phone(self, channel: str, token: str) -> StalledClient:
        phone = StalledClient(self.relay.port)
        self.addCleanup(phone.close)
        phone.join_socketio()
        phone.emit("tunnel:connect", {"channelId": channel, "role": "client", "pairingToken": token})
        phone.wait_event("tunnel:connected")
        return phone

    async def _send_full_rate(self, core, channel: str, seconds: int) -> None:
        """RELAY-13's most: 100 frames of 65,536 characters in each whole second of the relay's
        clock (the wall clock), for `seconds` seconds."""
        for _ in range(seconds):
            await asyncio.sleep(1.02 - time.time() % 1.0)  # just after a whole second begins
            for _ in range(100):
                await core.emit("tunnel:frame", {"channelId": channel, "payload": FULL_PAYLOAD})

    async def test_a_phone_that_never_reads_holds_the_relay_to_its_bound_and_the_core_hears_peer_congested(self):
        async def story():
            core, channel, token = await self._core_and_channel()
            await asyncio.to_thread(self._stalled_phone, channel, token)
            before = resident_bytes(self.relay.process.pid)
            # 5 s at the full rate is 33 MB sent towards a reader that takes none of it.
            await self._send_full_rate(core, channel, 5)
            await asyncio.sleep(0.5)  # the last frames reach the relay
            grown = resident_bytes(self.relay.process.pid) - before
            # The bound: OUTGOING_BYTES (32 frames of ~65.6 KB, 2.1 MB) plus Python's and the kernel's slack; the
            # unbounded relay grew by nearly the whole 33 MB.
            self.assertLess(grown, 12 * 1024 * 1024, "relay grew by %d bytes" % grown)
            name, data = await core.wait("tunnel:error", channel_id=channel, code="peer_congested", timeout=1)
            self.assertEqual(data, {"code": "peer_congested", "channelId": channel})
            refused = len([d for d in core.seen("tunnel:error") if d.get("code") == "peer_congested"])
            # Everything beyond the bound was refused: of the 500, at most the bound's events and
            # what the kernel's buffers took were accepted.
            self.assertGreaterEqual(refused, 500 - OUTGOING_BYTES // 65_600 - 100)
            self.assertEqual(
                {d["code"] for d in core.seen("tunnel:error")}, {"peer_congested"}, core.seen("tunnel:error")[-3:]
            )

        await asyncio.wait_for(story(), 40)

    async def test_a_phone_that_reads_gets_every_frame_at_the_full_rate(self):
        """The positive control: the bound refuses nothing a reader that keeps up is sent."""

        async def story():
            core, channel, token = await self._core_and_channel()
            received = asyncio.Queue()

            async def on_frame(channel_id, payload):
                received.put_nowait(len(payload))

            phone = RelayConnection(self.relay.url, on_frame=on_frame)
            await phone.connect()
            self.closers.append(phone.close)
            await phone.join({"channelId": channel, "role": "client", "pairingToken": token})
            await self._send_full_rate(core, channel, 2)
            for _ in range(200):
                self.assertEqual(await asyncio.wait_for(received.get(), 10), 65_536)
            self.assertEqual(core.seen("tunnel:error"), [])

        await asyncio.wait_for(story(), 40)


class ShutdownTests(RelayTestCase):
    def _stop_time(self) -> float:
        started = time.monotonic()
        os.killpg(self.relay.process.pid, signal.SIGTERM)
        self.relay.process.wait(SHUTDOWN_SECONDS + 30)
        return time.monotonic() - started

    def test_sigterm_ends_the_relay_within_its_bound_with_four_silent_websocket_clients(self):
        clients = [StalledClient(self.relay.port) for _ in range(4)]
        for client in clients:
            self.addCleanup(client.close)
        # One of them a device joined as Socket.IO, the others Engine.IO only; none says more.
        clients[0].join_socketio()
        elapsed = self._stop_time()
        self.assertLess(elapsed, SHUTDOWN_SECONDS)
        self.assertEqual(self.relay.process.returncode, 0)

    def test_sigterm_ends_an_idle_relay_at_once(self):
        """The positive control: without clients the relay stops well inside the bound."""
        elapsed = self._stop_time()
        self.assertLess(elapsed, 2.0)
        self.assertEqual(self.relay.process.returncode, 0)


if __name__ == "__main__":
    unittest.main()
