"""Load on loopback (issue 13): at least 200 channels pairing and exchanging requests at once through
one relay, beside a bare python-socketio echo server measured in the same run. pyenv python3.

Both runs use the same client processes (clients/load_worker.py, one per core of this machine),
the same number of channels, frames in flight per channel, pace, and client work per frame (an
envelope encoded, sealed and base64url-encoded by its sender, decoded, opened and parsed at its
receiver), so the runs differ in their server only. It prints
frames per second, the 99th percentile of one-way frame latency, the server's CPU time per frame
and the ratios; it asserts only what must hold at any speed: every channel paired, every frame
answered, none lost, none delivered to another channel, no refusal. Timing is never asserted.

Knobs (environment): LOAD_CHANNELS (200), LOAD_WORKERS (2), LOAD_WINDOW (2), LOAD_SECONDS (8).
"""

import json
import os
import select
import subprocess
import sys
import tempfile
import time
import unittest

import relay_case  # noqa: F401  (puts the clients and the implementation on the import path)

from clients.processes import RELAY_DIR, ListeningServer, Relay

CHANNELS = int(os.environ.get("LOAD_CHANNELS", "200"))
WORKERS = int(os.environ.get("LOAD_WORKERS", "2"))
WINDOW = int(os.environ.get("LOAD_WINDOW", "2"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "8"))
SETUP_TIMEOUT = 60.0
DRAIN_TIMEOUT = 40.0
ECHO_SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "load_echo_server.py")
GOAL = 0.8  # of the baseline's throughput; printed, never asserted


class Worker:
    """One client process, spoken to by lines: it says `ready`, gets `go`, says `result {json}`."""

    def __init__(self, arguments: list) -> None:
        self.errors = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "clients.load_worker", *map(str, arguments)],
            cwd=RELAY_DIR,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            start_new_session=True,
        )

    def line(self, deadline: float) -> str:
        while True:
            remaining = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, remaining))
            if not ready:
                raise AssertionError("load worker silent past its deadline:\n" + self.stderr())
            text = self.process.stdout.readline().decode()
            if not text:
                raise AssertionError("load worker ended early:\n" + self.stderr())
            if text.strip():
                return text.strip()

    def go(self) -> None:
        self.process.stdin.write(b"go\n")
        self.process.stdin.flush()

    def stderr(self) -> str:
        """The start of the worker's stderr, where its first error is, and its end, where it stopped:
        what an asyncio loop prints while closing can bury the first error under many kilobytes."""
        self.errors.seek(0)
        text = self.errors.read().decode("utf-8", "replace")
        return text if len(text) <= 8000 else text[:6000] + "\n[...]\n" + text[-2000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        self.process.stdin.close()
        self.process.stdout.close()
        self.errors.close()


def measured(server: ListeningServer, arguments: list) -> dict:
    """Run the workers against `server`: set up, measure one common interval, gather the results."""
    per_worker = [CHANNELS // WORKERS + (1 if n < CHANNELS % WORKERS else 0) for n in range(WORKERS)]
    workers = [Worker([arguments[0], server.url, channels, WINDOW, SECONDS, *arguments[1:]]) for channels in per_worker]
    try:
        setup_deadline = time.monotonic() + SETUP_TIMEOUT
        for worker in workers:
            if worker.line(setup_deadline) != "ready":
                raise AssertionError("load worker not ready:\n" + worker.stderr())
        cpu_before = server.cpu_seconds()
        for worker in workers:
            worker.go()
        results_deadline = time.monotonic() + SECONDS + DRAIN_TIMEOUT
        results = []
        for worker in workers:
            line = worker.line(results_deadline)
            if not line.startswith("result "):
                raise AssertionError("unexpected worker line %r:\n%s" % (line, worker.stderr()))
            results.append(json.loads(line[len("result ") :]))
        cpu = server.cpu_seconds() - cpu_before
    finally:
        for worker in workers:
            worker.stop()
    return summary(results, cpu, per_worker)


def summary(results: list, cpu: float, per_worker: list) -> dict:
    latencies = sorted(latency for result in results for latency in result["latencies_us"])
    frames = sum(result["frames"] for result in results)
    return {
        "channels": sum(per_worker),
        "frames": frames,
        "fps": frames / SECONDS,
        "p99_ms": latencies[max(0, -(-99 * len(latencies) // 100) - 1)] / 1000 if latencies else float("nan"),
        "cpu_us_per_frame": cpu * 1e6 / frames if frames else float("nan"),
        "lost": sum(result["lost"] for result in results),
        "misdelivered": sum(result["misdelivered"] for result in results),
        "errors": [error for result in results for error in result["errors"]],
        "requestChars": results[0].get("requestChars"),
        "answerChars": results[0].get("answerChars"),
        "pairingSeconds": max(result.get("pairingSeconds", 0.0) for result in results),
    }


class LoadTests(unittest.TestCase):
    def test_two_hundred_channels_through_one_relay_lose_and_misdeliver_nothing(self):
        self.assertGreaterEqual(CHANNELS, 200)
        relay = Relay("--log-level", "WARNING")
        try:
            through_relay = measured(relay, ["relay"])
        finally:
            relay.stop()
            relay.remove_log()
        echo = ListeningServer([sys.executable, ECHO_SERVER], "echo-server")
        try:
            baseline = measured(echo, ["echo"])
        finally:
            echo.stop()
            echo.remove_log()

        report(through_relay, baseline)
        for run in (through_relay, baseline):
            self.assertEqual(run["channels"], CHANNELS)
            self.assertGreater(run["frames"], 0)
            self.assertEqual(run["lost"], 0)
            self.assertEqual(run["misdelivered"], 0)
            self.assertEqual(run["errors"], [])


def report(relay: dict, echo: dict) -> None:
    ratio = relay["fps"] / echo["fps"] if echo["fps"] else float("nan")
    cost = relay["cpu_us_per_frame"] / echo["cpu_us_per_frame"] if echo["cpu_us_per_frame"] else float("nan")
    lines = [
        "",
        "load: %d channels, %d client processes, %d frames in flight per channel, %.0f s measured, "
        "frames of %s/%s base64url characters"
        % (relay["channels"], WORKERS, WINDOW, SECONDS, relay["requestChars"], relay["answerChars"]),
        "  %-22s %12s %12s %18s" % ("server", "frames/s", "p99 ms", "server CPU us/frame"),
        "  %-22s %12.0f %12.2f %18.1f" % ("relay", relay["fps"], relay["p99_ms"], relay["cpu_us_per_frame"]),
        "  %-22s %12.0f %12.2f %18.1f" % ("echo baseline", echo["fps"], echo["p99_ms"], echo["cpu_us_per_frame"]),
        "  all %d channels paired (register, scan, connect, handshake, commit, confirm) in %.1f s"
        % (relay["channels"], relay["pairingSeconds"]),
        "  throughput ratio relay/echo = %.2f (goal >= %.1f); server CPU per frame relay/echo = %.2f"
        % (ratio, GOAL, cost),
        "  (the clients share the machine's cores with the server; in both runs they seal, encode, open",
        "   and parse every frame, so the two runs differ in their server only)",
    ]
    print("\n".join(lines), file=sys.stderr, flush=True)


if __name__ == "__main__":
    unittest.main()
