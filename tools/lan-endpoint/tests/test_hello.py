"""LAN-5: the first message of a connection is checked in order (binary or empty, 4400; over 255
bytes, 1009; not a paired channel's id byte for byte, 4404), and the first failure closes the
connection with its code, having handed nothing to the core. An accepted hello is answered with
nothing, and a binary message sent right after it, without waiting, reaches its channel (LAN-4).
pyenv python3.
"""

from lan_case import CHANNEL, OTHER_CHANNEL, EndpointCase

from openhuman_lan import close_codes


class HelloTests(EndpointCase):
    async def test_a_paired_channels_hello_gets_no_answer_and_the_message_right_after_it_reaches_the_channel(self):
        client = await self.client(self.url, OTHER_CHANNEL)
        await client.send(b"\x13first")
        await self.core.wait_for(lambda received: len(received) == 1)
        channel, message, connection = self.core.received[0]
        self.assertEqual((channel, message, connection.channel_id), (OTHER_CHANNEL, b"\x13first", OTHER_CHANNEL))
        self.assertEqual((client.messages, client.texts, client.closed.is_set()), ([], [], False))

    async def test_a_binary_first_message_is_closed_4400_and_handed_nothing(self):
        client = await self.client(self.url)
        await client.send(CHANNEL.encode())
        self.assertEqual(await client.wait_closed(), close_codes.BAD_HELLO)
        self.assertEqual(self.core.received, [])

    async def test_an_empty_hello_is_closed_4400(self):
        client = await self.client(self.url, "")
        self.assertEqual(await client.wait_closed(), close_codes.BAD_HELLO)

    async def test_a_hello_of_256_bytes_is_closed_1009_before_its_channel_is_looked_up(self):
        for hello in ("c" * 256, "é" * 128):  # bytes of UTF-8 count, not characters
            with self.subTest(characters=len(hello)):
                client = await self.client(self.url, hello)
                self.assertEqual(await client.wait_closed(), close_codes.MESSAGE_TOO_BIG)

    async def test_a_hello_of_255_bytes_naming_a_paired_channel_is_accepted(self):
        self.core.paired.add("é" * 127 + "c")  # 255 bytes
        await self.said_hello("é" * 127 + "c")

    async def test_a_hello_that_is_no_paired_channels_id_byte_for_byte_is_closed_4404(self):
        for hello in ("ch-lan-3", CHANNEL.upper(), CHANNEL + " ", " " + CHANNEL, CHANNEL[:-1]):
            with self.subTest(hello=hello):
                client = await self.client(self.url, hello)
                self.assertEqual(await client.wait_closed(), close_codes.UNKNOWN_CHANNEL)
        self.assertEqual(self.core.received, [])
        await self.said_hello(CHANNEL)  # control

    async def test_a_channel_the_core_does_not_call_paired_is_closed_4404(self):
        """Whatever the core calls it, pending, confirming or revoked (the reference core's pending
        channel: test_live_core.py)."""
        self.core.paired.discard(CHANNEL)
        client = await self.client(self.url, CHANNEL)
        self.assertEqual(await client.wait_closed(), close_codes.UNKNOWN_CHANNEL)
