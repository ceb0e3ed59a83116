"""The store shared by several relay processes: every channel and connection record in Redis, and
each state-machine step one optimistic transaction (WATCH every key the step reads, then MULTI/EXEC
its writes). When another process changed a watched key first, EXEC fails and the step runs again
on fresh records; its events are sent only after the commit, so no event is ever sent twice.

Connection ids are Socket.IO session ids, unique across processes, so one process's connection
records never collide with another's.
"""

import json

from redis.exceptions import WatchError

from .records import Channel, Connection

# A step that loses the race this many times in a row is refused rather than retried forever.
MAXIMUM_ATTEMPTS = 64


class StoreContention(Exception):
    """A step could not commit after MAXIMUM_ATTEMPTS tries."""


class RedisStore:
    def __init__(self, client, prefix: str = "openhuman-relay:"):
        """`client` is a redis.asyncio.Redis with decode_responses=True."""
        self.client = client
        self.prefix = prefix

    async def atomically(self, step):
        for _ in range(MAXIMUM_ATTEMPTS):
            async with self.client.pipeline(transaction=True) as pipe:
                transaction = _RedisTransaction(pipe, self.prefix)
                try:
                    result = await step(transaction)
                    pipe.multi()
                    # Serialized at commit, so a record changed after its save is written whole.
                    for key, record in transaction.writes.items():
                        if record is None:
                            pipe.delete(key)
                        elif isinstance(record, list):
                            pipe.set(key, json.dumps(record, separators=(",", ":")))
                        else:
                            pipe.set(key, record.to_json())
                    await pipe.execute()
                    return result
                except WatchError:
                    continue
        raise StoreContention("a relay step could not commit")


class _RedisTransaction:
    """Reads are watched and cached, so a step sees one record per key; writes wait for EXEC."""

    def __init__(self, pipe, prefix: str):
        self._pipe = pipe
        self._prefix = prefix
        self._cache: dict = {}
        self.writes: dict = {}

    async def _read(self, key: str, decode):
        if key not in self._cache:
            await self._pipe.watch(key)
            raw = await self._pipe.get(key)
            self._cache[key] = None if raw is None else decode(raw)
        return self._cache[key]

    def _channel_key(self, channel_id: str) -> str:
        return f"{self._prefix}channel:{channel_id}"

    def _connection_key(self, connection_id: str) -> str:
        return f"{self._prefix}connection:{connection_id}"

    async def channel(self, channel_id: str) -> Channel | None:
        return await self._read(self._channel_key(channel_id), Channel.from_json)

    async def connection(self, connection_id: str) -> Connection | None:
        return await self._read(self._connection_key(connection_id), Connection.from_json)

    def save_channel(self, channel_id: str, channel: Channel):
        key = self._channel_key(channel_id)
        self._cache[key] = channel
        self.writes[key] = channel

    def save_connection(self, connection_id: str, connection: Connection):
        key = self._connection_key(connection_id)
        self._cache[key] = connection
        self.writes[key] = connection

    async def pending(self, account: str) -> list:
        """The ids of the account's channels that may still be pending (RELAY-20)."""
        return await self._read(self._pending_key(account), json.loads) or []

    def save_pending(self, account: str, channel_ids: list):
        key = self._pending_key(account)
        self._cache[key] = channel_ids
        self.writes[key] = channel_ids

    def _pending_key(self, account: str) -> str:
        return f"{self._prefix}pending:{account}"

    def drop_connection(self, connection_id: str):
        key = self._connection_key(connection_id)
        self._cache[key] = None
        self.writes[key] = None
