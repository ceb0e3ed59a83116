"""A core for the endpoint's own tests: the set of its paired channel ids, and every message the
endpoint hands it kept in order with its channel and connection. It answers nothing, so what a test
sees is the endpoint's behaviour alone."""

import asyncio

WAIT_SECONDS = 5.0


class StubCore:
    def __init__(self, paired) -> None:
        self.paired = set(paired)
        self.received = []  # (channel id, message, connection)
        self._arrived = asyncio.Event()

    def is_paired(self, channel_id: str) -> bool:
        return channel_id in self.paired

    async def receive_lan(self, channel_id: str, message: bytes, connection) -> None:
        self.received.append((channel_id, message, connection))
        self._arrived.set()

    async def wait_for(self, condition, timeout: float = WAIT_SECONDS) -> None:
        """Until `condition(received)` holds; asyncio.TimeoutError when it does not in time."""

        async def until():
            while not condition(self.received):
                self._arrived.clear()
                await self._arrived.wait()

        await asyncio.wait_for(until(), timeout)
