"""End to end on loopback, wire version 3: the relay as a child process, a core and a phone of the
Python implementation over real Socket.IO, the whole story of a version 3 pairing (chapter 13),
its sessions (chapter 14) and the envelope layer above them (chapter 11). pyenv python3.

Each test starts its own relay on an ephemeral 127.0.0.1 port and stops it, also on failure;
every wait is bounded.
"""

import base64
import os
import uuid

from relay_case import RelayTestCase  # sets up the import path of the clients and the implementation

from clients.clock import unix_seconds
from clients.core_v3 import RelayCoreV3
from clients.pairing import DEV_CORE_AUTH, assert_ok
from clients.phone_base import REQUEST_TIMEOUT
from clients.phone_v3 import RelayPhoneV3
from openhuman_tunnel import envelope, qr_v3
from openhuman_tunnel.core_pairing_v3 import PAIRED, PENDING
from openhuman_tunnel.device_pairing_v3 import AWAITING, CONFIRMING
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.session_v3_records import record_count

ECHO = "test.echo"  # answers its params' `data` string: a large request makes a large answer
PLACE = "test.place_order"  # an action that must run once, however often it is asked
LARGE = 200_000  # characters of `data`: the request and the answer are both about 200 KB


class EndToEndV3Tests(RelayTestCase):
    async def core_v3(self, **options) -> RelayCoreV3:
        core = RelayCoreV3(self.relay.url, DEV_CORE_AUTH, **options)
        await core.start()
        self.closers.append(core.stop)
        return core

    def phone_v3(self, payload: str) -> RelayPhoneV3:
        phone = RelayPhoneV3(self.relay.url, payload)
        self.closers.append(phone.disconnect)
        return phone

    async def test_a_version_3_pairing_pings_carries_200_kb_reconnects_and_answers_a_retry_from_memory(self):
        await self.run_story(self._story)

    async def _story(self):
        phones = []

        def echo(channel_id, params) -> bytes:
            return envelope.json_string(params.get("data"))

        async def place(channel_id, params) -> bytes:
            """The action runs; the phone loses its connection before the answer is sent, and the
            relay has told the core so (RELAY-10), so the answer finds no phone (RELAY-14)."""
            core.connection.take_all()
            await phones[0].disconnect()
            await core.connection.wait("tunnel:peer-status", channel_id, timeout=10, online=False)
            return b'{"order":"placed"}'

        core = await self.core_v3(methods={ECHO: echo, PLACE: place})
        channel = await core.register()
        payload = core.pairing_payload(channel)
        self.assertTrue(payload.startswith("openhuman://pair?v=3&cid=%s&" % channel))

        # The phone scans, joins with the pairing token and is issued its own credential (RELAY-6).
        phone = self.phone_v3(payload)
        phones.append(phone)
        connected = await phone.connect()
        credential = connected["deviceCredential"]
        self.assertNotEqual(credential, phone.pairing_token)

        # Message 1 (0x10), message 2 (0x11), the reveal (0x12): both screens show the same code.
        phone_code = await phone.pair()
        core_code = await core.awaiting_confirmation(channel)
        self.assertRegex(phone_code, r"^[0-9]{6}$")
        self.assertEqual(core_code, phone_code)
        self.assertEqual(core.channel(channel).pairing.attempts, 1)
        self.assertIsNone(core.channel(channel).session)  # nothing is paired before both users said yes

        # Both users confirm (their records, 0x12); the phone commits on the core's record, the core on
        # the phone's, and the first session carries a ping (0x16).
        await core.confirm(channel)
        await phone.match(phone_code)
        await phone.wait_paired()
        assert_ok(await phone.ping())
        self.assertEqual(core.channel(channel).pairing.state, PAIRED)
        self.assertEqual((phone.sessions, core.channel(channel).sessions), (1, 1))

        # About 200 KB each way: one message each, carried as fragments (V3-FRAG-1), each frame within
        # the relay's 65,536 characters (RELAY-12).
        data = base64.urlsafe_b64encode(os.urandom(LARGE * 3 // 4)).decode("ascii")
        params = b'{"data":"%s"}' % data.encode("ascii")
        sent_before = phone.session.sender.next_counter
        answered_before = core.channel(channel).session.sender.next_counter
        echoed = await phone.request(ECHO, params, 15000)
        self.assertEqual((echoed.kind, echoed.payload), ("response", data))
        request_length = len(envelope.encode_request(echoed.request_id, ECHO, params, False))
        answer_length = len(envelope.encode_value(echoed.request_id, envelope.RESPONSE, 0, envelope.json_string(data)))
        self.assertEqual(phone.session.sender.next_counter - sent_before, record_count(request_length))
        self.assertEqual(
            core.channel(channel).session.sender.next_counter - answered_before, record_count(answer_length)
        )
        self.assertEqual(record_count(request_length), 5)

        # An action whose answer the relay never delivers: the core runs it, the phone is gone when it
        # answers (the relay says peer_offline), and the phone's request times out.
        action = str(uuid.uuid4())
        with self.assertRaises(TunnelError) as lost:
            await phone.request(PLACE, b'{"item":"tea"}', 2000, request_id=action)
        self.assertEqual(lost.exception.code, REQUEST_TIMEOUT)
        await core.connection.wait("tunnel:error", channel, timeout=10, code="peer_offline")
        self.assertEqual(core.executed(channel), [(channel, echoed.request_id, ECHO), (channel, action, PLACE)])

        # The phone reconnects with its credential only (SIG-DEV-1) and runs a reconnection (0x13, 0x14,
        # 0x15); the core commits it, and the new session answers a ping.
        reconnected = await phone.connect()
        self.assertEqual(reconnected.get("deviceCredential", credential), credential)  # RELAY-6: unchanged
        await phone.reconnect()
        assert_ok(await phone.ping())
        self.assertEqual((phone.sessions, core.channel(channel).sessions), (2, 2))

        # The retry of the action, same requestId, in the new session: answered from memory (RPC-2, a
        # dispatched request's duplicate is duplicate_request_id), and the action ran once.
        retry = await phone.request(PLACE, b'{"item":"tea"}', 5000, request_id=action)
        self.assertEqual((retry.request_id, retry.kind, retry.code), (action, "error", "duplicate_request_id"))
        self.assertEqual([e for e in core.executed(channel) if e[1] == action], [(channel, action, PLACE)])
        self.assertEqual(core.reports, [])
        self.assertEqual(phone.reports, [])

    async def test_a_message_1_without_the_qr_secret_is_refused_auth_failed_unanswered_and_counts_no_attempt(self):
        await self.run_story(self._wrong_secret)

    async def _wrong_secret(self):
        core = await self.core_v3()
        channel = await core.register()
        scanned = qr_v3.parse(core.pairing_payload(channel), unix_seconds())
        other_secret = bytes(octet ^ 0x5A for octet in scanned.ps)
        forged = qr_v3.encode(scanned.cid, scanned.pt, scanned.cpk, other_secret, None, scanned.exp)

        phone = self.phone_v3(forged)
        await phone.connect()
        with self.assertRaises(TimeoutError):
            await phone.pair(timeout=2.0)  # no message 2 comes
        self.assertEqual(core.reports, [(channel, "auth_failed")])  # V3-PSK-1: the psk fails message 1's tag
        self.assertEqual(core.channel(channel).pairing.attempts, 0)  # V3-ATTEMPT-1: no attempt counted
        self.assertEqual(core.channel(channel).pairing.state, PENDING)
        self.assertEqual((phone.pairing.state, phone.reports), (AWAITING, []))

        # Control: the same phone with the QR code's secret is answered on the same channel.
        phone.pairing_secret = scanned.ps
        self.assertRegex(await phone.pair(), r"^[0-9]{6}$")
        self.assertEqual((phone.pairing.state, core.channel(channel).pairing.attempts), (CONFIRMING, 1))
