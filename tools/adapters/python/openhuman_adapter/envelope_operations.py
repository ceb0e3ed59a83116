"""The adapter operations of the envelope layer (kit section 2.5 "Envelope", ADP-60 to ADP-64).

Inputs carry JSON value texts (`params`, `payload`) as hex of their exact bytes; outputs give
JSON values back as values. Every step operation runs its steps against one receiver and
reports, per step, its result and what expired before it.
"""

import hashlib

from openhuman_tunnel import envelope
from openhuman_tunnel.chunks import Partial, Reassembler, Splitter
from openhuman_tunnel.envelope_json import JSONNumber, JSONObject
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.rpc import CoreGate, DeviceRequests, Dispatch

from .request_errors import BadRequest, Unrepresentable
from .request_input import (
    array as _list,
    hex_bytes as _hex,
    optional_hex_bytes as _optional_hex,
    safe_integer as _natural,
    text as _string,
)
from .steps import run_steps

_INT64_MAX = 2**63 - 1

# --- reading inputs ------------------------------------------------------------------------


def _object(source: dict, name: str) -> dict:
    value = source.get(name)
    if not isinstance(value, dict):
        raise BadRequest(f"{name}: expected an object")
    return value


def _integer(source: dict, name: str, minimum: int = -_INT64_MAX - 1) -> int:
    value = source.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= _INT64_MAX:
        raise BadRequest(f"{name}: expected an integer")
    return value


def _optional_natural(source: dict, name: str):
    return None if source.get(name) is None else _natural(source, name)


def _optional_bool(source: dict, name: str) -> bool:
    value = source.get(name)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f"{name}: expected a boolean")
    return value


def _strings(source: dict, name: str) -> list:
    values = _list(source, name)
    if not all(isinstance(value, str) for value in values):
        raise BadRequest(f"{name}: expected an array of strings")
    return values


def _role(source: dict) -> str:
    role = source.get("role")
    if role not in ("device", "core"):
        raise BadRequest("role: expected 'device' or 'core'")
    return role


# --- the generated message (ADP-61) --------------------------------------------------------

MAX_GENERATED = envelope.MAX_MESSAGE + 1  # one above the limit, to test message_too_large


def _generated_prefix(request_id: str) -> bytes:
    return b'{"requestId":"' + request_id.encode() + b'","kind":"response","seq":0,"payload":"'


def generated_minimum(request_id: str) -> int:
    """The shortest generated message for `request_id`: the envelope around an empty filler."""
    return len(_generated_prefix(request_id)) + 2


