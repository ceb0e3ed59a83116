"""One client process of the load test (tools/relay/tests/test_load.py), pyenv python3.

    python3 -m clients.load_worker relay URL CHANNELS WINDOW SECONDS
    python3 -m clients.load_worker echo URL CHANNELS WINDOW SECONDS

`relay`: one core connection serving CHANNELS channels (RELAY-8) and one phone per channel, each
paired as a user pairs (clients/pairing.py); `echo`: CHANNELS plain Socket.IO clients of the
baseline echo server, each frame an envelope sealed, sent, echoed, opened and parsed, as relay
frames are. Both print `ready`, wait for `go`
on stdin, then keep WINDOW frames in flight per channel for SECONDS (each channel paced below the
relay's 100 frames a second, RELAY-13), wait for every answer, and print one line
`result {json}`: the frames completed inside the measured interval, one-way frame latencies in
microseconds on the shared monotonic clock, and every frame lost or delivered to the wrong channel.
"""

import asyncio
import json
import os
import sys
import time

import socketio

from openhuman_tunnel import base64url, envelope
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.frames import SESSION_OVERHEAD
from openhuman_tunnel.session import SessionCipher, SessionKeys

from .core import RelayCore
from .pairing import DEV_CORE_AUTH, pair

METHOD = "load.echo"
PACE_SECONDS = 0.02  # at most 50 requests a second per channel: half the relay's frame limit
ANSWER_TIMEOUT_MS = 20_000
ID_SAMPLE = "00000000-0000-4000-8000-000000000000"
# Pairings under way at once in one process. The workers share the relay's development account,
# which may own at most 100 pending channels (RELAY-20): with the test's two workers, 40 each
# stays below it with room for a worker started by hand beside them.
PAIRING_CONCURRENCY = 40


