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
RETRY_WINDOW_MS = 600_000  # RPC-2: the previous session's ids are remembered this long

# What the core did with an accepted request (RPC-2), so that a duplicate is answered from it.
PINGED, NOT_ALLOWED, UNKNOWN_METHOD, DISPATCHED = "pinged", "not_allowed", "unknown_method", "dispatched"


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
        # RPC-2: id -> (what was done, when) for the current session, and the previous session's,
        # remembered RETRY_WINDOW_MS after each was accepted (ids are at most 64 ASCII bytes).
        self.accepted = {}
        self.previous = {}
        # Requests counted against RPC-2's bound: the ids above plus those the session accepted
        # before this gate saw it (ADP-66).
        self.accepted_count = accepted_before
        # When the user last granted the grant at the desktop: it lapses GRANT_LIFETIME_MS later (AUTH-5).
        self.granted_at = granted_at

    def expire(self, now: int) -> list:
        return self.reassembler.expire(now)

    def start_session(self) -> None:
        """A new session of the channel (SESS-1): its ids become the previous session's."""
        self.previous, self.accepted = self.accepted, {}
        self.accepted_count = 0
        self.reassembler = Reassembler("core")

    def remembered(self, request_id: str, now: int):
        """What the core did with `request_id`, if it remembers it at `now` (RPC-2)."""
        if request_id in self.accepted:
            return self.accepted[request_id][0]
        earlier = self.previous.get(request_id)
        if earlier is not None and now <= earlier[1] + RETRY_WINDOW_MS:
            return earlier[0]
        return None

    def receive(self, plaintext: bytes, now: int):
        duplicate = []

        def admit(request_id: str) -> None:
            # RPC-2 before a chunk may start a partial message: a used id buffers nothing.
            done = self.remembered(request_id, now)
            if done is not None:
                duplicate.append((request_id, done))
                raise TunnelError(envelope.DUPLICATE_REQUEST_ID)

        try:
            outcome = self.reassembler.receive(plaintext, now, admit)
        except TunnelError:
            if not duplicate:
                raise
            return Reply(self._again(*duplicate[0]))
        if not isinstance(outcome, Message):
            return outcome
        request = outcome.envelope  # a core's parser lets only requests through (ENV-6 step 4)
        rid = request.request_id
        done = self.remembered(rid, now)
        if done is not None:
            return Reply(self._again(rid, done))
        if self.reassembler.is_reassembling(rid):
            raise TunnelError(envelope.DUPLICATE_REQUEST_ID)  # nothing done with it yet: no answer
        if self.accepted_count >= envelope.MAX_REQUESTS:
            raise TunnelError(envelope.TOO_MANY_REQUESTS)
        decision, done = self._decide(request, now)
        self.accepted[rid] = (done, now)
        self.accepted_count += 1
        return decision

    def _decide(self, request, now: int) -> object:
        """RPC-6: the grant first, so a device learns nothing about methods outside it."""
        rid, method = request.request_id, request.method
        lapsed = now > self.granted_at + envelope.GRANT_LIFETIME_MS  # AUTH-5: only the pings remain
        if (lapsed or method not in self.grant) and method not in PING_METHODS:
            done = NOT_ALLOWED
        elif method in PING_METHODS:
            done = PINGED
        elif method not in self.methods:
            done = UNKNOWN_METHOD
        else:
            return Dispatch(rid, method, request.params, request.stream), DISPATCHED
        return Reply(self._again(rid, done)), done

    def _again(self, rid: str, done: str) -> list:
        """The layer's answer for what it did, the same each time; a dispatched request's
        duplicate learns duplicate_request_id, since the method's answer is sent once (RPC-2)."""
        if done == PINGED:
            message = envelope.encode_value(rid, RESPONSE, 0, PING_RESULT)
        else:
            code = {
                NOT_ALLOWED: envelope.METHOD_NOT_ALLOWED,
                UNKNOWN_METHOD: envelope.UNKNOWN_METHOD,
                DISPATCHED: envelope.DUPLICATE_REQUEST_ID,
            }[done]
            message = envelope.encode_error(rid, code, None)
        return self._answer(message, rid)

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

    def expire(self, now: int):
        """RPC-5 and CHUNK-5, before each step: (timed-out request ids, expired partials)."""
        timed_out = sorted(rid for rid, request in self.pending.items() if request.deadline < now)
        for rid in timed_out:
            del self.pending[rid]
        return timed_out, self.reassembler.expire(now)

    def send(self, request_id: str, method: str, params, stream: bool, timeout: int, now: int) -> list:
        if request_id in self.pending:  # ENV-5: a retry reuses an id, but never while it is pending
            raise TunnelError(envelope.DUPLICATE_REQUEST_ID)
        message = envelope.encode_request(request_id, method, params, stream)
        plaintexts = Splitter(request_id, message).plaintexts()
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