def generated_message(request_id: str, seed: bytes, length: int):
    """A `response` envelope of exactly `length` bytes whose payload string is lowercase hex of
    SHA-256(seed || uint32_be(0)) || SHA-256(seed || uint32_be(1)) || ...; None when `length`
    cannot hold the envelope around the filler."""
    prefix = _generated_prefix(request_id)
    filler_length = length - len(prefix) - 2
    if filler_length < 0:
        return None
    blocks = -(-filler_length // 64)
    sha256 = hashlib.sha256
    # The digests joined and turned to hex once: a 16 MiB message is 262,144 of them.
    filler = b"".join([sha256(seed + block.to_bytes(4, "big")).digest() for block in range(blocks)]).hex()
    return prefix + filler[:filler_length].encode("ascii") + b'"}'


def _generated(source: dict, request_id: str, cache: dict) -> bytes:
    spec = _object(source, "generated")
    seed = _hex(spec, "seed")
    length = _natural(spec, "length")
    if len(seed) != 32:
        raise BadRequest("generated.seed: expected 32 bytes")
    key = (request_id, seed, length)
    if key not in cache:
        message = generated_message(request_id, seed, length) if length <= MAX_GENERATED else None
        if message is None:
            raise BadRequest("generated.length: outside what ADP-61 allows for this requestId")
        cache.clear()  # one message at a time: memory stays within one 16 MiB message
        cache[key] = message
    return cache[key]


# --- writing outputs -----------------------------------------------------------------------


def _value(node):
    """A JSON node as an adapter output value; a non-integer number has no form there (ADP-1)."""
    if isinstance(node, JSONObject):
        return {name: _value(value) for name, value in node.members}
    if isinstance(node, list):
        return [_value(element) for element in node]
    if isinstance(node, JSONNumber):
        value = node.integer()
        if value is None or not -_INT64_MAX <= value < _INT64_MAX:
            raise Unrepresentable()
        return value
    return node


def _partial(outcome: Partial) -> dict:
    return {"partial": {"requestId": outcome.request_id, "received": outcome.received, "total": outcome.total}}


def _fields(parsed) -> dict:
    """What envelope-parse answers for each kind."""
    out = {"requestId": parsed.request_id, "kind": parsed.kind, "seq": parsed.seq}
    if parsed.kind == envelope.REQUEST:
        out.update(method=parsed.method, params=_value(parsed.params), stream=parsed.stream)
    elif parsed.kind == envelope.ERROR:
        out.update(code=parsed.code, detail=parsed.detail)
    elif parsed.kind == envelope.CHUNK:
        out.update(total=parsed.total, data=parsed.data.hex())
    else:
        out["payload"] = _value(parsed.payload)
    return out


# --- operations ----------------------------------------------------------------------------


def op_envelope_encode(inp: dict) -> dict:
    fields = _object(inp, "envelope")
    rid, kind, seq = _string(fields, "requestId"), _string(fields, "kind"), _integer(fields, "seq")
    if kind not in envelope.KINDS:
        raise BadRequest("envelope.kind: not one of the six kinds")
    # ENV-11's order: the request id, then seq, then the kind's own members.
    if not envelope.is_request_id(rid):
        raise TunnelError(envelope.BAD_REQUEST_ID)
    if kind in envelope.SEQ_ZERO_KINDS and seq != 0:
        raise TunnelError(envelope.BAD_FIELD_VALUE)
    if kind == envelope.REQUEST:
        plaintext = envelope.encode_request(
            rid, _string(fields, "method"), _optional_hex(fields, "params"), _optional_bool(fields, "stream")
        )
    elif kind == envelope.ERROR:
        detail = None if fields.get("detail") is None else _string(fields, "detail")
        plaintext = envelope.encode_error(rid, _string(fields, "code"), detail)
    elif kind == envelope.CHUNK:
        plaintext = envelope.encode_chunk(rid, seq, _integer(fields, "total"), _hex(fields, "data"))
    else:
        plaintext = envelope.encode_value(rid, kind, seq, _hex(fields, "payload"))
    return {"plaintext": plaintext.hex()}


def op_envelope_parse(inp: dict) -> dict:
    plaintext = _hex(inp, "plaintext")
    return _fields(envelope.parse(plaintext, _role(inp)))


def op_envelope_split(inp: dict) -> dict:
    rid = _string(inp, "requestId")
    message = _generated(inp, rid, {}) if "generated" in inp else _hex(inp, "message")
    start = _optional_natural(inp, "from") or 0
    count = _optional_natural(inp, "count")
    splitter = Splitter(rid, message)
    end = splitter.count if count is None else min(splitter.count, start + count)
    return {
        "total": splitter.count,
        "plaintexts": [splitter.plaintext(i).hex() for i in range(start, end)],
        "length": len(message),
        "sha256": hashlib.sha256(message).hexdigest(),
    }


# The largest pingMany count: the requests RPC-2 allows a session (ADP-65).
_MAXIMUM_PING_MANY = 1 << 20


class _PingMany:
    """The pingMany step of envelope-core (ADP-65): count whole openhuman.ping requests with the
    ids prefix + 0, prefix + 1, ... received in order, stopping at the first refusal."""

    def __init__(self, step: dict):
        many = _object(step, "pingMany")
        self.prefix = _string(many, "prefix")
        self.count = _natural(many, "count")
        if self.count > _MAXIMUM_PING_MANY:
            raise BadRequest("pingMany.count: at most 1048576")

    def run(self, gate, now: int) -> dict:
        for index in range(self.count):
            plaintext = (
                '{"requestId":"%s%d","kind":"request","seq":0,"payload":{"method":"openhuman.ping"}}'
                % (self.prefix, index)
            ).encode()
            try:
                gate.receive(plaintext, now)
            except TunnelError as error:
                return {"accepted": index, "error": error.code}
        return {"accepted": self.count}


class _NewSession:
    """The newSession step of envelope-core (ADP-68): the next session of the same channel."""

    def __init__(self, step: dict):
        if step.get("newSession") is not True:
            raise BadRequest("newSession: must be true")

    @staticmethod
    def run(gate, _now: int) -> dict:
        gate.start_session()
        return {}


def _envelope_step(step, cache: dict, ping_many: bool = False):
    """(now, source) of a reassemble or core step; source is plaintext bytes, a split-of tuple,
    or (core only) a _PingMany."""
    if not isinstance(step, dict):
        raise BadRequest("steps: expected objects")
    now = _natural(step, "now")
    if ping_many and "newSession" in step:
        return now, _NewSession(step)
    if ping_many and "pingMany" in step:
        return now, _PingMany(step)
    if "splitOf" in step:
        split = _object(step, "splitOf")
        rid = _string(split, "requestId")
        return now, (rid, _generated(split, rid, cache), _natural(split, "index"))
    return now, _hex(step, "plaintext")


def _step_plaintext(source) -> bytes:
    """The step's plaintext: given, or one of the adapter's own split (ADP-62)."""
    if isinstance(source, bytes):
        return source
    rid, message, index = source
    splitter = Splitter(rid, message)
    if index >= splitter.count:
        raise BadRequest("splitOf.index: beyond the split")
    return splitter.plaintext(index)


def _run_steps(inp: dict, receiver, handle, ping_many: bool = False) -> dict:
    """Runs every step on one receiver, each read as it comes; a protocol error is that step's result."""
    cache = {}
    steps = (_envelope_step(step, cache, ping_many) for step in _list(inp, "steps"))

    def apply(step) -> dict:
        now, source = step
        if isinstance(source, (_PingMany, _NewSession)):
            return source.run(receiver, now)
        return handle(receiver.receive(_step_plaintext(source), now))

    return run_steps(steps, apply, before=lambda step: {"expired": receiver.expire(step[0])})


def op_envelope_reassemble(inp: dict) -> dict:
    digest = _optional_bool(inp, "digest")

    def handle(outcome) -> dict:
        if isinstance(outcome, Partial):
            return _partial(outcome)
        if digest:
            return {"length": len(outcome.data), "sha256": hashlib.sha256(outcome.data).hexdigest()}
        return {"message": outcome.data.hex()}

    return _run_steps(inp, Reassembler(_role(inp)), handle)


def op_envelope_core(inp: dict) -> dict:
    accepted_before = _optional_natural(inp, "acceptedBefore") or 0  # ADP-66
    if accepted_before > envelope.MAX_REQUESTS:
        raise BadRequest(f"acceptedBefore: at most {envelope.MAX_REQUESTS}")
    granted_at = _optional_natural(inp, "grantedAt") or 0  # ADP-67
    gate = CoreGate(_strings(inp, "grant"), _strings(inp, "methods"), accepted_before, granted_at)

    def handle(outcome) -> dict:
        if isinstance(outcome, Partial):
            return _partial(outcome)
        if isinstance(outcome, Dispatch):
            return {
                "dispatch": {
                    "requestId": outcome.request_id,
                    "method": outcome.method,
                    "params": _value(outcome.params),
                    "stream": outcome.stream,
                }
            }
        return {"reply": [plaintext.hex() for plaintext in outcome.plaintexts]}

    return _run_steps(inp, gate, handle, ping_many=True)


def _device_step(step):
    """(now, action, arguments) of one envelope-device step."""
    if not isinstance(step, dict):
        raise BadRequest("steps: expected objects")
    now = _natural(step, "now")
    actions = [name for name in ("send", "receive", "tick", "signal") if name in step]
    if len(actions) != 1:
        raise BadRequest('a step holds exactly one of "send", "receive", "tick" and "signal"')
    if actions[0] == "signal":
        signal = _object(step, "signal")
        _string(signal, "event")
        _object(signal, "data")
        return now, "signal", None
    if actions[0] == "send":
        send = _object(step, "send")
        return (
            now,
            "send",
            (
                _string(send, "requestId"),
                _string(send, "method"),
                _optional_hex(send, "params"),
                _optional_bool(send, "stream"),
                _natural(send, "timeout"),
            ),
        )
    if actions[0] == "receive":
        return now, "receive", _hex(step, "receive")
    return now, "tick", None


def _event(event) -> dict:
    if isinstance(event, Partial):
        return _partial(event)
    out = {"requestId": event.request_id, "kind": event.kind}
    if event.kind == envelope.ERROR:
        out.update(code=event.code, detail=event.detail)
    else:
        if event.seq is not None:
            out["seq"] = event.seq
        out["payload"] = _value(event.payload)
    return {"event": out}


def op_envelope_device(inp: dict) -> dict:
    device = DeviceRequests()
    steps = [_device_step(step) for step in _list(inp, "steps")]

    def before(step) -> dict:
        timed_out, expired = device.expire(step[0])
        return {"timedOut": timed_out, "expired": expired}

    def apply(step) -> dict:
        now, action, arguments = step
        if action == "send":
            rid, method, params, stream, timeout = arguments
            plaintexts = device.send(rid, method, params, stream, timeout, now)
            return {"plaintexts": [plaintext.hex() for plaintext in plaintexts]}
        if action == "receive":
            return _event(device.receive(arguments, now))
        # A tick, or a relay event: SIG-DEV-4 lets no request fail on one, so it changes nothing.
        return {}

    return run_steps(steps, apply, before=before)


ENVELOPE_OPERATIONS = {
    "envelope-encode": op_envelope_encode,
    "envelope-parse": op_envelope_parse,
    "envelope-split": op_envelope_split,
    "envelope-reassemble": op_envelope_reassemble,
    "envelope-core": op_envelope_core,
    "envelope-device": op_envelope_device,
}