def _base64url_chars(length: int) -> int:
    return -(-4 * length // 3)


class Tally:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = None
        self.completed = 0
        self.latencies_us = []
        self.lost = 0
        self.misdelivered = 0
        self.errors = []

    def begin(self) -> None:
        self.end = time.monotonic() + self.seconds

    def done(self, frames_per_answer: int, **more) -> dict:
        result = {
            "completed": self.completed,
            "frames": self.completed * frames_per_answer,
            "seconds": self.seconds,
            "latencies_us": self.latencies_us,
            "lost": self.lost,
            "misdelivered": self.misdelivered,
            "errors": self.errors[:20],
        }
        result.update(more)
        return result


async def _paced(pace: dict) -> None:
    """One channel's shared pace: every send takes the next slot PACE_SECONDS after the last."""
    now = time.monotonic()
    slot = max(now, pace["next"])
    pace["next"] = slot + PACE_SECONDS
    if slot > now:
        await asyncio.sleep(slot - now)


# --- through the relay ---------------------------------------------------------------------


def _params(channel_id: str, index: int) -> bytes:
    return b'{"c":%s,"i":%d,"t":%d}' % (envelope.json_string(channel_id), index, time.monotonic_ns())


async def relay_run(url: str, channels: int, window: int, seconds: float) -> dict:
    tally = Tally(seconds)

    def echo(channel_id, params) -> bytes:
        """The core's application: the frame's one-way latency, and whether it came on its own channel."""
        received = time.monotonic_ns()
        tally.latencies_us.append((received - params.get("t").integer()) // 1000)
        if params.get("c") != channel_id:
            tally.misdelivered += 1
        return b'{"c":%s,"i":%d,"u":%d}' % (
            envelope.json_string(params.get("c")),
            params.get("i").integer(),
            time.monotonic_ns(),
        )

    core = RelayCore(url, DEV_CORE_AUTH, methods={METHOD: echo})
    await core.start()
    gate = asyncio.Semaphore(PAIRING_CONCURRENCY)

    async def paired_one():
        async with gate:
            return await pair(core, url)

    pairing_started = time.monotonic()
    pairings = await asyncio.gather(*(paired_one() for _ in range(channels)))
    pairing_seconds = time.monotonic() - pairing_started
    # CONFIRM-2: every committing request went unanswered while its pairing waited for the user.
    tally.errors += ["answered while confirming" for paired in pairings if paired.unanswered != "request_timeout"]
    baseline_reports = len(core.reports)
    await _ready()
    tally.begin()

    async def flow(paired, pace: dict, counter: list) -> None:
        phone = paired.phone
        while time.monotonic() < tally.end:
            await _paced(pace)
            index = counter[0]
            counter[0] += 1
            try:
                answer = await phone.request(METHOD, _params(paired.channel_id, index), ANSWER_TIMEOUT_MS)
            except TunnelError as error:
                tally.lost += 1
                tally.errors.append(error.code)
                continue
            arrived = time.monotonic_ns()
            payload = answer.payload
            if (
                answer.kind != "response"
                or payload.get("c") != paired.channel_id
                or payload.get("i").integer() != index
            ):
                tally.misdelivered += 1
                continue
            tally.latencies_us.append((arrived - payload.get("u").integer()) // 1000)
            if time.monotonic() <= tally.end:
                tally.completed += 1

    flows = []
    for paired in pairings:
        pace, counter = {"next": 0.0}, [0]
        flows += [flow(paired, pace, counter) for _ in range(window)]
    await asyncio.gather(*flows)

    for paired in pairings:
        tally.errors += paired.phone.reports
        tally.errors += [event for event, *_ in paired.phone.connection.events if event == "tunnel:error"]
    refusals = core.reports[baseline_reports:]  # after pairing: nothing may be refused
    tally.errors += [code for _, code in refusals]
    tally.misdelivered += sum(1 for _, code in refusals if code in ("auth_failed", "unknown_channel"))
    tally.errors += [event for event, *_ in core.connection.events if event == "tunnel:error"]
    sample = pairings[0].channel_id
    request_chars = _base64url_chars(
        SESSION_OVERHEAD + len(envelope.encode_request(ID_SAMPLE, METHOD, _params(sample, 1000), False))
    )
    answer_chars = _base64url_chars(
        SESSION_OVERHEAD
        + len(
            envelope.encode_value(
                ID_SAMPLE,
                envelope.RESPONSE,
                0,
                b'{"c":%s,"i":1000,"u":%d}' % (envelope.json_string(sample), time.monotonic_ns()),
            )
        )
    )
    for paired in pairings:
        await paired.phone.disconnect()
    await core.stop()
    return tally.done(2, requestChars=request_chars, answerChars=answer_chars, pairingSeconds=pairing_seconds)


# --- the baseline --------------------------------------------------------------------------


async def echo_run(url: str, channels: int, window: int, seconds: float) -> dict:
    """The same channels, window, pace and client work against the echo server: each frame is an
    envelope sealed and base64url-encoded by its sender and decoded, opened and parsed on its way
    back, as every relay frame is at its two ends, and goes through the server once, as each
    relay frame does. Only the server differs, so the two runs compare servers, not clients, on
    a machine whose cores the clients share with the server."""
    tally = Tally(seconds)
    clients = []

    async def client(number: int):
        channel_id = "echo-%d" % number
        sio = socketio.AsyncClient(reconnection=False)
        waiting = {}
        keys = SessionKeys(os.urandom(32), os.urandom(32))
        # The device's sealer and the core's opener of one session: the echoed frame opens as
        # the core would open it at the relay's far end.
        sealer, opener = SessionCipher("device", keys), SessionCipher("core", keys)

        async def echoed(data) -> None:
            arrived = time.monotonic_ns()
            try:
                plaintext = opener.open(base64url.decode(str(data.get("payload", ""))))
                request = b'"kind":"request"' in plaintext
                parsed = envelope.parse(plaintext, "core" if request else "device")
            except TunnelError:
                tally.misdelivered += 1
                return
            fields = parsed.params if request else parsed.payload
            index = fields.get("i").integer()
            future = waiting.pop(index, None)
            if future is None or fields.get("c") != channel_id or data.get("channelId") != channel_id:
                tally.misdelivered += 1
                return
            tally.latencies_us.append((arrived - fields.get("t").integer()) // 1000)
            future.set_result(None)

        def frame(index: int) -> str:
            # Both kinds of relay frame, alternately: a request and a response.
            params = _params(channel_id, index)
            plaintext = (
                envelope.encode_request(ID_SAMPLE, METHOD, params, False)
                if index % 2 == 0
                else envelope.encode_value(ID_SAMPLE, envelope.RESPONSE, 0, params)
            )
            return base64url.encode(sealer.seal(plaintext))

        sio.on("tunnel:frame", echoed)
        await sio.connect(url, transports=["websocket"], wait_timeout=10)
        clients.append(sio)
        return channel_id, sio, waiting, frame

    connected = []
    for start in range(0, channels, 50):
        connected += await asyncio.gather(*(client(n) for n in range(start, min(channels, start + 50))))
    await _ready()
    tally.begin()

    async def flow(channel_id, sio, waiting, frame, pace: dict, counter: list) -> None:
        loop = asyncio.get_running_loop()
        while time.monotonic() < tally.end:
            await _paced(pace)
            index = counter[0]
            counter[0] += 1
            future = loop.create_future()
            waiting[index] = future
            await sio.emit("tunnel:frame", {"channelId": channel_id, "payload": frame(index)})
            try:
                await asyncio.wait_for(future, ANSWER_TIMEOUT_MS / 1000)
            except TimeoutError:
                waiting.pop(index, None)
                tally.lost += 1
                continue
            if time.monotonic() <= tally.end:
                tally.completed += 1

    flows = []
    for channel_id, sio, waiting, frame in connected:
        pace, counter = {"next": 0.0}, [0]
        flows += [flow(channel_id, sio, waiting, frame, pace, counter) for _ in range(window)]
    await asyncio.gather(*flows)
    for sio in clients:
        await sio.disconnect()
    return tally.done(1)


async def _ready() -> None:
    """Tell the test this process is set up, and wait for the test's `go`, so all workers measure
    the same interval."""
    print("ready", flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if line.strip() != "go":
        raise SystemExit("no go: %r" % line)


def main(argv) -> int:
    mode, url, channels, window, seconds = argv[:5]
    if mode == "relay":
        result = asyncio.run(relay_run(url, int(channels), int(window), float(seconds)))
    else:
        result = asyncio.run(echo_run(url, int(channels), int(window), float(seconds)))
    print("result " + json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
