"""End to end on loopback (issue 13): the relay as a child process, a core and a phone of the Python
implementation over real Socket.IO, the whole story of a pairing. pyenv python3.

Each test starts its own relay on an ephemeral 127.0.0.1 port and stops it, also on failure;
every wait is bounded.
"""

import asyncio
import unittest

import socketio

from relay_case import RelayTestCase  # sets up the import path of the clients and the implementation

from clients.connection import RelayRefused
from clients.core import RelayCore
from clients.pairing import DEV_CORE_AUTH, assert_ok
from clients.phone import RelayPhone
from clients.phone_base import REQUEST_TIMEOUT
from openhuman_tunnel.errors import TunnelError


class EndToEndTests(RelayTestCase):
    async def test_pairing_ping_reconnect_and_revocation_through_a_real_relay(self):
        await self.run_story(self._story)

    async def _story(self):
        core = await self.core()
        channel = await core.register()
        payload = core.pairing_payload(channel)
        self.assertTrue(payload.startswith("openhuman://pair?cid="))

        # The phone scans, joins with the pairing token and is issued its own credential (RELAY-6).
        phone = RelayPhone(self.relay.url, payload)
        self.closers.append(phone.disconnect)
        connected = await phone.connect()
        self.assertEqual(connected["channelId"], channel)
        credential = connected["deviceCredential"]
        self.assertNotEqual(credential, phone.pairing_token)

        # Handshake; the first request commits it, and the core delivers nothing while the user has
        # not confirmed (CONFIRM-2): that request is never answered, nothing is executed.
        phone_code = await phone.handshake()
        with self.assertRaises(TunnelError) as unanswered:
            await phone.request("openhuman.ping", b"{}", 1000)
        self.assertEqual(unanswered.exception.code, REQUEST_TIMEOUT)
        core_code = await core.awaiting_confirmation(channel)
        self.assertRegex(phone_code, r"^[0-9]{6}$")
        self.assertEqual(core_code, phone_code)  # the same six digits on both screens (SAS-2)
        self.assertEqual(core.reported("pairing_unconfirmed", channel), 1)
        core.confirm(channel)

        assert_ok(await phone.ping())

        # Reconnect with the issued credential only (SIG-DEV-1): a new connection, a new handshake.
        await phone.disconnect()
        reconnected = await phone.connect()
        self.assertEqual(reconnected.get("deviceCredential", credential), credential)  # RELAY-6: unchanged
        self.assertEqual(phone.credential, credential)
        second_code = await phone.handshake()
        assert_ok(await phone.ping())
        self.assertNotEqual(second_code, None)

        # The core revokes: both are told (RELAY-15), the phone keeps its keys (SIG-DEV-3) and its next
        # connect is refused with channel_revoked.
        await core.revoke(channel)
        await phone.connection.wait("tunnel:revoked", channel, timeout=10)
        self.assertTrue(phone.revoked)
        await phone.disconnect()
        with self.assertRaises(RelayRefused) as refused:
            await phone.connect()
        self.assertEqual(refused.exception.code, "channel_revoked")
        self.assertEqual(core.reports.count((channel, "auth_failed")), 0)
        self.assertEqual(phone.reports, [])

    async def test_a_restarted_core_sends_session_lost_and_the_phone_handshakes_again(self):
        await self.run_story(self._restart)

    async def _restart(self):
        core = await self.core()
        paired = await self.pair(core)
        assert_ok(await paired.phone.ping())
        sessions = paired.phone.sessions

        # The core process restarts: the new one restores its channels without sessions (CHAN-7) and
        # its connection replaces the old one (RELAY-8), so the phone sees no peer-status offline.
        restarted = RelayCore(self.relay.url, DEV_CORE_AUTH)
        restarted.restore(core.persisted())
        await restarted.start()
        self.closers.append(restarted.stop)
        await restarted.join(paired.channel_id)
        await core.connection.wait("tunnel:evicted", paired.channel_id, timeout=10)

        # The phone's requests find no session: the core drops them and sends session-lost once for the
        # three (SIG-CORE-1: at most once a second); the phone runs a new handshake (SIG-DEV-2) and a new
        # request, with a new id, is answered.
        lost = await asyncio.gather(*(paired.phone.ping(timeout_ms=3000) for _ in range(3)), return_exceptions=True)
        self.assertEqual([getattr(error, "code", error) for error in lost], [REQUEST_TIMEOUT] * 3)
        self.assertEqual(restarted.reported("no_session", paired.channel_id), 3)
        await paired.phone.connection.wait("tunnel:session-lost", paired.channel_id, timeout=10)
        self.assertEqual(len(paired.phone.connection.seen("tunnel:session-lost")), 1)
        await paired.phone.wait_session(sessions + 1, 10)
        assert_ok(await paired.phone.ping())
        self.assertEqual(restarted.executed(), [])

    async def test_the_core_back_online_after_offline_makes_the_phone_handshake_again(self):
        await self.run_story(self._back_online)

    async def _back_online(self):
        core = await self.core()
        paired = await self.pair(core)
        phone = paired.phone
        assert_ok(await phone.ping())
        sessions = phone.sessions
        phone.connection.take_all()

        # The core stops first (RELAY-10: the phone is told offline), then comes back (RELAY-9: online).
        saved = core.persisted()
        await core.stop()
        await phone.connection.wait("tunnel:peer-status", paired.channel_id, timeout=10, online=False)
        restarted = RelayCore(self.relay.url, DEV_CORE_AUTH)
        restarted.restore(saved)
        await restarted.start()
        self.closers.append(restarted.stop)
        await restarted.join(paired.channel_id)

        # SIG-DEV-2: online after offline starts a new handshake by itself; the same pairing goes on.
        await phone.connection.wait("tunnel:peer-status", paired.channel_id, timeout=10, online=True)
        await phone.wait_session(sessions + 1, 10)
        assert_ok(await phone.ping())
        self.assertEqual(restarted.reported("no_session"), 0)
        self.assertEqual(phone.connection.seen("tunnel:session-lost"), [])
        self.assertEqual(phone.reports, [])

    async def test_different_codes_are_rejected_and_the_channel_is_revoked(self):
        await self.run_story(self._rejected)

    async def _rejected(self):
        core = await self.core()
        channel = await core.register()
        phone = RelayPhone(self.relay.url, core.pairing_payload(channel))
        self.closers.append(phone.disconnect)
        await phone.connect()
        await phone.handshake()
        commit = asyncio.ensure_future(phone.request("openhuman.ping", b"{}", 1000))
        await core.awaiting_confirmation(channel)
        core.reject(channel)  # the user saw other digits (CONFIRM-3 case 2)
        with self.assertRaises(TunnelError) as committed:
            await commit
        self.assertEqual(committed.exception.code, REQUEST_TIMEOUT)  # CONFIRM-2: never answered
        with self.assertRaises(TunnelError) as after:
            await phone.ping(timeout_ms=1000)
        self.assertEqual(after.exception.code, REQUEST_TIMEOUT)
        self.assertEqual(core.reported("channel_revoked", channel), 1)


