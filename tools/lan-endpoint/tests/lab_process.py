"""The transport lab as the runner drives it: a child process (`openhuman-transport-lab`), one JSON
command per line on its stdin, one JSON answer per line read from its stdout, each read bounded in
time. Its log (stderr) goes to a file, shown when a test fails. pyenv python3.
"""

import asyncio
import json
import os
import signal
import tempfile

LAB = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "openhuman-transport-lab"))
SCALE = 5  # one real second is 5,000 ms of selection time
ANSWER_SECONDS = 15.0  # setup pairs over the relay; every other answer comes far sooner
EXIT_SECONDS = 5.0


class LabProcess:
    def __init__(self, process: asyncio.subprocess.Process, log) -> None:
        self.process = process
        self.log = log

    @classmethod
    async def start(cls, scale: float = SCALE) -> "LabProcess":
        log = tempfile.NamedTemporaryFile(prefix="transport-lab-", suffix=".log", delete=False)
        process = await asyncio.create_subprocess_exec(
            LAB,
            "--time-scale",
            str(scale),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
        )
        return cls(process, log)

    async def line(self, text: bytes) -> dict:
        """Write one line as it is (a command, or not one); its answer."""
        self.process.stdin.write(text + b"\n")
        await self.process.stdin.drain()
        answer = await asyncio.wait_for(self.process.stdout.readline(), ANSWER_SECONDS)
        if not answer:
            raise AssertionError("the lab ended without an answer:\n" + self.output())
        return json.loads(answer)

    async def send(self, op: str, **members) -> dict:
        return await self.line(json.dumps({"op": op, **members}).encode())

    async def ok(self, op: str, **members) -> dict:
        """A command that must succeed; its answer."""
        answer = await self.send(op, **members)
        if answer.get("ok") is not True:
            raise AssertionError(f"{op} {members}: {answer}\n{self.output()}")
        return answer

    async def act(self, *actions: str) -> None:
        await self.ok("act", actions=list(actions))

    async def wait(self, until: int | None) -> dict:
        return await self.ok("wait", until=until)

    def children(self) -> list[int]:
        """The lab's child processes (Linux /proc)."""
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                if int(fields[1]) == self.process.pid:
                    found.append(int(entry))
        return found

    async def end(self, terminate: bool = False) -> int:
        """EOF on stdin (or SIGTERM); the exit status, which must come within EXIT_SECONDS."""
        if terminate:
            self.process.send_signal(signal.SIGTERM)
        else:
            self.process.stdin.close()
        return await asyncio.wait_for(self.process.wait(), EXIT_SECONDS)

    async def kill(self) -> None:
        """Whatever happened: the lab gone (SIGKILL after EOF had its time), its log removed."""
        if self.process.returncode is None:
            try:
                await self.end()
            except (TimeoutError, ConnectionError):
                self.process.kill()
                await self.process.wait()
        self.log.close()
        os.unlink(self.log.name)

    def output(self) -> str:
        with open(self.log.name, "rb") as log:
            return log.read().decode("utf-8", "replace")[-4000:]
