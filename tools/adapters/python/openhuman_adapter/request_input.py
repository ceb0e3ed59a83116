"""Readers for the members of a request's input, shared by every operation family.

Each raises `BadRequest` when the member does not have the documented shape (kit ADP-11), so an
adapter answers `bad_request` and never hands a malformed value to the implementation.
"""

import re

from .request_errors import BadRequest

_LOWER_HEX = re.compile(r"(?:[0-9a-f]{2})*")
SAFE_INTEGER_MAX = 2**53 - 1


def hex_bytes(source: dict, name: str, length: int | None = None) -> bytes:
    """A lowercase hex member, optionally of an exact decoded length."""
    text = source.get(name)
    if not isinstance(text, str) or _LOWER_HEX.fullmatch(text) is None:
        raise BadRequest(f"{name}: expected lowercase hex")
    data = bytes.fromhex(text)
    if length is not None and len(data) != length:
        raise BadRequest(f"{name}: expected {length} bytes")
    return data


MAX_SENT_MESSAGE = 1 << 20  # a `send` step's message: its frames must fit one response line (ADP-2)


def sent_message(source: dict) -> bytes:
    """A `send` step's hex `message`, at most 1,048,576 bytes (ADP-132, ADP-133): a longer one's
    frames would not fit the 4 MiB line of the answer."""
    message = hex_bytes(source, "message")
    if len(message) > MAX_SENT_MESSAGE:
        raise BadRequest("message: above 1,048,576 bytes, its frames would not fit a line")
    return message


def optional_hex_bytes(source: dict, name: str, length: int | None = None):
    """`hex_bytes`, or None when the member is absent or null."""
    return None if source.get(name) is None else hex_bytes(source, name, length)


def safe_integer(source: dict, name: str) -> int:
    """An integer from 0 to 2^53 - 1: every integer input of the protocol (ADP-30)."""
    value = source.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= SAFE_INTEGER_MAX:
        raise BadRequest(f"{name}: expected an integer from 0 to 2^53 - 1")
    return value


_CANONICAL_DECIMAL = re.compile(r"0|[1-9][0-9]{0,19}")
COUNTER_MAX = 2**64 - 1


def counter(source: dict, name: str) -> int:
    """A 64-bit counter of version 3 (kit ADP-130): a string of decimal digits, "0" to
    "18446744073709551615", since a JSON number loses precision above 2^53. Only the canonical
    spelling is read (no sign, no leading zero, no whitespace), so every counter has one text."""
    value = source.get(name)
    if not isinstance(value, str) or _CANONICAL_DECIMAL.fullmatch(value) is None or int(value) > COUNTER_MAX:
        raise BadRequest(f"{name}: expected a decimal string from 0 to 2^64 - 1")
    return int(value)


def array(source: dict, name: str) -> list:
    """A JSON array member (its elements are read by the caller)."""
    value = source.get(name)
    if not isinstance(value, list):
        raise BadRequest(f"{name}: expected an array")
    return value


def text(source: dict, name: str) -> str:
    """A JSON string that is Unicode text (a lone surrogate escape is not)."""
    value = source.get(name)
    if not isinstance(value, str):
        raise BadRequest(f"{name}: expected a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"{name}: contains an unpaired surrogate") from None
    return value


def json_object(value) -> dict:
    """A JSON object: a request's input, a step, or a step's body."""
    if not isinstance(value, dict):
        raise BadRequest("expected a JSON object")
    return value


_CID_MAX_LENGTH = 255


def channel_id(source: dict) -> bytes:
    """`cid` as the QR payload carries it: 1 to 255 ASCII bytes (V3-PRO-1)."""
    cid = text(source, "cid")
    if not 1 <= len(cid) <= _CID_MAX_LENGTH or not cid.isascii():
        raise BadRequest("cid: expected 1 to 255 ASCII characters")
    return cid.encode("ascii")


def step_kind(step, kinds: tuple[str, ...]) -> tuple[str, dict]:
    """The one member of `kinds` a step holds, and its object; members it does not know are
    ignored, as at every level of a request (ADP-31)."""
    step = json_object(step)
    present = [kind for kind in kinds if kind in step]
    if len(present) != 1:
        raise BadRequest(f"a step holds exactly one of {', '.join(kinds)}")
    (kind,) = present
    return kind, json_object(step[kind])