ALICE = {"account": "alice", "coreToken": "alice-core-token-0123456789"}
BOB = {"account": "bob", "coreToken": "bob-core-token-0123456789"}


class AccountIsolationTests(RelayTestCase):
    accounts = {"alice": ALICE["coreToken"], "bob": BOB["coreToken"]}

    async def test_another_accounts_core_cannot_join_revoke_or_send_on_a_channel(self):
        await self.run_story(self._isolation)

    async def _isolation(self):
        alice = await self.core(auth=ALICE)
        paired = await self.pair(alice)  # control: the owner's core pairs and answers
        assert_ok(await paired.phone.ping())

        bob = await self.core(auth=BOB)
        with self.assertRaises(RelayRefused) as joined:
            await bob.join(paired.channel_id)
        self.assertEqual(joined.exception.code, "not_channel_owner")  # RELAY-4
        await bob.connection.emit("tunnel:revoke", {"channelId": paired.channel_id})
        _, refused = await bob.connection.wait("tunnel:error", paired.channel_id, timeout=10)
        self.assertEqual(refused["code"], "not_joined")
        await bob.connection.emit("tunnel:frame", {"channelId": paired.channel_id, "payload": "AgAAAA"})
        _, refused = await bob.connection.wait("tunnel:error", paired.channel_id, timeout=10)
        self.assertEqual(refused["code"], "not_joined")  # RELAY-11

        assert_ok(await paired.phone.ping())  # nothing of bob's reached the pairing
        self.assertFalse(paired.phone.revoked)
        self.assertEqual(alice.reports, [(paired.channel_id, "pairing_unconfirmed")])

    async def test_a_device_cannot_register_and_a_wrong_core_token_is_refused(self):
        await self.run_story(self._no_account)

    async def _no_account(self):
        device = await self.core(auth=None)  # a connection with no account is a device's
        with self.assertRaises(RelayRefused) as refused:
            await device.register()
        self.assertEqual(refused.exception.code, "not_channel_owner")
        impostor = RelayCore(self.relay.url, {"account": "alice", "coreToken": BOB["coreToken"]})
        with self.assertRaises(socketio.exceptions.ConnectionError):
            await impostor.start()
        control = await self.core(auth=ALICE)
        self.assertTrue(await control.register())


if __name__ == "__main__":
    unittest.main()
