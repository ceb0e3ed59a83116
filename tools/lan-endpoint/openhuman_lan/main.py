"""`openhuman-lan-endpoint`: the reference version 3 core with its LAN endpoint, for implementers.

It joins a running relay as a core (tools/relay/clients/core_v3.py), starts the LAN endpoint for
that core, registers one channel, and prints, one line each, flushed, on stdout:

    listening HOST:PORT          the endpoint accepts connections
    payload openhuman://pair?..  the version 3 pairing payload, its `rpc` the endpoint's URL (LAN-1)
    code NNNNNN                  the code the desktop shows once the phone's reveal matched

A device under test pairs over the relay (TRANS-2), then uses the LAN or the relay; the core
answers the pings (AUTH-3). The code is confirmed when the operator types `y` on stdin, or at
once with --yes, which skips the comparison that stops a man in the middle (V3-SAS-1): for
automated tests on loopback only. SIGTERM or SIGINT closes every LAN connection with 1001
(LAN-10) and ends the process.
"""

import argparse
import asyncio
import logging
import signal
import sys

from socketio.exceptions import ConnectionError as RelayUnreachable

from clients.connection import RelayRefused
from clients.core_v3 import RelayCoreV3
from clients.pairing import DEV_CORE_AUTH

from .endpoint import LanEndpoint

PAIRING_SECONDS = 600  # RELAY-1's pairing lifetime: no code can come after it


def _arguments(argv):
    parser = argparse.ArgumentParser(
        prog="openhuman-lan-endpoint",
        description="The OpenHuman tunnel's reference LAN endpoint (spec/15-transports.md) for a "
        "version 3 core on a running reference relay.",
        epilog="example:\n"
        "  tools/relay/openhuman-relay --port 8787 &\n"
        "  tools/lan-endpoint/openhuman-lan-endpoint --port 8788",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--relay", default="http://127.0.0.1:8787", help="the relay's URL (default %(default)s)")
    parser.add_argument("--account", default=DEV_CORE_AUTH["account"], help="the core's relay account (default dev)")
    parser.add_argument(
        "--core-token", default=DEV_CORE_AUTH["coreToken"], help="its core token (default: the development one)"
    )
    parser.add_argument("--host", default="127.0.0.1", help="the rpc URL's host, bound alone (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8788, help="the rpc URL's port; 0 picks a free one (default 8788)")
    parser.add_argument("--path", default="/rpc", help="the rpc URL's path and query, as written (default /rpc)")
    parser.add_argument("--yes", action="store_true", help="TEST ONLY: confirm the code without asking")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser.parse_args(argv)


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def _pair(core: RelayCoreV3, channel_id: str, yes: bool) -> None:
    """Show the code and confirm it, or reject it, as the desktop's user would (V3-CONFIRM-1)."""
    try:
        code = await core.awaiting_confirmation(channel_id, timeout=PAIRING_SECONDS)
    except TimeoutError:
        logging.getLogger("openhuman-lan-endpoint").warning("no phone paired within %d s", PAIRING_SECONDS)
        return
    _say(f"code {code}")
    if not yes:
        print(f"confirm code {code}? [y/N] ", end="", file=sys.stderr, flush=True)
        answer = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        if answer.strip().lower() != "y":
            await core.reject(channel_id)
            return
    await core.confirm(channel_id)


async def _serve(args) -> int:
    core = RelayCoreV3(args.relay, {"account": args.account, "coreToken": args.core_token})
    endpoint = LanEndpoint(core, args.host, args.port, args.path)  # a wildcard host fails here, before any connection
    await core.start()
    try:
        await endpoint.start()
        channel_id = await core.register()
    except BaseException:
        await core.stop()
        raise
    _say(f"listening {args.host}:{endpoint.port}")
    _say(f"payload {core.pairing_payload(channel_id, endpoint.rpc_url)}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    pairing = loop.create_task(_pair(core, channel_id, args.yes))
    await stop.wait()
    pairing.cancel()
    await endpoint.stop()
    await core.stop()
    return 0


def main(argv=None) -> int:
    args = _arguments(argv)
    logging.basicConfig(
        level=args.log_level, stream=sys.stderr, format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    try:
        return asyncio.run(_serve(args))
    except ValueError as error:  # a wildcard host, a path without '/'
        print(f"openhuman-lan-endpoint: {error}", file=sys.stderr)
        return 2
    except (OSError, RelayRefused, RelayUnreachable) as error:
        print(f"openhuman-lan-endpoint: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
