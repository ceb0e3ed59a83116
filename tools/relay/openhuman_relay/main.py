"""`openhuman-relay`: the command line of the reference relay."""

import argparse
import asyncio
import logging
import signal
import sys
import time

from aiohttp import web

from .accounts import DEV_ACCOUNT, DEV_CORE_TOKEN, Accounts, AccountsFileError
from .faults import FaultPlan, FaultPlanError
from .liveness import Liveness
from .memory_store import MemoryStore
from .server import RelayServer
from .trace import TraceWriter

# Seconds the stop gives the disconnection steps of its connections (RELAY-10). Those not run by
# then are left as a dying relay's are: to the survivors on a shared Redis (liveness.py).
DISCONNECTION_SECONDS = 1.0
# aiohttp's shutdown timeout: it waits this long for every open request to end, then as long
# again for the cancelled handlers. A WebSocket that says nothing is an open request until it
# closes, so aiohttp's default of 60 s made one silent client delay the stop by about 55 s (H4).
CLOSING_SECONDS = 1.0
# From SIGTERM or SIGINT to the end of the process, at most (README, 12.8).
SHUTDOWN_SECONDS = DISCONNECTION_SECONDS + 2 * CLOSING_SECONDS + 1.0


def _arguments(argv):
    parser = argparse.ArgumentParser(
        prog="openhuman-relay",
        description="The OpenHuman tunnel's reference relay (spec/12-signalling.md): Socket.IO over WebSocket.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8787, help="port to bind; 0 picks a free one (default 8787)")
    parser.add_argument(
        "--accounts",
        metavar="FILE",
        help='JSON {"account": "<sha256 hex of its core token>"}; without it, the development '
        f'account "{DEV_ACCOUNT}" with core token "{DEV_CORE_TOKEN}"',
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="share state and events with other relays through this Redis (redis://host:port/db)",
    )
    parser.add_argument(
        "--fault-plan",
        metavar="FILE",
        help="TEST ONLY: drop, duplicate, reorder or delay frames as the plan says (openhuman_relay/faults.py)",
    )
    parser.add_argument(
        "--trace",
        metavar="FILE",
        help="DEBUGGING ONLY: write every event this relay receives and "
        "sends, payloads and secrets included, as a verifier trace (openhuman_relay/trace.py)",
    )
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser.parse_args(argv)


def _store_and_manager(url):
    if url is None:
        return MemoryStore(), None, None
    import redis.asyncio
    import socketio

    from .redis_store import RedisStore

    client = redis.asyncio.from_url(url, decode_responses=True)
    return RedisStore(client), socketio.AsyncRedisManager(url, channel="openhuman-relay"), client


async def _serve(args, accounts, faults) -> int:
    store, manager, client = _store_and_manager(args.redis)
    if client is not None:
        from redis.exceptions import RedisError

        try:
            await client.ping()  # fail at start, not at the first event, when Redis is unreachable
        except RedisError as error:
            raise OSError(f"redis at {args.redis}: {error}") from None
    trace = None
    if args.trace:
        logging.getLogger("openhuman-relay").warning(
            "--trace: writing every payload, token and credential to %s", args.trace
        )
        trace = TraceWriter(args.trace, time.time)
    liveness = None
    if client is not None:
        liveness = Liveness(client, manager.host_id)
        await liveness.announce()
    server = RelayServer(store, accounts, client_manager=manager, faults=faults, trace=trace, liveness=liveness)
    if liveness is not None:
        reaper = asyncio.get_running_loop().create_task(liveness.run(server.relay, server.deliver, server.now))
    app = web.Application()
    server.attach(app)
    runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=CLOSING_SECONDS)
    await runner.setup()
    site = web.TCPSite(runner, args.host, args.port)
    await site.start()
    host, port = runner.addresses[0][:2]
    # The one stdout line, flushed, so a test can read the ephemeral port (--port 0).
    sys.stdout.write(f"listening {host}:{port}\n")
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    await stop.wait()
    logging.getLogger("openhuman-relay").info("stopping")
    if liveness is not None:
        reaper.cancel()
    try:
        await asyncio.wait_for(server.disconnect_all(), DISCONNECTION_SECONDS)
    except TimeoutError:
        logging.getLogger("openhuman-relay").warning("stopping: disconnections not all run in time")
    if liveness is not None:
        await liveness.withdraw()
    await runner.cleanup()
    if trace is not None:
        trace.close()
    if client is not None:
        await client.aclose()
    return 0


def main(argv=None) -> int:
    args = _arguments(argv)
    logging.basicConfig(
        level=args.log_level, stream=sys.stderr, format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    try:
        accounts = Accounts.load(args.accounts) if args.accounts else Accounts.development()
        faults = FaultPlan.load(args.fault_plan) if args.fault_plan else None
    except (AccountsFileError, FaultPlanError) as error:
        print(f"openhuman-relay: {error}", file=sys.stderr)
        return 2
    if args.accounts is None:
        logging.getLogger("openhuman-relay").warning(
            'no --accounts: serving the development account "%s" with its published core token', DEV_ACCOUNT
        )
    try:
        return asyncio.run(_serve(args, accounts, faults))
    except OSError as error:
        print(f"openhuman-relay: {error}", file=sys.stderr)
        return 1
