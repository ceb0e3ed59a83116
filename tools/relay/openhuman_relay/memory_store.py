"""The store of one relay process: plain dictionaries. A step runs without awaiting anything
real, so on one asyncio loop each step is atomic without a lock."""

from .records import Channel, Connection


class MemoryStore:
    def __init__(self):
        self.channels: dict = {}
        self.connections: dict = {}
        # account -> ids of its channels that may still be pending (RELAY-20)
        self.pending: dict = {}
        self._transaction = _MemoryTransaction(self)

    async def atomically(self, step):
        """Runs `step(transaction)` and returns its result; its writes land as it makes them."""
        return await step(self._transaction)


class _MemoryTransaction:
    """The records themselves, not copies: the state machine changes a record only once it has
    decided to accept a step (RELAY-17), so no write is ever undone."""

    def __init__(self, store: MemoryStore):
        self._store = store

    async def channel(self, channel_id: str) -> Channel | None:
        return self._store.channels.get(channel_id)

    async def connection(self, connection_id: str) -> Connection | None:
        return self._store.connections.get(connection_id)

    def save_channel(self, channel_id: str, channel: Channel):
        self._store.channels[channel_id] = channel

    def save_connection(self, connection_id: str, connection: Connection):
        self._store.connections[connection_id] = connection

    async def pending(self, account: str) -> list:
        return self._store.pending.get(account, [])

    def save_pending(self, account: str, channel_ids: list):
        self._store.pending[account] = channel_ids

    def drop_connection(self, connection_id: str):
        self._store.connections.pop(connection_id, None)
