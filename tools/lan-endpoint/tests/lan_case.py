"""The base of the LAN endpoint's tests: the import paths, an endpoint in process on an ephemeral
127.0.0.1 port with a stub core and a frozen clock, clients closed and the endpoint stopped
whatever happens, and every test bounded in time. pyenv python3.
"""

import asyncio
import functools
import inspect
import os
import sys
import unittest

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(_HERE, "..")))  # openhuman_lan
sys.path.insert(1, os.path.normpath(os.path.join(_HERE, "..", "..", "relay")))  # clients, and the implementation

from openhuman_lab.lan_client import LanClient
from openhuman_lan.endpoint import LanEndpoint
from openhuman_lan.limits import HELLO_TIMEOUT, IDLE_TIMEOUT
from stub_core import StubCore

TEST_SECONDS = 30.0
CHANNEL = "ch-lan-1"
OTHER_CHANNEL = "ch-lan-2"
START = 1_800_000_000  # the frozen clock's first second (Unix seconds)


class FrozenClock:
    """The endpoint's clock (Unix seconds) that moves only when a test moves it."""

    def __init__(self, now: int = START) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def _bounded(test):
    @functools.wraps(test)
    async def run(self):
        await asyncio.wait_for(test(self), TEST_SECONDS)

    return run


class ClientsCase(unittest.IsolatedAsyncioTestCase):
    """Every `test*` coroutine bounded by TEST_SECONDS; `closers` run at the end, whatever happens;
    the event loop out of debug mode."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for name, method in list(vars(cls).items()):
            if name.startswith("test") and inspect.iscoroutinefunction(method):
                setattr(cls, name, _bounded(method))

    async def asyncSetUp(self) -> None:
        # IsolatedAsyncioTestCase runs its loop in debug mode, which makes every step many times slower.
        asyncio.get_running_loop().set_debug(False)
        self.closers = []

    async def asyncTearDown(self) -> None:
        for close in reversed(self.closers):
            try:
                await asyncio.wait_for(close(), 10)
            except Exception:  # a client already gone must not hide the test's own failure
                pass

    async def start_endpoint(self, core, **options) -> LanEndpoint:
        """An endpoint for `core` on 127.0.0.1, an ephemeral port, the path /rpc; stopped at the end."""
        endpoint = LanEndpoint(core, "127.0.0.1", 0, "/rpc", **options)
        await endpoint.start()
        self.closers.append(endpoint.stop)
        return endpoint

    async def client(self, url: str, hello: str | None = None, **options) -> LanClient:
        client = await LanClient.open(url, hello, **options)
        self.closers.append(client.close)
        return client


class EndpointCase(ClientsCase):
    """An endpoint with a stub core that has CHANNEL and OTHER_CHANNEL paired, on a frozen clock;
    a subclass may shorten the timeouts."""

    hello_timeout = HELLO_TIMEOUT
    idle_timeout = IDLE_TIMEOUT

    async def asyncSetUp(self) -> None:
        await super().asyncSetUp()
        self.clock = FrozenClock()
        self.core = StubCore({CHANNEL, OTHER_CHANNEL})
        self.endpoint = await self.start_endpoint(
            self.core, clock=self.clock, hello_timeout=self.hello_timeout, idle_timeout=self.idle_timeout
        )
        self.url = self.endpoint.rpc_url

    async def said_hello(self, channel: str = CHANNEL, **options) -> LanClient:
        """A connection whose hello the endpoint accepted, shown by a message handed on after it;
        the clock then moves to the next second, so a test's messages start a second of their own."""
        client = await self.client(self.url, channel, **options)
        await client.send(b"\x16probe")
        await self.core.wait_for(lambda received: any(message == b"\x16probe" for _, message, _ in received))
        self.core.received.clear()
        self.clock.now += 1
        return client
