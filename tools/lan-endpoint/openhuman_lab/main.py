"""`openhuman-transport-lab`: the transport lab as the runner's child process (spec 15.7).

    openhuman-transport-lab [--time-scale S] [--log-level LEVEL]

It reads one JSON command per line on stdin and writes one JSON answer per command on stdout,
flushed, and nothing else there (the log goes to stderr, warnings only by default). Commands are
answered in order, one at a time; stdin is read meanwhile, so its end (EOF) or SIGTERM stops the
lab even during a `wait`: everything is stopped (the relay child too), commands not yet answered
are dropped, and the process exits 0 within about 5 s.
"""

import argparse
import asyncio
import json
import logging
import signal
import sys

from .clock import LabClock
from .lab import Lab
from .protocol import Protocol

LINE_LIMIT = 1 << 20  # bytes of one command line


def _arguments(argv):
    parser = argparse.ArgumentParser(
        prog="openhuman-transport-lab",
        description="The transport lab of spec 15.7: the reference relay, core, LAN endpoint and device on "
        "127.0.0.1, driven by JSON lines on stdin (tools/lan-endpoint/README.md).",
    )
    parser.add_argument(
        "--time-scale",
        type=_positive,
        default=1.0,
        help="selection ms per real ms: the lab's clock runs this much faster (default 1)",
    )
    parser.add_argument("--log-level", default="WARNING", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser.parse_args(argv)


def _positive(text: str) -> float:
    try:
        LabClock(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a positive number: {text!r}") from None
    return float(text)


def _say(answer: dict) -> None:
    sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
    sys.stdout.flush()


async def _read_lines(lines: asyncio.Queue) -> None:
    """stdin, line by line, into `lines`; returns at its end. stdin is a pipe (the runner's), or a
    terminal: the event loop cannot watch a regular file, and the lab would stop at its end anyway."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=LINE_LIMIT)
    try:
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    except ValueError as error:
        logging.getLogger("openhuman-transport-lab").error("stdin: %s", error)
        return
    while True:
        try:
            line = await reader.readline()
        except ValueError:  # longer than LINE_LIMIT: dropped by the reader, answered as malformed
            line = b"\0\n"
        if not line:
            return
        await lines.put(line)


async def _answer_all(lines: asyncio.Queue, protocol: Protocol) -> None:
    while True:
        _say(await protocol.answer(await lines.get()))


async def _run(scale: float) -> int:
    loop = asyncio.get_running_loop()
    lab = Lab(LabClock(scale))
    lines: asyncio.Queue = asyncio.Queue()
    reading = loop.create_task(_read_lines(lines))
    answering = loop.create_task(_answer_all(lines, Protocol(lab)))
    terminated = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, terminated.set)
    ending = loop.create_task(terminated.wait())
    # The end of stdin ends the reading task, SIGTERM the `ending` one; either stops the lab at once,
    # even in the middle of a wait.
    await asyncio.wait({reading, answering, ending}, return_when=asyncio.FIRST_COMPLETED)
    for task in (reading, answering, ending):
        task.cancel()
    await asyncio.gather(reading, answering, ending, return_exceptions=True)
    await lab.stop()
    return 0


def main(argv=None) -> int:
    args = _arguments(argv)
    logging.basicConfig(
        level=args.log_level, stream=sys.stderr, format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    return asyncio.run(_run(args.time_scale))
