"""The payload's text around its values, for every version: the envelope `openhuman://pair?`, the
fields and their duplicates (QR-PARSE-1 checks 1 to 9, QR3-PARSE-1 step 1), and the canonical text a
producer joins (QR-ENC-1, QR-ENC-11, QR3-ENC-1).

Which names a version knows is the only thing these steps take from the version: the envelope and the
decoding run on every field, known or not, so whether a text is well formed is the same for every
version (QR-PARSE-10), and only the duplicate check looks at the names.
"""

import re

from . import qr_form
from .qr_errors import (
    QR_BAD_CHARACTER,
    QR_BAD_HOST,
    QR_BAD_PATH,
    QR_BAD_SCHEME,
    QR_DUPLICATE_FIELD,
    QR_FRAGMENT,
    QR_MISSING_QUERY,
    QR_TOO_LONG,
    PairingPayloadError,
)

MAX_PAYLOAD_OCTETS = 2_331  # byte-mode capacity of a version 40 QR code at level M (8.5)
PREFIX = "openhuman://pair?"

# RFC 3986 characters without `[` and `]` (QR-PARSE-3).
_PAYLOAD_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*")


def compose(fields) -> str:
    """The canonical payload of (name, value) pairs in the order given, each value form-encoded
    (QR-ENC-2; base64url and decimal text stand for themselves), or qr_too_long (QR-ENC-11)."""
    payload = PREFIX + "&".join(name + "=" + qr_form.encode(value) for name, value in fields)
    if len(payload) > MAX_PAYLOAD_OCTETS:  # ASCII only, so characters are octets
        raise PairingPayloadError(QR_TOO_LONG)
    return payload


def known_fields(payload: str, known_names) -> dict:
    """The decoded values of the known names, after QR-PARSE-1's checks 1 to 9 in order; a known
    name appearing twice is qr_duplicate_field whatever the values, and unknown names are dropped
    once decoded (QR-PARSE-13, QR-PARSE-14)."""
    fields = {}
    for name, value in _decoded_fields(_query(payload)):
        if name in known_names:
            if name in fields:
                raise PairingPayloadError(QR_DUPLICATE_FIELD)
            fields[name] = value
    return fields


def _query(payload: str) -> str:
    """The query text after `?`, once checks 1 to 7 of QR-PARSE-1 passed, in their order."""
    # 1. length in octets (a lone surrogate counts as its three would-be octets; step 2 refuses it).
    if len(payload.encode("utf-8", "surrogatepass")) > MAX_PAYLOAD_OCTETS:
        raise PairingPayloadError(QR_TOO_LONG)
    # 2. characters: no trimming, no repair.
    if _PAYLOAD_CHARACTERS.fullmatch(payload) is None:
        raise PairingPayloadError(QR_BAD_CHARACTER)
    # 3. scheme, case-insensitive.
    scheme, colon, rest = payload.partition(":")
    if not colon or scheme.lower() != "openhuman":
        raise PairingPayloadError(QR_BAD_SCHEME)
    # 4. authority `//pair`, case-insensitive, up to the next `/`, `?`, `#` or the end.
    if not rest.startswith("//"):
        raise PairingPayloadError(QR_BAD_HOST)
    rest = rest[2:]
    end = len(rest)
    for delimiter in "/?#":
        position = rest.find(delimiter)
        if 0 <= position < end:
            end = position
    if rest[:end].lower() != "pair":
        raise PairingPayloadError(QR_BAD_HOST)
    rest = rest[end:]
    # 5. no path, not even `/`.
    if rest.startswith("/"):
        raise PairingPayloadError(QR_BAD_PATH)
    # 6. no fragment, not even an empty one.
    if "#" in rest:
        raise PairingPayloadError(QR_FRAGMENT)
    # 7. a query.
    if not rest.startswith("?"):
        raise PairingPayloadError(QR_MISSING_QUERY)
    return rest[1:]


def _decoded_fields(query: str) -> list:
    """Check 8: split at every `&`, skip empty fields, split each at its first `=` (QR-PARSE-9),
    and decode in order of appearance, the name then the value of each (QR-PARSE-10, 11)."""
    decoded = []
    for field in query.split("&"):
        if not field:
            continue
        name, _, value = field.partition("=")
        decoded.append((qr_form.decode(name), qr_form.decode(value)))
    return decoded
