"""Relay processes on one Redis: when one dies without running its connections' disconnections, a
survivor runs them once (openhuman_relay/liveness.py), so the peers on live processes are told.

Starts Debian's redis-server (test_relay_store_redis.RedisServerFixture). A dead
process is one whose liveness key is gone, which is what its expiry leaves.
Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import asyncio
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

import redis.asyncio

from openhuman_relay import inbound
from openhuman_relay.liveness import Liveness
from openhuman_relay.machine import Relay
from openhuman_relay.minting import GivenMinter, supply
from openhuman_relay.redis_store import RedisStore
from test_relay_store_redis import RedisServerFixture

TOKEN = "pt" + "A" * 30
NOW = 1_790_000_000


class LivenessTests(RedisServerFixture, unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        asyncio.get_running_loop().set_debug(False)
        self.clients = []
        self.prefix = f"{self.id()}:"
        self.sent = []

    async def asyncTearDown(self):
        for client in self.clients:
            await client.aclose()

    def client(self):
        client = redis.asyncio.from_url(self.url, decode_responses=True)
        self.clients.append(client)
        return client

    async def send(self, connection, emissions):
        self.sent.extend(emissions)

    async def two_processes(self):
        """A core on process `live` and its paired phone on process `dead`; returns both Liveness
        objects and a relay over the shared store."""
        live, dead = Liveness(self.client(), "live", self.prefix), Liveness(self.client(), "dead", self.prefix)
        relay = Relay(RedisStore(self.client(), prefix=self.prefix))
        await live.announce()
        await dead.announce()
        register = supply(
            inbound.read("tunnel:register", {"role": "core"}), GivenMinter({"channelId": "chA", "pairingToken": TOKEN})
        )
        await relay.step("core", "alice", register, NOW)
        await relay.step("core", "alice", inbound.read("tunnel:connect", {"channelId": "chA", "role": "core"}), NOW)
        await live.connected("core")
        connect = supply(
            inbound.read("tunnel:connect", {"channelId": "chA", "role": "client", "pairingToken": TOKEN}),
            GivenMinter({"deviceCredential": "dc" + "C" * 30}),
        )
        await relay.step("phone", None, connect, NOW)
        await dead.connected("phone")
        return live, dead, relay

    async def kill(self, process_id):
        await self.clients[0].delete(f"{self.prefix}alive:{process_id}")

    async def test_a_dead_processs_connections_are_disconnected_and_their_peers_told(self):
        live, _, relay = await self.two_processes()
        # Positive control: while the other process is alive, nothing is reaped.
        self.assertEqual(await live.reap(relay, self.send, lambda: NOW), 0)
        self.assertEqual(self.sent, [])
        await self.kill("dead")
        self.assertEqual(await live.reap(relay, self.send, lambda: NOW + 20), 1)
        self.assertEqual(self.sent, [("core", "tunnel:peer-status", {"channelId": "chA", "online": False})])
        # The phone's membership is gone: a frame from the core finds no peer.
        frame = inbound.read("tunnel:frame", {"channelId": "chA", "payload": "AA"})
        self.assertEqual(
            await relay.step("core", "alice", frame, NOW + 20),
            [("core", "tunnel:error", {"code": "peer_offline", "channelId": "chA"})],
        )
        self.assertEqual(await live.reap(relay, self.send, lambda: NOW + 25), 0)

    async def test_two_survivors_reap_a_dead_process_once(self):
        live, _, relay = await self.two_processes()
        other = Liveness(self.client(), "other", self.prefix)
        await other.announce()
        await self.kill("dead")
        reaped = await asyncio.gather(
            live.reap(relay, self.send, lambda: NOW + 20), other.reap(relay, self.send, lambda: NOW + 20)
        )
        self.assertEqual(sorted(reaped), [0, 1])
        self.assertEqual(len(self.sent), 1)

    async def test_a_withdrawn_process_is_not_reaped(self):
        live, dead, relay = await self.two_processes()
        await relay.step("phone", None, inbound.DISCONNECT, NOW + 1)
        await dead.disconnected("phone")
        await dead.withdraw()
        self.sent.clear()
        self.assertEqual(await live.reap(relay, self.send, lambda: NOW + 20), 0)
        self.assertEqual(self.sent, [])


if __name__ == "__main__":
    unittest.main()
