"""LAN-11, with the reference core: a paired channel without a current session (a restart keeps
the channel and loses its session, CHAN-7) answers a session frame on a LAN connection with the
text `session-lost` on that connection, at most once per second per channel; with a session,
nothing of the kind. A phone that hears it reconnects and goes on (TRANS-6). pyenv python3.
"""

import asyncio
import uuid

import lan_case  # noqa: F401  (the import paths, before the clients)

from clients.clock import unix_seconds
from clients.pairing import assert_ok
from lan_phone import LAN
from live_case import LiveCase, eventually
from openhuman_tunnel import envelope

SESSION_LOST = "session-lost"


class SessionLostTests(LiveCase):
    async def test_a_session_frame_without_a_session_is_answered_session_lost_once_per_second(self):
        core = await self.core_v3()
        endpoint = await self.start_endpoint(core)
        channel = await core.register()
        phone = await self.paired_phone(core, channel, endpoint.rpc_url)
        lan = await phone.open_lan()
        phone.use(LAN)
        assert_ok(await phone.ping())  # control: with a session, no hint
        self.assertEqual(lan.texts, [])

        core.channel(channel).session = None  # what a restart leaves of the channel (CHAN-7)

        async def stale_frame():
            ping = envelope.encode_request(str(uuid.uuid4()), "openhuman.ping", b"{}", False)
            for frame in phone.session.send(ping, unix_seconds()):
                await lan.send(frame)

        await stale_frame()
        await eventually(lambda: lan.texts == [SESSION_LOST])
        await stale_frame()  # within the same second: no second hint
        await eventually(lambda: core.reported("no_session", channel) == 2)
        self.assertEqual(lan.texts, [SESSION_LOST])
        await asyncio.sleep(1.0)
        await stale_frame()
        await eventually(lambda: lan.texts == [SESSION_LOST] * 2)

        # The hint's purpose: the phone reconnects on the LAN and its requests are answered again.
        await phone.reconnect()
        assert_ok(await phone.ping())
