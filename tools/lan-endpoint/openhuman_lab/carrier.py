"""One carrier of the reference device (spec 15.1, TRANS-4): a connection it opens, sends on in
order, and closes, and whose loss it reports.

A carrier is `off`, `connecting` or `open`. `open()` ends in `connected` or raises CarrierFailed
with TRANS-4's code; once open, a loss the device did not cause is told to `on_lost` once, with
its code (a WebSocket close code, or None). What the device closes itself (`close`, at once, also
while connecting) is told nothing, and whatever a superseded connection still does afterwards is
ignored: each connection has a generation, and only the current one speaks.

Sending never waits: the device seals its messages in order (a session's counters) and hands the
frames over; one writer per connection sends them in that order. Frames handed to a carrier that
is not open are dropped, as a real socket's would be, and the caller is told so.
"""

import asyncio
import logging

log = logging.getLogger("openhuman-transport-lab")

OFF, CONNECTING, OPEN = "off", "connecting", "open"
SEND_SECONDS = 5.0
CLOSE_SECONDS = 3.0


class CarrierFailed(Exception):
    """`error(p, code)`: the carrier did not open (TRANS-4's causes before `connected`)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Superseded(Exception):
    """The device closed the carrier while it was connecting: nothing to report."""


class Carrier:
    path = ""

    def __init__(self, on_frame, on_lost) -> None:
        self.on_frame = on_frame  # (path, frame): one message from the core
        self.on_lost = on_lost  # (path, code): lost after `connected`, not by the device
        self.state = OFF
        self.last_lost_code: int | None = None
        self._generation = 0
        self._link = None
        self._outbox: asyncio.Queue | None = None
        self._tasks: set[asyncio.Task] = set()

    @property
    def is_open(self) -> bool:
        return self.state == OPEN

    # --- what a carrier of one kind provides ----------------------------------------

    async def _connect(self, deliver, lost):
        """Open and return the link; `deliver(frame)` for each message, `lost(code)` once it is
        lost. Raises CarrierFailed."""
        raise NotImplementedError

    async def _write(self, link, frame: bytes) -> None:
        raise NotImplementedError

    async def _disconnect(self, link) -> None:
        raise NotImplementedError

    # --- the device's side --------------------------------------------------------

    async def open(self) -> None:
        """Connect; returns once the carrier is open (`connected`). CarrierFailed, or Superseded
        when the device closed it meanwhile."""
        self._generation += 1
        generation = self._generation
        self.state = CONNECTING

        def current() -> bool:
            return generation == self._generation

        async def deliver(frame: bytes) -> None:
            if current():
                await self.on_frame(self.path, frame)

        def lost(code) -> None:
            if current() and self.state == OPEN:
                self._let_go()
                self.last_lost_code = code
                self.on_lost(self.path, code)

        try:
            link = await self._connect(deliver, lost)
        except CarrierFailed:
            if not current():
                raise Superseded() from None
            self.state = OFF
            raise
        if not current():
            self._spawn(self._disconnect(link))
            raise Superseded()
        self._link, self.state = link, OPEN
        self._outbox = asyncio.Queue()
        self._spawn(self._writer(link, self._outbox))
        return None

    def send(self, frames: list) -> bool:
        """Queue `frames` in order; False (nothing queued) when the carrier is not open."""
        if self.state != OPEN:
            return False
        for frame in frames:
            self._outbox.put_nowait(frame)
        return True

    def close(self) -> None:
        """The device closes the carrier at once (TRANS-7 item 3): nothing is reported."""
        link = self._link
        self._let_go()
        if link is not None:
            self._spawn(self._disconnect(link))

    def _let_go(self) -> None:
        self._generation += 1
        self.state = OFF
        self._link = None
        if self._outbox is not None:
            while not self._outbox.empty():  # at once: what is not sent yet is not sent
                self._outbox.get_nowait()
            self._outbox.put_nowait(None)  # the writer stops
            self._outbox = None

    async def _writer(self, link, outbox: asyncio.Queue) -> None:
        while (frame := await outbox.get()) is not None:
            try:
                await asyncio.wait_for(self._write(link, frame), SEND_SECONDS)
            except Exception as error:  # a send on a connection going away is dropped (TRANS-3 item 4)
                log.debug("%s: a send failed: %r", self.path, error)

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Close, and wait (bounded) for everything the carrier started."""
        self.close()
        if self._tasks:
            _, pending = await asyncio.wait(set(self._tasks), timeout=CLOSE_SECONDS)
            for task in pending:
                task.cancel()
