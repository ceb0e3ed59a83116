"""LAN-10: a channel that leaves `paired` has its connections closed with 4404, and no other
channel's; a stopping endpoint closes every connection with 1001, a connection without a hello
too, and accepts none after; it starts again on the same port (the `rpc` URL the QR code holds).
Its log holds no message and no refused hello. pyenv python3.
"""

import logging

from lan_case import CHANNEL, OTHER_CHANNEL, EndpointCase

from openhuman_lan import close_codes
from raw_http import request, upgrade_headers


class LogLines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record) -> None:
        self.lines.append(record.getMessage())


class RevocationAndStopTests(EndpointCase):
    async def test_a_channel_that_left_paired_has_its_connections_closed_4404_and_no_other_channels(self):
        first, second = await self.said_hello(CHANNEL), await self.said_hello(CHANNEL)
        other = await self.said_hello(OTHER_CHANNEL)
        self.core.paired.discard(CHANNEL)
        await self.endpoint.channel_left(CHANNEL)
        self.assertEqual(await first.wait_closed(), close_codes.UNKNOWN_CHANNEL)
        self.assertEqual(await second.wait_closed(), close_codes.UNKNOWN_CHANNEL)
        await other.send(b"\x16still here")  # control: the other channel's connection goes on
        await self.core.wait_for(lambda received: [message for _, message, _ in received] == [b"\x16still here"])
        again = await self.client(self.url, CHANNEL)  # and the channel's new hellos are refused
        self.assertEqual(await again.wait_closed(), close_codes.UNKNOWN_CHANNEL)

    async def test_stopping_closes_every_connection_1001_one_without_a_hello_too_and_accepts_none_after(self):
        greeted = await self.said_hello()
        silent = await self.client(self.url)
        await self.endpoint.stop()
        self.assertEqual(await greeted.wait_closed(), close_codes.GOING_AWAY)
        self.assertEqual(await silent.wait_closed(), close_codes.GOING_AWAY)
        with self.assertRaises(ConnectionRefusedError):
            await request(self.endpoint.port, "/rpc", upgrade_headers())

    async def test_a_stopped_endpoint_starts_again_on_the_same_port_and_url(self):
        url = self.endpoint.rpc_url
        await self.endpoint.stop()
        await self.endpoint.start()
        self.assertEqual(self.endpoint.rpc_url, url)
        await self.said_hello()

    async def test_the_log_names_accepted_channels_and_close_codes_but_holds_no_message_or_refused_hello(self):
        lines = LogLines()
        logger = logging.getLogger("openhuman-lan-endpoint")
        logger.addHandler(lines)
        previous = logger.level
        logger.setLevel(logging.DEBUG)
        self.addCleanup(logger.setLevel, previous)
        self.addCleanup(logger.removeHandler, lines)
        client = await self.said_hello()
        await client.send(b"\x16message-content-marker")
        await self.core.wait_for(lambda received: len(received) == 1)
        refused = await self.client(self.url, "refused-hello-marker")
        await refused.wait_closed()
        await client.send_text("text-after-hello-marker")
        await client.wait_closed()
        log = "\n".join(lines.lines)
        self.assertIn(CHANNEL, log)
        self.assertIn(str(close_codes.UNKNOWN_CHANNEL), log)
        for marker in ("message-content-marker", "refused-hello-marker", "text-after-hello-marker"):
            self.assertNotIn(marker, log)
