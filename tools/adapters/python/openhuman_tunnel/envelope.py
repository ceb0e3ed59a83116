"""The envelope of spec chapter 11: its limits, the receiver's checks (ENV-6 to ENV-9) and the
sender forms (ENV-2, ENV-3).

A parsed envelope is an `Envelope`; JSON values it carries stay `envelope_json` nodes, so the
caller can hand them back exactly. The parser has no state: a rejected envelope changes nothing
by construction (ENV-6).
"""

import re
from dataclasses import dataclass

from . import envelope_json, standard_base64
from .envelope_json import BAD_ENVELOPE_JSON, JSONNumber, JSONObject
from .errors import BAD_FIELD_TYPE, BAD_FIELD_VALUE, DUPLICATE_FIELD, MISSING_FIELD, TunnelError
from .frames import MAX_SESSION_PLAINTEXT

# --- limits (11.6) -------------------------------------------------------------------------

MAX_REQUEST_ID = 64
MAX_COUNT_DIGITS = 3  # digits of seq and total: MAX_TOTAL (457) has three
# {"requestId":" 14 + ","kind":"chunk","seq": 23 + ,"total": 9 + ,"data":" 9 + "} 2
CHUNK_FIXED_BYTES = 57
# The largest multiple of 3 whose chunk plaintext, with the longest id and counts, fits a frame.
PIECE = 3 * ((MAX_SESSION_PLAINTEXT - CHUNK_FIXED_BYTES - MAX_REQUEST_ID - 2 * MAX_COUNT_DIGITS) // 4)
MAX_MESSAGE = 16 * 1024 * 1024
MAX_TOTAL = -(-MAX_MESSAGE // PIECE)
MAX_PARTIALS = 4
CHUNK_TIMEOUT_MS = 30_000
MAX_REQUESTS = 1 << 20
GRANT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000  # AUTH-5: a grant holds 30 days
MAX_SEQ = 4_294_967_295

assert PIECE == 36_738 and MAX_TOTAL == 457

# --- codes (11.9) --------------------------------------------------------------------------

BAD_REQUEST_ID = "bad_request_id"
UNKNOWN_KIND = "unknown_kind"
UNEXPECTED_KIND = "unexpected_kind"
BAD_CHUNK_SIZE = "bad_chunk_size"
MESSAGE_TOO_LARGE = "message_too_large"
FIRST_CHUNK_MISSING = "first_chunk_missing"
TOO_MANY_PARTIALS = "too_many_partials"
CHUNK_TOTAL_MISMATCH = "chunk_total_mismatch"
DUPLICATE_CHUNK = "duplicate_chunk"
NESTED_CHUNK = "nested_chunk"
CHUNK_REQUEST_ID_MISMATCH = "chunk_request_id_mismatch"
DUPLICATE_REQUEST_ID = "duplicate_request_id"
TOO_MANY_REQUESTS = "too_many_requests"
UNKNOWN_REQUEST = "unknown_request"
NOT_STREAMING = "not_streaming"
STREAM_OUT_OF_ORDER = "stream_out_of_order"
METHOD_NOT_ALLOWED = "method_not_allowed"
UNKNOWN_METHOD = "unknown_method"
METHOD_FAILED = "method_failed"

# --- kinds (11.1) --------------------------------------------------------------------------

REQUEST, RESPONSE, ERROR = "request", "response", "error"
STREAM_CHUNK, STREAM_END, CHUNK = "stream-chunk", "stream-end", "chunk"
KINDS = (REQUEST, RESPONSE, ERROR, STREAM_CHUNK, STREAM_END, CHUNK)
# What each receiving side takes (ENV-1): the core what devices send, the device what cores send.
RECEIVED_BY = {"core": {REQUEST, CHUNK}, "device": {RESPONSE, ERROR, STREAM_CHUNK, STREAM_END, CHUNK}}
SEQ_ZERO_KINDS = (REQUEST, RESPONSE, ERROR)

# --- word syntaxes (ENV-4, RPC-1, ENV-8) ---------------------------------------------------

_REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_METHOD = re.compile(r"[A-Za-z0-9._-]{1,128}")
_ERROR_CODE = re.compile(r"[a-z][a-z0-9_]{0,63}")
_ERROR_TEXT = re.compile(r"([a-z][a-z0-9_]{0,63})(?:: (.*))?", re.DOTALL)


def is_request_id(text: str) -> bool:
    return _REQUEST_ID.fullmatch(text) is not None


def is_method(text: str) -> bool:
    return _METHOD.fullmatch(text) is not None


def is_error_code(text: str) -> bool:
    return _ERROR_CODE.fullmatch(text) is not None


# --- receiving -----------------------------------------------------------------------------


@dataclass
class Envelope:
    request_id: str
    kind: str
    seq: int
    payload: object = None  # response, stream-chunk, stream-end: a JSON node
    method: str | None = None
    params: object = None  # request: a JSON node, None (null) when absent
    stream: bool = False
    code: str | None = None  # error (ENV-8)
    detail: str | None = None
    total: int | None = None  # chunk
    data: bytes | None = None


def _count(root: JSONObject, name: str) -> int:
    """`seq` or `total`: a number written as a plain integer from 0 to 2^32 - 1 (`-0` is 0)."""
    if not root.has(name):
        raise TunnelError(MISSING_FIELD)
    node = root.get(name)
    if not isinstance(node, JSONNumber):
        raise TunnelError(BAD_FIELD_TYPE)
    value = node.integer()
    if value is None or not 0 <= value <= MAX_SEQ:
        raise TunnelError(BAD_FIELD_VALUE)
    return value


def _string_member(root: JSONObject, name: str) -> str:
    if not root.has(name):
        raise TunnelError(MISSING_FIELD)
    value = root.get(name)
    if not isinstance(value, str):
        raise TunnelError(BAD_FIELD_TYPE)
    return value


def read_error_text(text: str):
    """ENV-8: (code, detail) of an error payload; free text is `method_failed` with itself as detail."""
    match = _ERROR_TEXT.fullmatch(text)
    if match is None:
        return METHOD_FAILED, text
    return match.group(1), match.group(2)


def parse(plaintext: bytes, role: str) -> Envelope:
    """ENV-6: the checks in order, the first failure's code."""
    root = envelope_json.read_object(plaintext)
    if root.first_duplicate() is not None:
        raise TunnelError(DUPLICATE_FIELD)

    request_id = _string_member(root, "requestId")
    if not is_request_id(request_id):
        raise TunnelError(BAD_REQUEST_ID)

    kind = _string_member(root, "kind")
    if kind not in KINDS:
        raise TunnelError(UNKNOWN_KIND)
    if kind not in RECEIVED_BY[role]:
        raise TunnelError(UNEXPECTED_KIND)

    seq = _count(root, "seq")
    if kind in SEQ_ZERO_KINDS and seq != 0:
        raise TunnelError(BAD_FIELD_VALUE)

    if kind == CHUNK:
        return _chunk(request_id, seq, root)

    if not root.has("payload"):
        raise TunnelError(MISSING_FIELD)
    payload = root.get("payload")
    envelope = Envelope(request_id, kind, seq)
    if kind == REQUEST:
        _request(payload, envelope)
    elif kind == ERROR:
        if not isinstance(payload, str):
            raise TunnelError(BAD_FIELD_TYPE)
        envelope.code, envelope.detail = read_error_text(payload)
    else:
        envelope.payload = payload
    return envelope


def _chunk(request_id: str, seq: int, root: JSONObject) -> Envelope:
    """ENV-6 step 6 and CHUNK-3."""
    total = _count(root, "total")
    if total < 1 or seq >= total:
        raise TunnelError(BAD_FIELD_VALUE)
    if total > MAX_TOTAL:
        raise TunnelError(MESSAGE_TOO_LARGE)
    text = _string_member(root, "data")
    piece = standard_base64.decode(text.encode("utf-8"))
    if seq < total - 1:
        if len(piece) != PIECE:
            raise TunnelError(BAD_CHUNK_SIZE)
    elif not 1 <= len(piece) <= PIECE:
        raise TunnelError(BAD_CHUNK_SIZE)
    elif (total - 1) * PIECE + len(piece) > MAX_MESSAGE:
        raise TunnelError(MESSAGE_TOO_LARGE)  # the last piece makes the message exceed 16 MiB
    return Envelope(request_id, CHUNK, seq, total=total, data=piece)


def _request(payload, envelope: Envelope) -> None:
    """ENV-7: the request's payload object."""
    if not isinstance(payload, JSONObject):
        raise TunnelError(BAD_FIELD_TYPE)
    if payload.first_duplicate() is not None:
        raise TunnelError(DUPLICATE_FIELD)
    method = _string_member(payload, "method")
    if not is_method(method):
        raise TunnelError(BAD_FIELD_VALUE)
    envelope.method = method
    envelope.params = payload.get("params")
    stream = payload.get("stream", False)
    if not isinstance(stream, bool):
        raise TunnelError(BAD_FIELD_TYPE)
    envelope.stream = stream


# --- sending (11.2) ------------------------------------------------------------------------

_STRING_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_STRING_ESCAPES.update({chr(c): f"\\u{c:04x}" for c in range(0x20) if chr(c) not in _STRING_ESCAPES})
_STRING_TABLE = str.maketrans(_STRING_ESCAPES)


def json_string(text: str) -> bytes:
    """ENV-3: the string form JSON.stringify and serde_json write."""
    return ('"' + text.translate(_STRING_TABLE) + '"').encode("utf-8")


def _check_value_text(text: bytes) -> None:
    """ENV-2: one JSON value with no whitespace around it."""
    if not text or text[:1] in b" \t\n\r" or text[-1:] in b" \t\n\r":
        raise TunnelError(BAD_ENVELOPE_JSON)
    envelope_json.read(text)


def _head(request_id: str, kind: str) -> bytes:
    if not is_request_id(request_id):
        raise TunnelError(BAD_REQUEST_ID)
    return b'{"requestId":"' + request_id.encode() + b'","kind":"' + kind.encode() + b'","seq":'


def encode_request(request_id: str, method: str, params, stream: bool) -> bytes:
    """`params` is a JSON text (bytes) or None for `null`."""
    head = _head(request_id, REQUEST)
    if not is_method(method):
        raise TunnelError(BAD_FIELD_VALUE)
    params = b"null" if params is None else params
    _check_value_text(params)
    tail = b',"stream":true}}' if stream else b"}}"
    return head + b'0,"payload":{"method":"' + method.encode() + b'","params":' + params + tail


def encode_value(request_id: str, kind: str, seq: int, payload: bytes) -> bytes:
    """`response` (seq 0), `stream-chunk` or `stream-end` with a JSON text as payload."""
    head = _head(request_id, kind)
    if not 0 <= seq <= MAX_SEQ or (kind == RESPONSE and seq != 0):
        raise TunnelError(BAD_FIELD_VALUE)
    _check_value_text(payload)
    return head + str(seq).encode() + b',"payload":' + payload + b"}"


def encode_error(request_id: str, code: str, detail) -> bytes:
    head = _head(request_id, ERROR)
    if not is_error_code(code):
        raise TunnelError(BAD_FIELD_VALUE)
    text = code if detail is None else code + ": " + detail
    return head + b'0,"payload":' + json_string(text) + b"}"


def encode_chunk(request_id: str, seq: int, total: int, piece: bytes) -> bytes:
    head = _head(request_id, CHUNK)
    if not 1 <= total <= MAX_SEQ or not 0 <= seq < total:
        raise TunnelError(BAD_FIELD_VALUE)
    return (
        head
        + str(seq).encode()
        + b',"total":'
        + str(total).encode()
        + b',"data":"'
        + standard_base64.encode(piece)
        + b'"}'
    )
