"""Unit tests of the relay state machine's parts that the relay vectors do not reach: what the
store keeps, the schema checks of each event argument (SIG-1, SIG-2), and the minted values.
The vectors themselves run through tools/relay/relay-adapter in `conformance`.

Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import asyncio
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from openhuman_relay import inbound, secret_digest
from openhuman_relay.machine import Relay
from openhuman_relay.memory_store import MemoryStore
from openhuman_relay.minting import GivenMinter, MintMissing, RandomMinter, supply

TOKEN = "pt" + "A" * 30
CREDENTIAL = "dc" + "B" * 30
NOW = 1_790_000_000


def paired_relay():
    """A relay whose channel chA is registered by alice's core and paired by a phone."""
    store = MemoryStore()
    relay = Relay(store)

    async def pair():
        register = supply(
            inbound.read("tunnel:register", {"role": "core"}), GivenMinter({"channelId": "chA", "pairingToken": TOKEN})
        )
        await relay.step("core", "alice", register, NOW)
        connect = supply(
            inbound.read("tunnel:connect", {"channelId": "chA", "role": "client", "pairingToken": TOKEN}),
            GivenMinter({"deviceCredential": CREDENTIAL}),
        )
        return await relay.step("phone", None, connect, NOW + 1)

    return store, relay, asyncio.run(pair())


class StoredStateTests(unittest.TestCase):
    def test_the_store_keeps_digests_never_the_token_or_credential(self):
        store, _, emitted = paired_relay()
        # Positive control: the pairing worked and the phone was told its credential.
        self.assertIn(
            ("phone", "tunnel:connected", {"channelId": "chA", "role": "client", "deviceCredential": CREDENTIAL}),
            emitted,
        )
        stored = store.channels["chA"].to_json() + repr(store.channels) + repr(store.connections)
        self.assertNotIn(TOKEN, stored)
        self.assertNotIn(CREDENTIAL, stored)
        self.assertEqual(store.channels["chA"].credential_digest, secret_digest.digest(CREDENTIAL))

    def test_revocation_erases_both_digests(self):
        store, relay, _ = paired_relay()
        emitted = asyncio.run(
            relay.step("core", "alice", inbound.read("tunnel:connect", {"channelId": "chA", "role": "core"}), NOW + 2)
        )
        self.assertEqual(emitted[0], ("core", "tunnel:connected", {"channelId": "chA", "role": "core"}))
        asyncio.run(relay.step("core", "alice", inbound.read("tunnel:revoke", {"channelId": "chA"}), NOW + 3))
        channel = store.channels["chA"]
        self.assertTrue(channel.revoked)
        self.assertIsNone(channel.pairing_digest)
        self.assertIsNone(channel.credential_digest)
        self.assertEqual(channel.members, {})

    def test_a_disconnected_connection_leaves_no_record(self):
        store, relay, _ = paired_relay()
        self.assertIn("phone", store.connections)
        asyncio.run(relay.step("phone", None, inbound.DISCONNECT, NOW + 2))
        self.assertNotIn("phone", store.connections)
        self.assertEqual(store.channels["chA"].members, {})

    def test_secret_matching_needs_the_exact_secret(self):
        stored = secret_digest.digest(TOKEN)
        self.assertTrue(secret_digest.matches(TOKEN, stored))
        self.assertFalse(secret_digest.matches(TOKEN[:-1] + "B", stored))
        self.assertFalse(secret_digest.matches(TOKEN, None))


