"""More than one machine (issue 13): two relay processes on one Redis (python-socketio's Redis
message queue and the relay's Redis store), the core connected to one and the phone to the other.
pyenv python3; Debian's redis-server on an ephemeral loopback port, persisting nothing.

Pairing, frames, eviction (a newer connection of the phone replaces the older one across
processes, RELAY-8) and revocation (RELAY-15) must work as they do on one relay.
"""

import asyncio
import unittest

from relay_case import STORY_TIMEOUT, ClientsTestCase

from clients.connection import RelayRefused
from clients.core import RelayCore
from clients.pairing import DEV_CORE_AUTH, assert_ok, pair
from clients.phone import RelayPhone
from clients.processes import Redis, Relay


class TwoRelaysTests(ClientsTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.redis = self.started(Redis())
        self.relay_a = self.started(Relay("--redis", self.redis.url))
        self.relay_b = self.started(Relay("--redis", self.redis.url))

    async def test_pairing_frames_eviction_and_revocation_work_across_two_relays(self):
        await asyncio.wait_for(self._story(), STORY_TIMEOUT)

    async def _story(self):
        a, b = self.relay_a.url, self.relay_b.url
        core = RelayCore(a, DEV_CORE_AUTH)
        await core.start()
        self.closers.append(core.stop)

        # Pairing: registered on A, scanned and joined on B, the same code on both sides.
        paired = await pair(core, b)
        phone = paired.phone
        self.closers.append(phone.disconnect)
        assert_ok(await phone.ping())

        # The token was used on B; on A it is used too (RELAY-2 holds across processes).
        thief = RelayPhone(a, core.pairing_payload(paired.channel_id))
        self.closers.append(thief.disconnect)
        with self.assertRaises(RelayRefused) as stolen:
            await thief.connect()
        self.assertEqual(stolen.exception.code, "pairing_token_used")

        # Eviction across processes: the phone's newer connection on A replaces its older one on B,
        # which is told so (RELAY-8); a new handshake on the new connection, and frames flow.
        on_b = phone.connection
        phone.url = a
        await phone.connect()
        self.closers.append(on_b.close)
        name, data = await on_b.wait("tunnel:evicted", paired.channel_id, timeout=10)
        self.assertEqual(data["reason"], "replaced")
        await phone.handshake()
        assert_ok(await phone.ping())

        # And back: its connection on B replaces the one on A.
        on_a = phone.connection
        phone.url = b
        await phone.connect()
        self.closers.append(on_a.close)
        await on_a.wait("tunnel:evicted", paired.channel_id, timeout=10)
        await phone.handshake()
        assert_ok(await phone.ping())
        self.assertEqual(on_a.seen("tunnel:frame"), [])  # an evicted connection gets nothing more

        # Revocation on A reaches the phone on B, and no relay lets it in again (RELAY-15).
        await core.revoke(paired.channel_id)
        await phone.connection.wait("tunnel:revoked", paired.channel_id, timeout=10)
        await core.connection.wait("tunnel:revoked", paired.channel_id, timeout=10)
        await phone.disconnect()
        for url in (b, a):
            phone.url = url
            with self.assertRaises(RelayRefused) as refused:
                await phone.connect()
            self.assertEqual(refused.exception.code, "channel_revoked")
        self.assertEqual(phone.reports, [])


if __name__ == "__main__":
    unittest.main()
