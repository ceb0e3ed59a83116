"""Reading one upgraded LAN connection: its hello (LAN-5), then its messages (LAN-6, LAN-7), within
LAN-9's times, closing with the first failure's code.

A message's size is checked by aiohttp's reader from the frame header, before any of its payload
is buffered (max_msg_size, endpoint.py), so a message over 49,152 bytes is closed with 1009 and
never reaches these checks. Control frames (ping, pong) are not messages (LAN-4 item 2): they are
answered by aiohttp and do not hold the idle timeout off, because the timeout spans the whole wait
for the next data message.
"""

import asyncio

from aiohttp import WebSocketError, WSMsgType

from . import close_codes
from .connection import LanConnection
from .core_interface import LanCore
from .handshakes import HandshakeBuckets
from .limits import HANDSHAKE_OCTETS, HELLO_BYTES, MESSAGES_PER_SECOND


async def _next(connection: LanConnection, seconds: float):
    """The next message, or None when none arrived within `seconds`."""
    try:
        message = await asyncio.wait_for(connection.websocket.receive(), max(seconds, 0))
    except TimeoutError:
        return None
    if message.type == WSMsgType.ERROR and isinstance(message.data, WebSocketError):
        connection.closed_with = message.data.code  # aiohttp closed it: 1009, or RFC 6455's 1007, 1002
    return message


async def read_hello(connection: LanConnection, core: LanCore, timeout: float) -> str | None:
    """LAN-5's checks of the first message, in order; the channel id of an accepted hello, None
    once the connection is closed."""
    message = await _next(connection, timeout)
    if message is None:
        await connection.close(close_codes.TIMEOUT)
        return None
    if message.type == WSMsgType.BINARY:
        await connection.close(close_codes.BAD_HELLO)
        return None
    if message.type != WSMsgType.TEXT:
        return None  # closed: by the device, by the endpoint, or by aiohttp (1009, 1007, 1002)
    hello = message.data
    if not hello:
        await connection.close(close_codes.BAD_HELLO)
    elif len(hello.encode("utf-8")) > HELLO_BYTES:
        await connection.close(close_codes.MESSAGE_TOO_BIG)
    elif not core.is_paired(hello):
        await connection.close(close_codes.UNKNOWN_CHANNEL)  # unknown, pending, confirming, revoked alike
    else:
        return hello
    return None


async def read_messages(
    connection: LanConnection, core: LanCore, buckets: HandshakeBuckets, clock, idle_timeout: float
) -> None:
    """LAN-6 and LAN-7: each binary message to the hello's channel in arrival order, until the
    connection closes or breaks a rule. The rate is counted before the handshake buckets, so the
    101st message of a second takes no token."""
    second, count = None, 0
    while True:
        message = await _next(connection, idle_timeout)
        if message is None:
            await connection.close(close_codes.TIMEOUT)
            return
        if message.type == WSMsgType.TEXT:
            await connection.close(close_codes.BAD_HELLO)
            return
        if message.type != WSMsgType.BINARY:
            return
        now = int(clock())
        if now != second:
            second, count = now, 0
        count += 1
        if count > MESSAGES_PER_SECOND:
            await connection.close(close_codes.RATE_LIMITED)
            return
        data = message.data
        if data[:1] and data[0] in HANDSHAKE_OCTETS and not buckets.admit(connection.source, now):
            await connection.close(close_codes.RATE_LIMITED)
            return
        await core.receive_lan(connection.channel_id, data, connection)
