"""The relay and Redis as child processes on 127.0.0.1, each bounded in time and always stopped.

A child that does not say it is ready within its time is killed and the test fails with its
output; `stop` sends SIGTERM, then SIGKILL after a grace period, so no test leaves one behind. A
long-lived parent that may itself be killed (the transport lab) asks for `die_with_parent`: the
kernel then sends the child SIGTERM when the parent ends, however it ends (Linux prctl).
"""

import ctypes
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

RELAY_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# Another relay implementation can be tested by naming its start command here.
RELAY_COMMAND = os.environ.get("OPENHUMAN_RELAY_COMMAND", os.path.join(RELAY_DIR, "openhuman-relay"))
START_TIMEOUT = 20.0
STOP_GRACE = 5.0
_LISTENING = re.compile(rb"listening 127\.0\.0\.1:(\d+)")
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the thread that started it ends (PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


class Child:
    """One child process with its output in a file (so a chatty child never blocks on a full pipe)."""

    def __init__(self, argv: list, name: str, die_with_parent: bool = False) -> None:
        self.name = name
        self.log = tempfile.NamedTemporaryFile(prefix=name + "-", suffix=".log", delete=False)
        self.process = subprocess.Popen(
            argv,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=_die_with_parent if die_with_parent else None,
        )

    def output(self) -> str:
        with open(self.log.name, "rb") as log:
            return log.read().decode("utf-8", "replace")

    def wait_for_output(self, pattern: re.Pattern, timeout: float = START_TIMEOUT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(self.log.name, "rb") as log:
                match = pattern.search(log.read())
            if match:
                return match
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("%s did not start:\n%s" % (self.name, self.output()[-4000:]))

    def stop(self) -> None:
        """SIGTERM to the child's process group, SIGKILL after the grace period; idempotent."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(STOP_GRACE)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(STOP_GRACE)
            except ProcessLookupError:
                pass
        self.log.close()

    def remove_log(self) -> None:
        try:
            os.unlink(self.log.name)
        except FileNotFoundError:
            pass


class ListeningServer(Child):
    """A server that prints `listening 127.0.0.1:PORT` when it accepts connections; `url` then."""

    def __init__(self, argv: list, name: str, die_with_parent: bool = False) -> None:
        super().__init__(argv, name, die_with_parent)
        self.port = int(self.wait_for_output(_LISTENING).group(1))
        self.url = "http://127.0.0.1:%d" % self.port

    def cpu_seconds(self) -> float:
        """User and system CPU time the server has used so far (Linux /proc), to compare servers'
        cost per frame independently of what the clients on the same cores cost."""
        with open("/proc/%d/stat" % self.process.pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Relay(ListeningServer):
    """`openhuman-relay --host 127.0.0.1 --port 0 [extra]`."""

    def __init__(self, *extra: str, die_with_parent: bool = False) -> None:
        super().__init__([RELAY_COMMAND, "--host", "127.0.0.1", "--port", "0", *extra], "relay", die_with_parent)


def free_port() -> int:
    """An ephemeral loopback port for a child that cannot print its own (redis-server)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Redis(Child):
    """Debian's redis-server on loopback, persisting nothing."""

    def __init__(self) -> None:
        self.port = free_port()
        super().__init__(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            "redis",
        )
        self.wait_for_output(re.compile(rb"Ready to accept connections"))
        self.url = "redis://127.0.0.1:%d" % self.port


def python() -> str:
    """The interpreter the tests run under (pyenv python3), for client processes of the load test."""
    return sys.executable
