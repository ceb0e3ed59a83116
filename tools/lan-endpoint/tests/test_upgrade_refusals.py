"""LAN-2: the endpoint serves one target, as this carrier only, and refuses every other request
before a WebSocket opens, in the spec's order: 404, 426, 400, 503. Each refusal is shown beside
the same request with the one thing fixed that it names, which is upgraded (101). The requests
are written byte for byte (raw_http.py). pyenv python3.
"""

import asyncio

from lan_case import CHANNEL, EndpointCase

from openhuman_lan.endpoint import LanEndpoint
from openhuman_lan.limits import SUBPROTOCOL
from raw_http import request, upgrade_headers
from stub_core import StubCore


class UpgradeRefusalTests(EndpointCase):
    hello_timeout = 25.0  # the connections held for the limits say no hello

    async def status(self, target="/rpc", headers=None, **options) -> int:
        status, _ = await request(
            self.endpoint.port, target, upgrade_headers() if headers is None else headers, **options
        )
        return status

    async def test_the_rpc_targets_upgrade_gets_the_subprotocol_and_no_extension_even_when_one_is_offered(self):
        headers = upgrade_headers("chat, " + SUBPROTOCOL) + [("Sec-WebSocket-Extensions", "permessage-deflate")]
        status, answer = await request(self.endpoint.port, "/rpc", headers)
        self.assertEqual(status, 101)
        self.assertEqual(answer["sec-websocket-protocol"], SUBPROTOCOL)
        self.assertNotIn("sec-websocket-extensions", answer)

    async def test_every_target_but_the_rpc_urls_path_and_query_as_written_is_404(self):
        port = self.endpoint.port
        for target in (
            "/",
            "/rpc/",
            "/RPC",
            "/rpc?",
            "/rpc?x=1",
            "/rpc#",
            "//rpc",
            "/%72pc",
            f"http://127.0.0.1:{port}/rpc",
        ):
            with self.subTest(target=target):
                self.assertEqual(await self.status(target), 404)
        self.assertEqual(await self.status("/rpc"), 101)  # control

    async def test_a_wrong_target_is_404_before_the_upgrade_and_the_subprotocol_are_looked_at(self):
        self.assertEqual(await self.status("/other", []), 404)
        self.assertEqual(await self.status("/other", upgrade_headers(None)), 404)

    async def test_a_request_that_is_not_a_websocket_upgrade_is_426_with_upgrade_and_version(self):
        def without(name):
            return [(key, value) for key, value in upgrade_headers() if key != name]

        def replaced(name, value):
            return without(name) + [(name, value)]

        cases = {
            "plain GET": ([("Sec-WebSocket-Protocol", SUBPROTOCOL)], {}),
            "POST": (upgrade_headers(), {"method": "POST"}),
            "HTTP/1.0": (upgrade_headers(), {"version": "HTTP/1.0"}),
            "Upgrade: h2c": (replaced("Upgrade", "h2c"), {}),
            "no Connection: Upgrade": (replaced("Connection", "keep-alive"), {}),
            "a 15-byte key": (replaced("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAA"), {}),
            "no key": (without("Sec-WebSocket-Key"), {}),
            "version 8": (replaced("Sec-WebSocket-Version", "8"), {}),
        }
        for name, (headers, options) in cases.items():
            with self.subTest(name):
                status, answer = await request(self.endpoint.port, "/rpc", headers, **options)
                self.assertEqual(
                    (status, answer.get("upgrade"), answer.get("sec-websocket-version")), (426, "websocket", "13")
                )
        # Control: the header values are compared without regard to case (RFC 6455 section 4.2.1).
        self.assertEqual(
            await self.status(headers=replaced("Upgrade", "WebSocket") + [("Connection", "keep-alive, upgrade")]), 101
        )

    async def test_an_http_1_1_request_without_host_is_400_from_http_itself_before_lan_2s_checks(self):
        """RFC 9112 section 3.2: a server MUST answer 400 to an HTTP/1.1 request without Host; the
        HTTP layer does, whatever the target (LAN-2's order covers well-formed requests). aiohttp's
        parser logs each such request as an error; the log is captured to keep the run readable."""
        with self.assertLogs("aiohttp.server", "ERROR"):
            self.assertEqual(await self.status("/other", upgrade_headers() + [("Host", None)]), 400)
            self.assertEqual(await self.status("/rpc", upgrade_headers() + [("Host", None)]), 400)

    async def test_a_request_that_is_no_upgrade_is_426_before_its_subprotocol_is_looked_at(self):
        self.assertEqual(await self.status(headers=[]), 426)

    async def test_an_upgrade_that_does_not_offer_the_subprotocol_is_400(self):
        for offered in (None, "chat", "openhuman-tunnel-lan-2", SUBPROTOCOL.upper(), SUBPROTOCOL + "x"):
            with self.subTest(offered=offered):
                self.assertEqual(await self.status(headers=upgrade_headers(offered)), 400)
        self.assertEqual(await self.status(headers=upgrade_headers("chat," + SUBPROTOCOL)), 101)  # control

    async def test_a_fifth_connection_from_one_source_is_503_and_another_sources_is_upgraded(self):
        held = [await self.client(self.url, source="127.0.0.2") for _ in range(4)]
        self.assertEqual(await self.status(source="127.0.0.2"), 503)
        self.assertEqual(await self.status(source="127.0.0.3"), 101)  # control: another source
        # 503 comes last: the same source's request without the subprotocol is still 400.
        self.assertEqual(await self.status(headers=upgrade_headers(None), source="127.0.0.2"), 400)
        # A closed connection gives its slot back.
        await held[0].close()
        await self.eventually(lambda: self.status(source="127.0.0.2"), 101)

    async def test_the_33rd_connection_is_503_whatever_its_source(self):
        for host in range(2, 10):  # 8 sources, 4 connections each
            for _ in range(4):
                await self.client(self.url, source=f"127.0.0.{host}")
        self.assertEqual(await self.status(source="127.0.0.20"), 503)

    async def test_the_endpoint_listens_on_its_own_host_only_and_refuses_a_wildcard_address(self):
        with self.assertRaises(ConnectionRefusedError):
            await asyncio.open_connection("127.0.0.2", self.endpoint.port)
        for wildcard in ("0.0.0.0", "::", ""):
            with self.subTest(host=wildcard), self.assertRaises(ValueError):
                LanEndpoint(StubCore({CHANNEL}), wildcard, 0)

    async def eventually(self, status, expected: int) -> None:
        """`status()` equals `expected` within a second (the endpoint learns of a close at once,
        but asynchronously)."""
        for _ in range(100):
            if await status() == expected:
                return
            await asyncio.sleep(0.01)
        self.assertEqual(await status(), expected)
