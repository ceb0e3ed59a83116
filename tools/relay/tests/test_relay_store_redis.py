"""The Redis store: the relay vectors give the same events over Redis as over memory, and two
stores on one Redis (two relay processes) run steps atomically against each other (WATCH/MULTI).

Starts Debian's redis-server (tools/install-deps) on an ephemeral loopback port, persisting
nothing, and stops it at the end. Interpreter: pyenv python3 (3.11).
Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import asyncio
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "adapters", "python"))

import redis.asyncio

from clients.processes import Redis
from openhuman_relay import inbound
from openhuman_relay.adapter import read_steps, run_steps
from openhuman_relay.machine import Relay
from openhuman_relay.memory_store import MemoryStore
from openhuman_relay.minting import GivenMinter, supply
from openhuman_relay.redis_store import RedisStore

TOKEN = "pt" + "A" * 30
NOW = 1_790_000_000


class RedisServerFixture:
    """One redis-server (clients.processes.Redis: loopback, ephemeral port, persisting nothing) for
    all the tests of a class, stopped at the end of the class."""

    @classmethod
    def setUpClass(cls):
        cls.redis = Redis()
        cls.url = cls.redis.url

    @classmethod
    def tearDownClass(cls):
        cls.redis.stop()
        cls.redis.remove_log()


class RedisStoreTests(RedisServerFixture, unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        # IsolatedAsyncioTestCase runs its loop in debug mode, which slows every Redis round trip
        # several times over; the vectors alone make about a thousand.
        asyncio.get_running_loop().set_debug(False)
        self.clients = []

    async def asyncTearDown(self):
        for client in self.clients:
            await client.aclose()

    def store(self, prefix: str) -> RedisStore:
        client = redis.asyncio.from_url(self.url, decode_responses=True)
        self.clients.append(client)
        return RedisStore(client, prefix=prefix)

    async def test_every_relay_vector_gives_the_same_events_over_redis(self):
        with open(os.path.join(ROOT, "vectors", "relay.json"), encoding="utf-8") as file:
            vectors = json.load(file)["vectors"]
        self.assertGreaterEqual(len(vectors), 35)
        for vector in vectors:
            with self.subTest(vector["id"]):
                steps = read_steps(vector["input"]["steps"])
                result = await run_steps(steps, self.store(f"vector:{vector['id']}:"))
                self.assertEqual({"steps": result}, vector["expected"])

    async def pair_race(self, stores):
        """Registers chA, then 24 phones, spread over `stores`, all present the pairing token at once."""
        register = supply(
            inbound.read("tunnel:register", {"role": "core"}), GivenMinter({"channelId": "chA", "pairingToken": TOKEN})
        )
        await Relay(stores[0]).step("core", "alice", register, NOW)

        async def phone(number: int):
            connect = supply(
                inbound.read("tunnel:connect", {"channelId": "chA", "role": "client", "pairingToken": TOKEN}),
                GivenMinter({"deviceCredential": f"dc{number:030d}"}),
            )
            return await Relay(stores[number % len(stores)]).step(f"phone{number}", None, connect, NOW + 1)

        return await asyncio.gather(*(phone(number) for number in range(24)))

    def assertOnePairs(self, results):
        accepted = [events for events in results if events[0][1] == "tunnel:connected"]
        refused = [events for events in results if events[0][1] == "tunnel:error"]
        self.assertEqual(len(accepted), 1)
        self.assertEqual(len(refused), 23)
        for events in refused:
            self.assertEqual(events[0][2], {"code": "pairing_token_used", "channelId": "chA"})

    async def test_a_pairing_token_is_used_once_across_two_relays_racing(self):
        self.assertOnePairs(await self.pair_race([self.store("race:"), self.store("race:")]))

    async def test_memory_store_control_for_the_race(self):
        self.assertOnePairs(await self.pair_race([MemoryStore()]))

    async def test_a_frame_crosses_stores_and_a_disconnect_on_one_tells_the_other(self):
        first, second = self.store("cross:"), self.store("cross:")
        register = supply(
            inbound.read("tunnel:register", {"role": "core"}), GivenMinter({"channelId": "chA", "pairingToken": TOKEN})
        )
        await Relay(first).step("core", "alice", register, NOW)
        await Relay(first).step(
            "core", "alice", inbound.read("tunnel:connect", {"channelId": "chA", "role": "core"}), NOW
        )
        connect = supply(
            inbound.read("tunnel:connect", {"channelId": "chA", "role": "client", "pairingToken": TOKEN}),
            GivenMinter({"deviceCredential": "dc" + "C" * 30}),
        )
        await Relay(second).step("phone", None, connect, NOW)
        frame = inbound.read("tunnel:frame", {"channelId": "chA", "payload": "AAAA"})
        self.assertEqual(
            await Relay(second).step("phone", None, frame, NOW),
            [("core", "tunnel:frame", {"channelId": "chA", "payload": "AAAA"})],
        )
        self.assertEqual(
            await Relay(first).step("core", "alice", inbound.DISCONNECT, NOW),
            [("phone", "tunnel:peer-status", {"channelId": "chA", "online": False})],
        )
        self.assertEqual(
            await Relay(second).step("phone", None, frame, NOW),
            [("phone", "tunnel:error", {"code": "peer_offline", "channelId": "chA"})],
        )


if __name__ == "__main__":
    unittest.main()
