"""Chunking (spec 11.6): the sender's split (CHUNK-1) and the receiver's reassembly (CHUNK-3 to
CHUNK-7), with time as an input.

A partial message starts only at its first chunk (`seq` 0, CHUNK-4) and holds exactly the
pieces received, each as its own bytes object: nothing is reserved for pieces not yet
received (CHUNK-7, review R3-8). The pieces are joined into the message when the last one
arrives. There are at most MAX_PARTIALS partial messages.
"""

from . import envelope
from .envelope import CHUNK, CHUNK_TIMEOUT_MS, MAX_MESSAGE, MAX_PARTIALS, PIECE
from .errors import TunnelError
from .frames import MAX_SESSION_PLAINTEXT


class Splitter:
    """CHUNK-1 for one message; plaintexts are made one at a time, on demand."""

    def __init__(self, request_id: str, message: bytes) -> None:
        if not envelope.is_request_id(request_id):
            raise TunnelError(envelope.BAD_REQUEST_ID)
        if len(message) > MAX_MESSAGE:
            raise TunnelError(envelope.MESSAGE_TOO_LARGE)
        self.request_id = request_id
        self.message = message
        self.chunked = len(message) > MAX_SESSION_PLAINTEXT
        self.count = -(-len(message) // PIECE) if self.chunked else 1

    def plaintext(self, index: int) -> bytes:
        if not self.chunked:
            return self.message
        start = index * PIECE
        piece = self.message[start : start + PIECE]
        return envelope.encode_chunk(self.request_id, index, self.count, piece)

    def plaintexts(self) -> list:
        return [self.plaintext(index) for index in range(self.count)]


class _Partial:
    __slots__ = ("total", "deadline", "received")

    def __init__(self, total: int, deadline: int) -> None:
        self.total = total
        self.deadline = deadline
        self.received = {}  # seq -> piece: only what arrived (CHUNK-7)

    def store(self, seq: int, piece: bytes) -> None:
        self.received[seq] = piece

    def message(self) -> bytes:
        return b"".join(self.received[seq] for seq in range(self.total))


class Message:
    """A complete envelope: the bytes it was read from and the parsed envelope."""

    __slots__ = ("data", "envelope")

    def __init__(self, data: bytes, parsed) -> None:
        self.data = data
        self.envelope = parsed


class Partial:
    """A chunk was kept; its message is not complete yet."""

    __slots__ = ("request_id", "received", "total")

    def __init__(self, request_id: str, received: int, total: int) -> None:
        self.request_id = request_id
        self.received = received
        self.total = total


def _admit_all(_request_id: str) -> None:
    return None


class Reassembler:
    """One receiver's chunk state (CHUNK-4 to CHUNK-7) for `role`."""

    def __init__(self, role: str) -> None:
        self.role = role
        self.partials = {}

    def is_reassembling(self, request_id: str) -> bool:
        return request_id in self.partials

    def expire(self, now: int) -> list:
        """CHUNK-5: drop partial messages whose deadline is before `now`; their ids, sorted."""
        expired = sorted(rid for rid, partial in self.partials.items() if partial.deadline < now)
        for rid in expired:
            del self.partials[rid]
        return expired

    def receive(self, plaintext: bytes, now: int, admit=_admit_all):
        """A Message or a Partial; `admit(request_id)` raises to refuse a new partial message
        (RPC-2 at the core, RPC-4 at the device) before anything is kept."""
        parsed = envelope.parse(plaintext, self.role)
        if parsed.kind != CHUNK:
            return Message(plaintext, parsed)
        rid, seq, total = parsed.request_id, parsed.seq, parsed.total
        partial = self.partials.get(rid)
        if partial is not None:
            if partial.total != total:
                raise TunnelError(envelope.CHUNK_TOTAL_MISMATCH)
            if seq in partial.received:
                raise TunnelError(envelope.DUPLICATE_CHUNK)
            partial.store(seq, parsed.data)
            if len(partial.received) < total:
                return Partial(rid, len(partial.received), total)
            del self.partials[rid]
            return self._complete(partial.message(), rid)
        admit(rid)
        if seq != 0:
            raise TunnelError(envelope.FIRST_CHUNK_MISSING)  # CHUNK-4: only the first piece starts one
        if total == 1:
            return self._complete(parsed.data, rid)
        if len(self.partials) >= MAX_PARTIALS:
            raise TunnelError(envelope.TOO_MANY_PARTIALS)
        partial = _Partial(total, now + CHUNK_TIMEOUT_MS)
        partial.store(seq, parsed.data)
        self.partials[rid] = partial
        return Partial(rid, 1, total)

    def _complete(self, message: bytes, request_id: str) -> Message:
        """CHUNK-6: the message must be an envelope, not a chunk, of the chunks' request id."""
        inner = envelope.parse(message, self.role)
        if inner.kind == CHUNK:
            raise TunnelError(envelope.NESTED_CHUNK)
        if inner.request_id != request_id:
            raise TunnelError(envelope.CHUNK_REQUEST_ID_MISMATCH)
        return Message(message, inner)
