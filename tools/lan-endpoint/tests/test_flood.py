"""15.7's handshake flood, with the reference core: a second client floods the endpoint with 1,000
reconnection messages 1 (0x13) for a paired channel from loopback, one source address. At most 3
reach the channel, once, because the source's bucket holds 3 (LAN-7; the endpoint's clock is
frozen, so no token comes back); every flooding connection is closed with 4429; the 3 take tokens
of the channel's LAN bucket and none of its relay bucket (LAN-8). The phone, whose own LAN
handshake shares the flooded source, is refused there too, and reconnects over the relay, whose
bucket kept its tokens. pyenv python3.
"""

import os

from lan_case import FrozenClock

from clients.pairing import assert_ok
from lan_phone import LAN, RELAY
from live_case import LiveCase
from openhuman_lan import close_codes
from openhuman_tunnel.reconnect_v3_messages import RECONNECT_1_LENGTH

FLOOD = 1000
BURST = 250  # handshakes written on one connection before waiting for its close


class FloodTests(LiveCase):
    async def test_1000_handshakes_from_one_source_reach_the_channel_3_times_and_leave_its_relay_bucket(self):
        core = await self.core_v3()
        endpoint = await self.start_endpoint(core, clock=FrozenClock())
        channel = await core.register()
        phone = await self.paired_phone(core, channel, endpoint.rpc_url)
        record = core.channel(channel)

        sent, closes = 0, []
        while sent < FLOOD:
            flooder = await self.client(endpoint.rpc_url, channel)
            for _ in range(min(BURST, FLOOD - sent)):
                try:
                    await flooder.send(bytes((0x13,)) + os.urandom(RECONNECT_1_LENGTH - 1))
                except ConnectionError:  # closed under the burst: the rest goes on a new connection
                    break
                sent += 1
            closes.append(await flooder.wait_closed())
            await flooder.close()

        self.assertEqual(set(closes), {close_codes.RATE_LIMITED})
        # Each one that reached the channel took a LAN token and failed its tag (no paired key sent it).
        self.assertEqual(core.reports, [(channel, "auth_failed")] * 3)
        self.assertGreater(record.lan_rate.full_at, 0)
        self.assertEqual(record.relay_rate.full_at, 0)

        # The phone's own LAN handshake shares the flooded source: refused, its connection closed 4429.
        await phone.open_lan()
        phone.use(LAN)
        with self.assertRaises(TimeoutError):
            await phone.reconnect(timeout=1.0)
        self.assertEqual(await phone.lan.wait_closed(), close_codes.RATE_LIMITED)
        self.assertEqual(len(core.reports), 3)  # it never reached the channel

        # The relay path keeps its own tokens: three reconnections in a row pass, which a relay
        # bucket that lost one token to the flood would refuse at the third (HS-RATE-1).
        phone.use(RELAY)
        for _ in range(3):
            await phone.reconnect()
            assert_ok(await phone.ping())
        self.assertEqual(len(core.reports), 3)
