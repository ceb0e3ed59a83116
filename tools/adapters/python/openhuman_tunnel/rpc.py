"""Requests and responses over the envelope (spec 11.5, 11.7, 11.8): the core's gate (RPC-2,
RPC-6, AUTH-1 to AUTH-3) and the device's pending requests (ENV-5, RPC-4, RPC-5, STREAM-2).

Both decide; neither runs a method. The core answers the ping and every refusal itself, so a
method outside the grant never reaches application code. The device delivers an answer only
to a request that waits for it, and refuses the first chunk of any other answer before it
buffers anything, so a core cannot make the phone hold data nobody awaits.
"""

from . import envelope
from .chunks import Message, Reassembler, Splitter
from .envelope import ERROR, RESPONSE, STREAM_CHUNK
from .errors import TunnelError

PING_METHODS = frozenset(("openhuman.ping", "core.ping"))  # in every grant (AUTH-3)
PING_RESULT = b'{"ok":true}'


class Dispatch:
    """RPC-6 step 4: the application runs `method`."""

    __slots__ = ("request_id", "method", "params", "stream")

    def __init__(self, request_id, method, params, stream) -> None:
        self.request_id, self.method, self.params, self.stream = request_id, method, params, stream


class Reply:
    """Frame plaintexts the layer sends at once: the ping's response or a refusal."""

    __slots__ = ("plaintexts",)

    def __init__(self, plaintexts: list) -> None:
        self.plaintexts = plaintexts


class CoreGate:
    """One core session: reassembly, the request-id memory and the grant."""

    def __init__(self, grant, methods, accepted_before: int = 0, granted_at: int = 0) -> None:
        self.grant = frozenset(grant)
        self.methods = frozenset(methods)
        self.reassembler = Reassembler("core")
        # RPC-2: every id accepted in the session (ids are at most 64 ASCII bytes).
        self.accepted = set()
        # Requests counted against RPC-2's bound: the ids above plus those the session accepted
        # before this gate saw it (ADP-66).
        self.accepted_count = accepted_before
        # When the user last granted the grant at the desktop: it lapses GRANT_LIFETIME_MS later (AUTH-5).
        self.granted_at = granted_at

    def expire(self, now: int) -> list:
        return self.reassembler.expire(now)

    def _admit(self, request_id: str) -> None:
        # RPC-2 before a chunk may start a partial message: a used id buffers nothing.
        if request_id in self.accepted:
            raise TunnelError(envelope.DUPLICATE_REQUEST_ID)

    def receive(self, plaintext: bytes, now: int):
        outcome = self.reassembler.receive(plaintext, now, self._admit)
        if not isinstance(outcome, Message):
            return outcome
        request = outcome.envelope  # a core's parser lets only requests through (ENV-6 step 4)
        rid = request.request_id
        if rid in self.accepted or self.reassembler.is_reassembling(rid):
            raise TunnelError(envelope.DUPLICATE_REQUEST_ID)
        if self.accepted_count >= envelope.MAX_REQUESTS:
            raise TunnelError(envelope.TOO_MANY_REQUESTS)
        self.accepted.add(rid)
        self.accepted_count += 1
        return self._decide(request, now)

    def _decide(self, request, now: int) -> object:
        """RPC-6: the grant first, so a device learns nothing about methods outside it."""
        rid, method = request.request_id, request.method
        lapsed = now > self.granted_at + envelope.GRANT_LIFETIME_MS  # AUTH-5: only the pings remain
        if (lapsed or method not in self.grant) and method not in PING_METHODS:
            return Reply(self._answer(envelope.encode_error(rid, envelope.METHOD_NOT_ALLOWED, None), rid))
        if method in PING_METHODS:
            return Reply(self._answer(envelope.encode_value(rid, RESPONSE, 0, PING_RESULT), rid))
        if method not in self.methods:
            return Reply(self._answer(envelope.encode_error(rid, envelope.UNKNOWN_METHOD, None), rid))
        return Dispatch(rid, method, request.params, request.stream)

    @staticmethod
    def _answer(message: bytes, request_id: str) -> list:
        return Splitter(request_id, message).plaintexts()


class Event:
    """What a device delivers to the caller of a request."""

    __slots__ = ("request_id", "kind", "seq", "payload", "code", "detail")

    def __init__(self, request_id, kind, seq=None, payload=None, code=None, detail=None) -> None:
        self.request_id, self.kind, self.seq = request_id, kind, seq
        self.payload, self.code, self.detail = payload, code, detail


class _Pending:
    __slots__ = ("stream", "timeout", "deadline", "next_seq")

    def __init__(self, stream: bool, timeout: int, deadline: int) -> None:
        self.stream, self.timeout, self.deadline, self.next_seq = stream, timeout, deadline, 0


class DeviceRequests:
    """One device session: pending requests, their deadlines and stream order."""

    def __init__(self) -> None:
        self.reassembler = Reassembler("device")
        self.pending = {}
        self.used = set()  # ENV-5: every id sent in the session

    def expire(self, now: int):
        """RPC-5 and CHUNK-5, before each step: (timed-out request ids, expired partials)."""
        timed_out = sorted(rid for rid, request in self.pending.items() if request.deadline < now)
        for rid in timed_out:
            del self.pending[rid]
        return timed_out, self.reassembler.expire(now)

    def send(self, request_id: str, method: str, params, stream: bool, timeout: int, now: int) -> list:
        if request_id in self.used:
            raise TunnelError(envelope.DUPLICATE_REQUEST_ID)
        message = envelope.encode_request(request_id, method, params, stream)
        plaintexts = Splitter(request_id, message).plaintexts()
        self.used.add(request_id)
        self.pending[request_id] = _Pending(stream, timeout, now + timeout)
        return plaintexts

    def _admit(self, request_id: str) -> None:
        if request_id not in self.pending:
            raise TunnelError(envelope.UNKNOWN_REQUEST)

    def receive(self, plaintext: bytes, now: int):
        """An Event or a chunks.Partial."""
        outcome = self.reassembler.receive(plaintext, now, self._admit)
        if not isinstance(outcome, Message):
            return outcome
        answer = outcome.envelope  # a device's parser refuses requests (ENV-6 step 4)
        rid = answer.request_id
        request = self.pending.get(rid)
        if request is None:
            raise TunnelError(envelope.UNKNOWN_REQUEST)
        if answer.kind == RESPONSE:
            del self.pending[rid]
            return Event(rid, RESPONSE, payload=answer.payload)
        if answer.kind == ERROR:
            del self.pending[rid]
            return Event(rid, ERROR, code=answer.code, detail=answer.detail)
        if not request.stream:
            del self.pending[rid]
            raise TunnelError(envelope.NOT_STREAMING)  # STREAM-2: the request is gone
        if answer.seq != request.next_seq:
            del self.pending[rid]
            raise TunnelError(envelope.STREAM_OUT_OF_ORDER)
        if answer.kind == STREAM_CHUNK:
            request.next_seq += 1
            request.deadline = now + request.timeout  # RPC-5: each accepted chunk moves it
        else:  # stream-end: the stream is complete
            del self.pending[rid]
        return Event(rid, answer.kind, seq=answer.seq, payload=answer.payload)
