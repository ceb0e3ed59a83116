"""Strict canonical base64url without padding (RFC 4648 section 5), spec ENC-1..ENC-3.

Exactly one text decodes to a given byte string. A lenient decoder would let two
different texts name the same key, which breaks byte-exact comparisons and lets a
sender smuggle data in the unused trailing bits.
"""

import base64
import binascii
import re

from .errors import BAD_BASE64URL, BAD_KEY_LENGTH, TunnelError

KEY_LENGTH = 32

# Only the 64 alphabet characters; `=`, `+`, `/`, whitespace and everything else fail.
_ALPHABET_ONLY = re.compile(r"[A-Za-z0-9_-]*")

# Padding to append so that the standard decoder accepts an unpadded text, by length % 4.
_PADDING = ("", None, "==", "=")


def encode(data: bytes) -> str:
    """Canonical form: URL-safe alphabet, no padding (ENC-2)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def decode(text: str) -> bytes:
    """Decode `text`, rejecting every non-canonical form with bad_base64url (ENC-1)."""
    if not isinstance(text, str) or _ALPHABET_ONLY.fullmatch(text) is None:
        raise TunnelError(BAD_BASE64URL)
    padding = _PADDING[len(text) % 4]
    if padding is None:
        # One leftover character carries 6 bits: not even one byte.
        raise TunnelError(BAD_BASE64URL)
    try:
        data = base64.urlsafe_b64decode(text + padding)
    except (binascii.Error, ValueError):
        raise TunnelError(BAD_BASE64URL) from None
    # Re-encoding catches non-zero unused trailing bits: only the canonical text round-trips.
    if encode(data) != text:
        raise TunnelError(BAD_BASE64URL)
    return data


def decode_key(text: str) -> bytes:
    """Decode a 32-byte key field: bad_base64url first, then bad_key_length (ENC-3)."""
    data = decode(text)
    if len(data) != KEY_LENGTH:
        raise TunnelError(BAD_KEY_LENGTH)
    return data
