"""End to end on loopback: the reference relay as a child process, the reference version 3 core
with the LAN endpoint in process, and a phone with both carriers. The phone pairs over the relay
(TRANS-2), moves to the LAN with a reconnection (0x13, 0x14, 0x15) and session frames (0x16) over
the WebSocket, loses the LAN while the core runs an action, resends the action on the relay, and
comes back to the LAN when the endpoint starts again: the core runs every request once, and every
request is answered, each on the carrier TRANS-3 says. pyenv python3.
"""

import asyncio
import uuid

import lan_case  # noqa: F401  (the import paths, before the clients)

from clients.pairing import assert_ok
from lan_phone import LAN, RELAY
from live_case import LiveCase, eventually
from openhuman_lan import close_codes
from openhuman_tunnel import envelope

ECHO = "test.echo"
PLACE = "test.place_order"  # an action: it must run once, however often it is asked
ORDER = b'{"item":"tea"}'


class EndToEndTests(LiveCase):
    async def test_a_request_lost_with_the_lan_runs_once_when_resent_on_the_relay_and_the_phone_returns(self):
        release = asyncio.Event()

        def echo(channel_id, params) -> bytes:
            return envelope.json_string(params.get("data"))

        async def place(channel_id, params) -> bytes:
            await release.wait()  # the action runs until the test lets it finish
            return b'{"order":"placed"}'

        core = await self.core_v3(methods={ECHO: echo, PLACE: place})
        endpoint = await self.start_endpoint(core)
        channel = await core.register()
        record = core.channel(channel)

        # TRANS-2, LAN-5: before the pairing is committed the endpoint refuses the channel.
        early = await self.client(endpoint.rpc_url, channel)
        self.assertEqual(await early.wait_closed(), close_codes.UNKNOWN_CHANNEL)

        # The pairing, over the relay only.
        phone = await self.paired_phone(core, channel, endpoint.rpc_url)
        self.assertEqual(phone.rpc, endpoint.rpc_url)
        assert_ok(await phone.ping())
        self.assertEqual(phone.answers[-1][3], RELAY)

        # To the LAN: the hello, then a reconnection over the WebSocket. Its message 1 takes a token
        # of the channel's LAN bucket and none of its relay bucket (LAN-8); its answer comes back on
        # the LAN (TRANS-3 item 1); the new session's frames carry a request answered there (item 2).
        await phone.open_lan()
        phone.use(LAN)
        await phone.reconnect()
        echoed = await phone.request(ECHO, b'{"data":"over the lan"}')
        self.assertEqual((echoed.kind, echoed.payload), ("response", "over the lan"))
        self.assertEqual(phone.answers[-1], (echoed.request_id, "response", None, LAN))
        self.assertEqual((phone.sessions, record.sessions), (2, 2))
        self.assertEqual((record.relay_rate.full_at > 0, record.lan_rate.full_at > 0), (False, True))

        # The action goes on the LAN; while it runs, the endpoint stops and closes the LAN with 1001.
        action = str(uuid.uuid4())
        placed = asyncio.ensure_future(phone.request(PLACE, ORDER, 15000, request_id=action))
        await eventually(lambda: any(e[1] == action for e in core.executed(channel)))
        await endpoint.stop()
        self.assertEqual(await phone.lan.wait_closed(), close_codes.GOING_AWAY)

        # The phone resends it on the relay, in the same session (TRANS-1: no new handshake). To
        # the core it is a duplicate (RPC-2), answered at once on the relay, where its latest copy
        # came from; the phone does not let that end the request (TRANS-8).
        phone.use(RELAY)
        await phone.resend(action, PLACE, ORDER)
        await eventually(lambda: (action, "error", "duplicate_request_id", RELAY) in phone.answers)
        self.assertFalse(placed.done())

        # The action finishes: its answer follows the resend to the relay (TRANS-3 item 2).
        release.set()
        answer = await placed
        self.assertEqual((answer.request_id, answer.kind), (action, "response"))
        self.assertEqual(phone.answers[-1], (action, "response", None, RELAY))

        # The endpoint starts again at the same URL; the phone comes back to the LAN, still in the
        # same session, and a new request is answered there.
        await endpoint.start()
        await phone.open_lan()
        phone.use(LAN)
        back = await phone.request(ECHO, b'{"data":"back on the lan"}')
        self.assertEqual(phone.answers[-1], (back.request_id, "response", None, LAN))
        self.assertEqual((phone.sessions, record.sessions), (2, 2))

        # Every request ran once and none is left unanswered.
        runs = [request_id for _, request_id, _ in core.executed(channel)]
        self.assertEqual(runs, [echoed.request_id, action, back.request_id])
        self.assertEqual(phone.requests.pending, {})
        self.assertEqual((core.reports, phone.reports), ([], []))
