"""The relay server's own choices (spec 12.8), in process on an ephemeral loopback port: the event
form (exactly one argument), the register ack, the message bound, the fault plan's direction, and
logs that never hold a payload, token or credential.

Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import asyncio
import logging
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import socketio
from aiohttp import web

from openhuman_relay.accounts import DEV_ACCOUNT, DEV_CORE_TOKEN, Accounts
from openhuman_relay.faults import FaultPlan
from openhuman_relay.memory_store import MemoryStore
from openhuman_relay.server import MAXIMUM_MESSAGE_BYTES, RelayServer

CORE_AUTH = {"account": DEV_ACCOUNT, "coreToken": DEV_CORE_TOKEN}
WAIT = 5.0


class Client:
    """A Socket.IO client that queues every event it receives."""

    def __init__(self):
        self.sio = socketio.AsyncClient(reconnection=False)
        self.events = asyncio.Queue()
        self.sio.on("*", self._any)

    async def _any(self, name, data=None):
        await self.events.put((name, data))

    async def next(self, name=None):
        while True:
            event = await asyncio.wait_for(self.events.get(), WAIT)
            if name is None or event[0] == name:
                return event


class LogCapture(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


class FailingStore(MemoryStore):
    """A store that fails while `failing` is set, as a Redis that went away does."""

    failing = False

    async def atomically(self, step):
        if self.failing:
            raise ConnectionError("store unreachable")
        return await super().atomically(step)


class RelayServerTests(unittest.IsolatedAsyncioTestCase):
    faults = None

    async def asyncSetUp(self):
        asyncio.get_running_loop().set_debug(False)
        self.store = FailingStore()
        self.server = RelayServer(
            self.store, Accounts.development(), faults=FaultPlan.parse({"faults": self.faults}) if self.faults else None
        )
        app = web.Application()
        self.server.attach(app)
        self.runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        host, port = self.runner.addresses[0][:2]
        self.url = f"http://{host}:{port}"
        self.clients = []
        self.log = LogCapture()
        logger = logging.getLogger("openhuman-relay")
        logger.addHandler(self.log)
        logger.setLevel(logging.DEBUG)
        self.addCleanup(logger.removeHandler, self.log)

    async def asyncTearDown(self):
        for client in self.clients:
            await client.sio.disconnect()
        await self.runner.cleanup()

    async def connect(self, auth=None) -> Client:
        client = Client()
        await asyncio.wait_for(client.sio.connect(self.url, auth=auth, transports=["websocket"]), WAIT)
        self.clients.append(client)
        return client

    async def paired(self):
        """A core and a phone joined to one channel; returns (core, phone, ack, credential)."""
        core = await self.connect(CORE_AUTH)
        ack = await asyncio.wait_for(core.sio.call("tunnel:register", {"role": "core"}), WAIT)
        await core.sio.emit("tunnel:connect", {"channelId": ack["channelId"], "role": "core"})
        await core.next("tunnel:peer-status")
        phone = await self.connect()
        await phone.sio.emit(
            "tunnel:connect", {"channelId": ack["channelId"], "role": "client", "pairingToken": ack["pairingToken"]}
        )
        _, connected = await phone.next("tunnel:connected")
        await phone.next("tunnel:peer-status")
        await core.next("tunnel:peer-status")
        return core, phone, ack, connected["deviceCredential"]


class EventFormTests(RelayServerTests):
    async def test_an_event_needs_exactly_one_argument(self):
        phone = await self.connect()
        await phone.sio.emit("tunnel:frame", ({"channelId": "chA", "payload": "AA"}, {"channelId": "chA"}))
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "bad_request"}))
        await phone.sio.emit("tunnel:frame")
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "bad_request"}))
        # Positive control: one argument passes the form check and reaches RELAY-11.
        await phone.sio.emit("tunnel:frame", {"channelId": "chA", "payload": "AA"})
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "not_joined", "channelId": "chA"}))

    async def test_a_binary_argument_is_bad_request_and_the_connection_goes_on(self):
        phone = await self.connect()
        await phone.sio.emit("tunnel:frame", {"channelId": "chA", "payload": b"\x00\x01"})
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "bad_request"}))
        await phone.sio.emit("tunnel:frame", b"\x00")
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "bad_request"}))
        await phone.sio.emit("tunnel:frame", {"channelId": "chA", "payload": "AA"})
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "not_joined", "channelId": "chA"}))

    async def test_a_failing_store_is_answered_relay_unavailable_logged_and_the_connection_goes_on(self):
        phone = await self.connect()
        core = await self.connect(CORE_AUTH)
        self.store.failing = True
        await phone.sio.emit("tunnel:frame", {"channelId": "chA", "payload": "PAYLOADxSECRET"})
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "relay_unavailable", "channelId": "chA"}))
        await phone.sio.emit("tunnel:frame", {"channelId": "not a channel id", "payload": "AA"})
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "relay_unavailable"}))
        refused = await asyncio.wait_for(core.sio.call("tunnel:register", {"role": "core"}), WAIT)
        self.assertEqual(refused, {"ok": False, "error": {"code": "relay_unavailable"}})
        self.assertIn("'tunnel:frame' from", "\n".join(self.log.lines))
        self.assertNotIn("PAYLOADxSECRET", "\n".join(self.log.lines))
        self.store.failing = False
        await phone.sio.emit("tunnel:frame", {"channelId": "chA", "payload": "AA"})
        self.assertEqual(await phone.next(), ("tunnel:error", {"code": "not_joined", "channelId": "chA"}))

    async def test_register_is_answered_by_ack_and_refused_for_a_device(self):
        phone = await self.connect()
        refused = await asyncio.wait_for(phone.sio.call("tunnel:register", {"role": "core"}), WAIT)
        self.assertEqual(refused, {"ok": False, "error": {"code": "not_channel_owner"}})
        core = await self.connect(CORE_AUTH)
        ack = await asyncio.wait_for(core.sio.call("tunnel:register", {"role": "core"}), WAIT)
        self.assertEqual(set(ack), {"channelId", "pairingToken", "pairingExpiresAt"})
        # A malformed register is a tunnel:error (SIG-1); the ack the core asked for carries nothing.
        self.assertIsNone(await asyncio.wait_for(core.sio.call("tunnel:register", {"role": "client"}), WAIT))
        self.assertEqual(await core.next(), ("tunnel:error", {"code": "bad_request"}))

    async def test_a_wrong_core_token_refuses_the_connection(self):
        with self.assertRaises(socketio.exceptions.ConnectionError):
            await self.connect({"account": DEV_ACCOUNT, "coreToken": "guess"})
        await self.connect(CORE_AUTH)  # positive control

    async def test_an_oversized_payload_is_refused_and_an_oversized_message_closes_the_connection(self):
        core, phone, ack, _ = await self.paired()
        await phone.sio.emit("tunnel:frame", {"channelId": ack["channelId"], "payload": "A" * 65_537})
        self.assertEqual(
            await phone.next(), ("tunnel:error", {"code": "frame_too_large", "channelId": ack["channelId"]})
        )
        self.assertTrue(phone.sio.connected)
        await phone.sio.emit("tunnel:frame", {"channelId": ack["channelId"], "payload": "A" * MAXIMUM_MESSAGE_BYTES})
        self.assertEqual(await core.next(), ("tunnel:peer-status", {"channelId": ack["channelId"], "online": False}))

    async def test_logs_hold_no_payload_token_or_credential(self):
        core, phone, ack, credential = await self.paired()
        payload = "PAYLOADxSECRETxTEXT"
        await phone.sio.emit("tunnel:frame", {"channelId": ack["channelId"], "payload": payload})
        self.assertEqual(await core.next(), ("tunnel:frame", {"channelId": ack["channelId"], "payload": payload}))
        log = "\n".join(self.log.lines)
        self.assertIn(ack["channelId"], log)  # positive control: the log does name the channel
        for secret in (payload, ack["pairingToken"], credential, DEV_CORE_TOKEN):
            self.assertNotIn(secret, log)


class FaultDirectionTests(RelayServerTests):
    faults = [{"direction": "core-to-device", "frame": 1, "action": "drop"}]

    async def test_a_core_to_device_fault_leaves_the_devices_frames_alone(self):
        core, phone, ack, _ = await self.paired()
        channel = ack["channelId"]
        await core.sio.emit("tunnel:frame", {"channelId": channel, "payload": "c1"})
        await phone.sio.emit("tunnel:frame", {"channelId": channel, "payload": "d1"})
        await core.sio.emit("tunnel:frame", {"channelId": channel, "payload": "c2"})
        self.assertEqual(await core.next(), ("tunnel:frame", {"channelId": channel, "payload": "d1"}))
        self.assertEqual(await phone.next(), ("tunnel:frame", {"channelId": channel, "payload": "c2"}))


if __name__ == "__main__":
    unittest.main()
