"""LAN-7 at the endpoint: a binary message whose first byte is 0x03, 0x10 or 0x13 takes a token of
its source's bucket (3, one more per 12 s) and of the global bucket (20, one more per 3 s) before
it is handed on; one that finds either empty takes neither, is not handed on, and closes its
connection with 4429. Sources are loopback addresses 127.0.0.2 and up; the clock is frozen.
pyenv python3.
"""

import asyncio

from lan_case import EndpointCase

from openhuman_lan import close_codes

RECONNECT = bytes((0x13,)) + bytes(48)


class HandshakeLimitTests(EndpointCase):
    def handed(self) -> int:
        return len(self.core.received)

    async def handshakes(self, count: int, source: str):
        """`count` handshakes on one new connection from `source`, at the clock's current second:
        (how many were handed on, the close code or None while the connection stays open)."""
        now = self.clock.now
        client = await self.said_hello(source=source)
        self.clock.now = now
        before = self.handed()
        for _ in range(count):
            await client.send(RECONNECT)
        all_handed = asyncio.ensure_future(self.core.wait_for(lambda received: len(received) == before + count))
        closed = asyncio.ensure_future(client.closed.wait())
        await asyncio.wait((all_handed, closed), return_when=asyncio.FIRST_COMPLETED)
        all_handed.cancel()
        closed.cancel()
        # The endpoint hands a message on before it reads the next, so a close comes after them.
        return self.handed() - before, client.close_code

    async def test_a_source_gets_3_handshakes_and_its_4th_is_closed_4429_and_not_handed(self):
        self.assertEqual(await self.handshakes(3, "127.0.0.2"), (3, None))
        self.assertEqual(await self.handshakes(1, "127.0.0.2"), (0, close_codes.RATE_LIMITED))
        self.assertEqual(await self.handshakes(1, "127.0.0.3"), (1, None))  # control: another source

    async def test_only_0x03_0x10_and_0x13_take_tokens(self):
        client = await self.said_hello(source="127.0.0.2")
        others = [bytes((octet,)) + bytes(8) for octet in (0x01, 0x02, 0x04, 0x11, 0x12, 0x14, 0x15, 0x16)] + [b""]
        for message in others * 2 + [bytes((0x03,)), bytes((0x10,)), bytes((0x13,))]:
            await client.send(message)
        await self.core.wait_for(lambda received: len(received) == 2 * len(others) + 3)
        await client.send(bytes((0x10,)))  # the fourth handshake octet
        self.assertEqual(await client.wait_closed(), close_codes.RATE_LIMITED)
        self.assertEqual(self.handed(), 2 * len(others) + 3)

    async def test_a_source_regains_one_token_12_seconds_on(self):
        await self.handshakes(3, "127.0.0.2")
        self.clock.now += 11
        self.assertEqual(await self.handshakes(1, "127.0.0.2"), (0, close_codes.RATE_LIMITED))
        self.clock.now += 1  # 12 s
        self.assertEqual(await self.handshakes(2, "127.0.0.2"), (1, close_codes.RATE_LIMITED))

    async def test_the_global_bucket_admits_20_handshakes_from_7_sources_and_closes_the_21st_4429(self):
        for host in range(2, 8):  # 6 sources, 18 handshakes
            self.assertEqual(await self.handshakes(3, f"127.0.0.{host}"), (3, None))
        self.assertEqual(await self.handshakes(3, "127.0.0.8"), (2, close_codes.RATE_LIMITED))
        self.assertEqual(self.endpoint.handshakes.global_bucket.full_at, self.clock.now + 20 * 3)

    async def test_a_handshake_the_global_bucket_refuses_takes_no_token_of_its_source(self):
        for host in range(2, 8):
            await self.handshakes(3, f"127.0.0.{host}")
        self.assertEqual(await self.handshakes(3, "127.0.0.8"), (2, close_codes.RATE_LIMITED))
        # Three seconds on the global bucket has one token again. 127.0.0.8 took two of its own, so
        # it has one left, unless the refused handshake took it (then it would wait 12 s).
        self.clock.now += 3
        self.assertEqual(await self.handshakes(1, "127.0.0.8"), (1, None))

    async def test_a_handshake_its_source_refuses_takes_no_global_token(self):
        self.assertEqual(await self.handshakes(4, "127.0.0.2"), (3, close_codes.RATE_LIMITED))
        handed = 0
        for host in range(3, 9):  # 17 more fit the global bucket only if the refused one took none
            count, _ = await self.handshakes(3, f"127.0.0.{host}")
            handed += count
        self.assertEqual(handed, 17)
