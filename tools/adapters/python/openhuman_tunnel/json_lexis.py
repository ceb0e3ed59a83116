"""The lexical pieces of RFC 8259 that both strict JSON readers use: the handshake's
(strict_json.py, chapter 5) and the envelope's (envelope_json.py, chapter 11). They differ in
what they build and in the error code they raise, not in what a token is."""

import re

from .errors import TunnelError

WHITESPACE = re.compile(r"[ \t\n\r]*")
# Possessive quantifiers: a long or unterminated string costs one linear pass.
STRING = re.compile(r'"((?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+)"')
NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?(?:[eE][+-]?[0-9]++)?")
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))", re.DOTALL)
_SIMPLE_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def unescape(raw: str, code: str) -> str:
    """The characters of a string token's body (matched by STRING); an escaped lone surrogate
    is refused with `code`, since it is no Unicode character."""
    if "\\" not in raw:
        return raw

    def replace(match: "re.Match[str]") -> str:
        if match.group(1) is not None:
            return chr(int(match.group(1), 16))
        return _SIMPLE_ESCAPES[match.group(2)]

    text = _ESCAPE.sub(replace, raw)
    try:
        # Joins escaped surrogate pairs into one character; a lone surrogate fails.
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError:
        raise TunnelError(code) from None
