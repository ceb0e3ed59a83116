"""The load test's baseline: a bare python-socketio echo server (pyenv python3).

The same stack as the relay (AsyncServer on aiohttp, WebSocket, events handled in order per
connection) and nothing else: each `tunnel:frame` goes back to its sender unchanged. What the
relay costs beyond this is its state machine, its checks and its routing to the peer.

    python3 load_echo_server.py      prints `listening 127.0.0.1:PORT`, runs until SIGTERM
"""

import asyncio
import signal
import sys

import socketio
from aiohttp import web


async def serve() -> None:
    sio = socketio.AsyncServer(async_mode="aiohttp", async_handlers=False, logger=False, engineio_logger=False)

    @sio.on("tunnel:frame")
    async def echo(sid, data):
        await sio.emit("tunnel:frame", data, to=sid)

    app = web.Application()
    sio.attach(app)
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    host, port = runner.addresses[0][:2]
    sys.stdout.write("listening %s:%d\n" % (host, port))
    sys.stdout.flush()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await runner.cleanup()


if __name__ == "__main__":
    asyncio.run(serve())
