"""LAN-6: after the hello, every binary message goes to the hello's channel in arrival order, and
the connection closes at the first message that breaks a rule: a text (4400), a message over
49,152 bytes (1009, handed nothing), the 101st message of one second of the endpoint's clock
(4429, handed nothing more). The clock is frozen; the test moves it. pyenv python3.
"""

from lan_case import CHANNEL, EndpointCase

from openhuman_lan import close_codes
from openhuman_lan.limits import MESSAGE_BYTES, MESSAGES_PER_SECOND


class MessageTests(EndpointCase):
    async def test_binary_messages_reach_the_hellos_channel_in_arrival_order_with_their_connection(self):
        client = await self.said_hello()
        sent = [bytes((0x16,)) + n.to_bytes(2, "big") for n in range(60)]
        for message in sent:
            await client.send(message)
        await self.core.wait_for(lambda received: len(received) == len(sent))
        self.assertEqual([message for _, message, _ in self.core.received], sent)
        self.assertEqual({channel for channel, _, _ in self.core.received}, {CHANNEL})
        self.assertEqual(len({id(connection) for _, _, connection in self.core.received}), 1)

    async def test_a_text_after_the_hello_is_closed_4400_after_the_binary_before_it_was_handed(self):
        client = await self.said_hello()
        await client.send(b"\x16before")
        await client.send_text(CHANNEL)
        await client.send(b"\x16after")
        self.assertEqual(await client.wait_closed(), close_codes.BAD_HELLO)
        self.assertEqual([message for _, message, _ in self.core.received], [b"\x16before"])

    async def test_a_message_of_49152_bytes_is_handed_and_one_of_49153_is_closed_1009_handing_nothing(self):
        client = await self.said_hello()
        await client.send(b"\x16" * MESSAGE_BYTES)
        await self.core.wait_for(lambda received: len(received) == 1)
        await client.send(b"\x16" * (MESSAGE_BYTES + 1))
        self.assertEqual(await client.wait_closed(), close_codes.MESSAGE_TOO_BIG)
        self.assertEqual([len(message) for _, message, _ in self.core.received], [MESSAGE_BYTES])

    async def test_the_101st_message_in_one_second_is_closed_4429_and_not_handed(self):
        client = await self.said_hello()
        for n in range(MESSAGES_PER_SECOND + 2):
            await client.send(bytes((0x16, n)))
        self.assertEqual(await client.wait_closed(), close_codes.RATE_LIMITED)
        self.assertEqual(len(self.core.received), MESSAGES_PER_SECOND)

    async def test_100_messages_in_each_of_two_seconds_are_all_handed(self):
        client = await self.said_hello()
        for second in range(2):
            for n in range(MESSAGES_PER_SECOND):
                await client.send(bytes((0x16, n)))
            await self.core.wait_for(
                lambda received, second=second: len(received) == (second + 1) * MESSAGES_PER_SECOND
            )
            self.clock.now += 1
        self.assertFalse(client.closed.is_set())