class SchemaCheckTests(unittest.TestCase):
    """SIG-1: an argument outside its event's schema is Invalid (answered bad_request)."""

    def assertInvalid(self, name, data):
        self.assertIs(inbound.read(name, data), inbound.INVALID, f"{name} {data!r}")

    def test_channel_id_lengths_and_alphabet(self):
        self.assertEqual(inbound.read("tunnel:revoke", {"channelId": "a" * 128}), inbound.Revoke("a" * 128))
        self.assertEqual(inbound.read("tunnel:revoke", {"channelId": "a"}), inbound.Revoke("a"))
        self.assertInvalid("tunnel:revoke", {"channelId": "a" * 129})
        self.assertInvalid("tunnel:revoke", {"channelId": ""})
        self.assertInvalid("tunnel:revoke", {"channelId": "a+b"})
        self.assertInvalid("tunnel:revoke", {"channelId": "é"})
        self.assertInvalid("tunnel:revoke", {"channelId": 7})

    def test_secret_lengths(self):
        def connect(token):
            return inbound.read("tunnel:connect", {"channelId": "c", "role": "client", "pairingToken": token})

        self.assertEqual(connect("a" * 22), inbound.ConnectWithPairingToken("c", "a" * 22))
        self.assertEqual(connect("a" * 128), inbound.ConnectWithPairingToken("c", "a" * 128))
        self.assertIs(connect("a" * 21), inbound.INVALID)
        self.assertIs(connect("a" * 129), inbound.INVALID)
        self.assertIs(connect(None), inbound.INVALID)

    def test_a_device_connect_carries_exactly_one_proof(self):
        base = {"channelId": "c", "role": "client"}
        self.assertInvalid("tunnel:connect", base)
        self.assertInvalid("tunnel:connect", {**base, "pairingToken": TOKEN, "deviceCredential": CREDENTIAL})
        self.assertEqual(
            inbound.read("tunnel:connect", {**base, "deviceCredential": CREDENTIAL}),
            inbound.ConnectWithCredential("c", CREDENTIAL),
        )

    def test_roles_and_shapes(self):
        self.assertEqual(inbound.read("tunnel:connect", {"channelId": "c", "role": "core"}), inbound.ConnectCore("c"))
        self.assertInvalid("tunnel:connect", {"channelId": "c", "role": "device"})
        self.assertInvalid("tunnel:register", {"role": "client"})
        self.assertInvalid("tunnel:register", {})
        self.assertInvalid("tunnel:register", [{"role": "core"}])
        self.assertInvalid("tunnel:frame", {"channelId": "c", "payload": 5})
        self.assertInvalid("tunnel:frame", {"channelId": "c"})
        self.assertInvalid("tunnel:session-lost", None)

    def test_unknown_members_are_ignored(self):
        self.assertEqual(
            inbound.read("tunnel:frame", {"channelId": "c", "payload": "", "extra": [1]}), inbound.Frame("c", "")
        )

    def test_relay_only_and_unknown_events_are_invalid(self):
        for name in (
            "tunnel:connected",
            "tunnel:error",
            "tunnel:peer-status",
            "tunnel:evicted",
            "tunnel:revoked",
            "ack",
            "tunnel:nope",
            "",
            None,
        ):
            self.assertInvalid(name, {"channelId": "c"})

    def test_an_invalid_event_is_answered_bad_request_without_a_channel(self):
        emitted = asyncio.run(Relay(MemoryStore()).step("x", None, inbound.INVALID, NOW))
        self.assertEqual(emitted, [("x", "tunnel:error", {"code": "bad_request"})])


class MintingTests(unittest.TestCase):
    def test_random_values_are_128_bit_base64url_and_distinct(self):
        minter = RandomMinter()
        values = [minter.channel_id(), minter.pairing_token(), minter.device_credential()]
        values += [minter.pairing_token() for _ in range(50)]
        for value in values:
            self.assertRegex(value, re.compile(r"[A-Za-z0-9_-]{22}"))
            self.assertTrue(inbound.is_secret(value) and inbound.is_channel_id(value))
        self.assertEqual(len(set(values)), len(values))

    def test_a_missing_or_malformed_given_value_is_the_requests_error(self):
        with self.assertRaises(MintMissing):
            supply(inbound.read("tunnel:register", {"role": "core"}), GivenMinter({"channelId": "c"}))
        with self.assertRaises(MintMissing):
            supply(
                inbound.read("tunnel:register", {"role": "core"}),
                GivenMinter({"channelId": "c", "pairingToken": "short"}),
            )
        with self.assertRaises(MintMissing):
            GivenMinter("not an object")
        # Positive control, and a frame needs no mint at all.
        supply(
            inbound.read("tunnel:register", {"role": "core"}), GivenMinter({"channelId": "c", "pairingToken": TOKEN})
        )
        supply(inbound.read("tunnel:frame", {"channelId": "c", "payload": ""}), GivenMinter(None))


if __name__ == "__main__":
    unittest.main()
