"""Relay processes that die on a shared Redis: their connections' disconnections, run by the
survivors.

A relay stopped with SIGTERM runs the disconnection of every local connection itself. One that
is killed or crashes cannot, and its connections would stay joined in Redis: peers told nothing,
frames sent to sids no process holds. So each process keeps a liveness key with a short expiry,
refreshed well within it, and records its connections' ids in a set of its own. Every process
periodically looks for registered processes whose liveness key expired; the first to remove a
dead process from the registry (SREM answers 1 to exactly one caller) runs the state machine's
disconnection step for each of its connections and sends the resulting events, as the dead
process would have.
"""

import asyncio
import logging

from . import inbound

log = logging.getLogger("openhuman-relay")

# A process is dead once its liveness key expired: LIFETIME after its last refresh, which comes
# every REFRESH. Survivors look every REFRESH too, so a death is acted on within about
# LIFETIME + REFRESH seconds.
LIFETIME = 15.0
REFRESH = 5.0


class Liveness:
    def __init__(self, client, process_id: str, prefix: str = "openhuman-relay:"):
        self.client = client
        self.process_id = process_id
        self._registry = f"{prefix}processes"
        self._prefix = prefix

    def _alive_key(self, process_id: str) -> str:
        return f"{self._prefix}alive:{process_id}"

    def _connections_key(self, process_id: str) -> str:
        return f"{self._prefix}process-connections:{process_id}"

    async def announce(self):
        """Marks this process alive for LIFETIME seconds and registers it."""
        await self.client.set(self._alive_key(self.process_id), "1", px=int(LIFETIME * 1000))
        await self.client.sadd(self._registry, self.process_id)

    async def connected(self, connection_id: str):
        await self.client.sadd(self._connections_key(self.process_id), connection_id)

    async def disconnected(self, connection_id: str):
        await self.client.srem(self._connections_key(self.process_id), connection_id)

    async def withdraw(self):
        """A clean stop, after this process ran its connections' disconnections itself."""
        await self.client.srem(self._registry, self.process_id)
        await self.client.delete(self._alive_key(self.process_id), self._connections_key(self.process_id))

    async def reap(self, relay, send, now) -> int:
        """Runs the disconnections of every dead process's connections this process claims;
        `send(connection, emissions)` delivers each step's events. Returns how many it ran."""
        reaped = 0
        for process_id in await self.client.smembers(self._registry):
            if process_id == self.process_id or await self.client.exists(self._alive_key(process_id)):
                continue
            if not await self.client.srem(self._registry, process_id):
                continue  # another survivor claimed it
            connections_key = self._connections_key(process_id)
            connections = sorted(await self.client.smembers(connections_key))
            log.warning("relay process %s is gone: disconnecting its %d connection(s)", process_id, len(connections))
            for connection_id in connections:
                await send(connection_id, await relay.step(connection_id, None, inbound.DISCONNECT, now()))
                reaped += 1
            await self.client.delete(connections_key)
        return reaped

    async def run(self, relay, send, now):
        """Refreshes this process's liveness and reaps dead processes, every REFRESH seconds."""
        while True:
            try:
                await self.announce()
                await self.reap(relay, send, now)
            except Exception:  # Redis briefly unreachable: try again next round
                log.exception("liveness round failed")
            await asyncio.sleep(REFRESH)
