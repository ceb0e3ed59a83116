"""The connections an endpoint holds at once (LAN-9): at most 4 per source address and 32 in all.

A slot is held from the upgrade's checks until the connection's handler ends, so a connection
counts while it waits for its hello too: a host cannot hold the endpoint's 32 connections by
never saying hello, since it gets 4 and each ends within the hello timeout.
"""

from collections import Counter

from .limits import CONNECTIONS, CONNECTIONS_PER_SOURCE


class ConnectionSlots:
    def __init__(self) -> None:
        self._held: Counter[str] = Counter()

    def hold(self, source: str) -> bool:
        """One slot for `source`, or False when it or the endpoint holds its limit (LAN-2's 503)."""
        if self._held.total() >= CONNECTIONS or self._held[source] >= CONNECTIONS_PER_SOURCE:
            return False
        self._held[source] += 1
        return True

    def release(self, source: str) -> None:
        self._held[source] -= 1
        if not self._held[source]:
            del self._held[source]
