"""The one command for implementers, `openhuman-lan-endpoint`, as a child process beside a relay
child: it prints its port and a version 3 payload whose `rpc` is its URL; a phone pairs over the
relay, moves to the LAN and is answered there; SIGTERM closes the LAN with 1001 and ends the
process with status 0. A wildcard host is refused with status 2 before anything connects.
pyenv python3.
"""

import asyncio
import os
import re
import subprocess

import lan_case  # noqa: F401  (the import paths, before the clients)

from clients.pairing import assert_ok
from clients.processes import ListeningServer
from lan_phone import LAN
from live_case import LiveCase
from openhuman_lan import close_codes

COMMAND = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "openhuman-lan-endpoint"))
PAYLOAD = re.compile(rb"payload (openhuman://\S+)")


class CommandTests(LiveCase):
    async def test_the_command_serves_a_paired_phone_on_the_lan_and_stops_with_1001(self):
        loop = asyncio.get_running_loop()
        endpoint = await loop.run_in_executor(
            None, ListeningServer, [COMMAND, "--relay", self.relay.url, "--port", "0", "--yes"], "lan-endpoint"
        )
        self.addCleanup(endpoint.remove_log)
        self.addCleanup(endpoint.stop)
        payload = (await loop.run_in_executor(None, endpoint.wait_for_output, PAYLOAD)).group(1).decode()

        phone = self.phone(payload)
        self.assertEqual(phone.rpc, "http://127.0.0.1:%d/rpc" % endpoint.port)
        await phone.connect()
        code = await phone.pair()
        await phone.match(code)  # the command confirmed its side (--yes)
        await phone.wait_paired()
        await loop.run_in_executor(None, endpoint.wait_for_output, re.compile(b"code " + code.encode()))

        await phone.open_lan()
        phone.use(LAN)
        await phone.reconnect()
        assert_ok(await phone.ping())

        await loop.run_in_executor(None, endpoint.stop)
        self.assertEqual(await phone.lan.wait_closed(), close_codes.GOING_AWAY)
        self.assertEqual(endpoint.process.returncode, 0)

    def test_a_wildcard_host_is_refused_with_status_2(self):
        finished = subprocess.run(
            [COMMAND, "--relay", self.relay.url, "--host", "0.0.0.0"], capture_output=True, timeout=20
        )
        self.assertEqual(finished.returncode, 2)
        self.assertIn(b"wildcard", finished.stderr)
