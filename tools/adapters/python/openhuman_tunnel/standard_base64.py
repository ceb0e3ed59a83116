"""Standard base64 with padding (RFC 4648 section 4), the text of a chunk's `data` (CHUNK-3).

The decoder accepts exactly one text per byte string: the alphabet `A-Z a-z 0-9 + /`, a length
that is a multiple of 4, `=` only as the padding the length needs, and zero unused bits in the
last data character. Otherwise two receivers could read different bytes from one chunk (one
skipping a line break, the other refusing it). Python's `base64.b64decode(validate=True)` is not
enough on its own: it accepts non-zero unused bits.
"""

import base64
import binascii
import re

from .errors import TunnelError

BAD_BASE64 = "bad_base64"

_CANONICAL = re.compile(
    rb"(?:[A-Za-z0-9+/]{4})*+"
    rb"(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?"
)


def encode(data: bytes) -> bytes:
    return base64.b64encode(data)


def decode(text: bytes) -> bytes:
    """The bytes of a canonical padded text; anything else is `bad_base64`."""
    if _CANONICAL.fullmatch(text) is None:
        raise TunnelError(BAD_BASE64)
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error:
        raise TunnelError(BAD_BASE64) from None
