"""15.7's handshake flood at the LAN endpoint: a second client on the phone's own source address
(127.0.0.1) sends reconnection messages 1 for the paired channel as fast as it can, each of the
right size (0x13 and 48 random bytes: from no key the core knows, so each that reaches the channel
fails there and costs it a token, LAN-8), opening a new connection whenever the endpoint closes
one.

What the endpoint must do (LAN-7): take a token of the source's bucket (3, one per 12 s) and of
the global one for each, and close the connection 4429 at the first that finds none; so at most 3
reach the channel at once, one more per 12 s of the endpoint's clock. The answer counts what was
sent, the flood's connections closed 4429, and how many of its messages the core's channel
received (the lab's core tap knows them by their bytes).

A connection gets at most BURST messages before the flood waits for its close, so a few
connections carry the whole flood; the flood ends early when no connection opens (the endpoint is
down or refuses: 503), and is bounded in time.
"""

import asyncio
import os

import aiohttp

from openhuman_lan import close_codes
from openhuman_tunnel.reconnect_v3_messages import RECONNECT_1_LENGTH, TYPE_RECONNECT_1

from .core_tap import CoreTap
from .lan_client import LanClient

BURST = 100
CLOSE_SECONDS = 5.0
FLOOD_SECONDS = 60.0


async def flood(url: str, channel_id: str, count: int, tap: CoreTap) -> dict:
    messages = [bytes((TYPE_RECONNECT_1,)) + os.urandom(RECONNECT_1_LENGTH - 1) for _ in range(count)]
    tap.flood.update(messages)
    reached_before = tap.flood_reached
    tally = {"sent": 0, "closedRateLimited": 0}
    try:
        await asyncio.wait_for(_send_all(url, channel_id, messages, tally), FLOOD_SECONDS)
    except TimeoutError:
        pass
    return dict(tally, reachedChannel=tap.flood_reached - reached_before)


async def _send_all(url: str, channel_id: str, messages: list, tally: dict) -> None:
    while tally["sent"] < len(messages):
        try:
            client = await LanClient.open(url, channel_id, source="127.0.0.1")
        except (aiohttp.ClientError, OSError):
            return
        try:
            for _ in range(min(BURST, len(messages) - tally["sent"])):
                if client.closed.is_set():
                    break
                try:
                    await client.send(messages[tally["sent"]])
                except ConnectionError:  # closed under the burst: the rest goes on a new connection
                    break
                tally["sent"] += 1
            try:
                code = await client.wait_closed(CLOSE_SECONDS)
            except TimeoutError:
                code = None  # not closed: every message found a token (a clock that moved on)
            if code == close_codes.RATE_LIMITED:
                tally["closedRateLimited"] += 1
        finally:
            await client.close()
