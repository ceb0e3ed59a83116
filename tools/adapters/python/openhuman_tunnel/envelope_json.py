"""A strict RFC 8259 reader that keeps the whole value, for envelopes (spec 11.4, JSON-1).

The handshake reader (strict_json.py) keeps only top-level strings; an envelope needs more: the
request's payload object, the number tokens of `seq` and `total`, and every payload value to
hand back. Values are read as:

- object: `JSONObject`, its members in text order, duplicates kept (JSON-2 and ENV-7 decide);
- array: `list`; string: `str` (escapes resolved); number: `JSONNumber` (the exact token, so
  `1.0` and `1` stay distinct and no range limit applies); `true`/`false`: `bool`; null: `None`.

The same rules as the handshake: UTF-8 with no byte order mark, no raw control characters in
strings, no lone surrogates, nothing but whitespace after the value. Containers nest at most 64
levels (the top level being 1): JSON-1 requires 32 to be accepted, and a bound keeps the
recursion finite whatever the input.
"""

from .errors import TunnelError
from .json_lexis import NUMBER as _NUMBER, STRING as _STRING, WHITESPACE as _WHITESPACE, unescape

BAD_ENVELOPE_JSON = "bad_envelope_json"
MAXIMUM_DEPTH = 64


class JSONObject:
    """An object's members as (name, value) pairs in text order, duplicates kept."""

    __slots__ = ("members",)

    def __init__(self, members: list) -> None:
        self.members = members

    def get(self, name: str, default=None):
        """The first member called `name`, or `default`."""
        for member_name, value in self.members:
            if member_name == name:
                return value
        return default

    def has(self, name: str) -> bool:
        return any(member_name == name for member_name, _ in self.members)

    def first_duplicate(self):
        """The first member name that occurs a second time, or None (JSON-2)."""
        seen = set()
        for name, _ in self.members:
            if name in seen:
                return name
            seen.add(name)
        return None


class JSONNumber:
    """A number as its token text: the reader never converts, so no value is out of range."""

    __slots__ = ("token",)

    def __init__(self, token: str) -> None:
        self.token = token

    def integer(self):
        """The value of a token written as digits only (an optional `-` first), else None."""
        token = self.token
        if "." in token or "e" in token or "E" in token:
            return None
        return int(token) if len(token) <= 24 else (-(10**24) if token[0] == "-" else 10**24)


def _bad() -> TunnelError:
    return TunnelError(BAD_ENVELOPE_JSON)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip_whitespace(self) -> None:
        self.pos = _WHITESPACE.match(self.text, self.pos).end()

    def string(self) -> str:
        match = _STRING.match(self.text, self.pos)
        if match is None:
            raise _bad()
        self.pos = match.end()
        return unescape(match.group(1), BAD_ENVELOPE_JSON)

    def value(self, level: int):
        text = self.text
        if self.pos >= len(text):
            raise _bad()
        char = text[self.pos]
        if char == "{" or char == "[":
            if level > MAXIMUM_DEPTH:
                raise _bad()
            return self.container(char, level)
        if char == '"':
            return self.string()
        if char == "-" or "0" <= char <= "9":
            match = _NUMBER.match(text, self.pos)
            if match is None:
                raise _bad()
            self.pos = match.end()
            return JSONNumber(match.group(0))
        for literal, result in (("true", True), ("false", False), ("null", None)):
            if text.startswith(literal, self.pos):
                self.pos += len(literal)
                return result
        raise _bad()

    def container(self, opener: str, level: int):
        closer = "}" if opener == "{" else "]"
        items = []
        self.pos += 1
        self.skip_whitespace()
        if self.text.startswith(closer, self.pos):
            self.pos += 1
            return JSONObject(items) if opener == "{" else items
        while True:
            self.skip_whitespace()
            if opener == "{":
                name = self.string()
                self.skip_whitespace()
                if not self.text.startswith(":", self.pos):
                    raise _bad()
                self.pos += 1
                self.skip_whitespace()
                items.append((name, self.value(level + 1)))
            else:
                items.append(self.value(level + 1))
            self.skip_whitespace()
            if self.pos >= len(self.text):
                raise _bad()
            char = self.text[self.pos]
            self.pos += 1
            if char == closer:
                return JSONObject(items) if opener == "{" else items
            if char != ",":
                raise _bad()


def read(data: bytes):
    """One JSON text with any top-level value; `bad_envelope_json` for anything else."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _bad() from None
    reader = _Reader(text)
    reader.skip_whitespace()
    value = reader.value(1)
    reader.skip_whitespace()
    if reader.pos != len(text):
        raise _bad()
    return value


def read_object(data: bytes) -> JSONObject:
    """One JSON text whose top-level value is an object (ENV-6 step 1)."""
    value = read(data)
    if not isinstance(value, JSONObject):
        raise _bad()
    return value
