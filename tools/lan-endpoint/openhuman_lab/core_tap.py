"""The core as the lab's LAN endpoint sees it: the reference core behind a tap that can hold the
LAN's messages (the "LAN slow" fault) and counts the flood's handshakes that reach the channel.

It plugs into the endpoint by the core interface (openhuman_lan/core_interface.py), so neither
the endpoint nor the core knows of it: the endpoint's checks (LAN-5 to LAN-9) run as always, on
arrival, and only the hand-off to the core is late.

Holding: each binary message is handed to the core `hold` seconds after it arrived, in arrival
order per connection (a slow desktop or a congested link delays every message alike, and keeps
their order). `receive_lan` returns at once while holding, so the endpoint goes on reading. A
message still held when its connection closes is dropped, as a message in flight on a lost
connection is: handing it later would let a LAN handshake the device gave up replace the
reconnection it runs on the relay meanwhile (the core keeps one pending reconnection, V3-RECON-2).
Ending the hold hands what is held at once, in order.
"""

import asyncio
import collections

from openhuman_lan.connection import LanConnection
from openhuman_lan.core_interface import LanCore


class CoreTap:
    def __init__(self, core: LanCore) -> None:
        self.core = core
        self.hold = 0.0  # real seconds each message is held; 0 hands it at once
        self.flood: set[bytes] = set()  # the flood's messages, to tell them from the phone's
        self.flood_reached = 0
        self._released = asyncio.Event()
        self._released.set()
        self._held: dict[LanConnection, collections.deque] = {}
        self._tasks: set[asyncio.Task] = set()

    def set_hold(self, seconds: float) -> None:
        self.hold = seconds
        if seconds > 0:
            self._released.clear()
        else:
            self._released.set()

    def is_paired(self, channel_id: str) -> bool:
        return self.core.is_paired(channel_id)

    async def receive_lan(self, channel_id: str, message: bytes, connection: LanConnection) -> None:
        if message in self.flood:
            self.flood_reached += 1
        held = self._held.get(connection)
        if held is None and self.hold <= 0:
            await self.core.receive_lan(channel_id, message, connection)
            return
        due = asyncio.get_running_loop().time() + self.hold
        if held is None:
            held = self._held[connection] = collections.deque()
            task = asyncio.get_running_loop().create_task(self._hand_on(connection, held))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        held.append((due, channel_id, message))

    async def _hand_on(self, connection: LanConnection, held: collections.deque) -> None:
        try:
            while held:
                due, channel_id, message = held[0]
                wait = due - asyncio.get_running_loop().time()
                if wait > 0:
                    try:
                        await asyncio.wait_for(self._released.wait(), wait)
                    except TimeoutError:
                        pass
                held.popleft()
                if connection.is_open:
                    await self.core.receive_lan(channel_id, message, connection)
        finally:
            self._held.pop(connection, None)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
