"""The form encoding of the payload's names and values, both directions (QR-ENC-2, QR-PARSE-10, 11).

The producer writes exactly what WHATWG `URLSearchParams` writes, so one value has one text; the
consumer decodes in one pass and refuses what decoders disagree on (a stray `%`, text that is not
UTF-8) instead of repairing it, so one text has one value.
"""

import re

from .qr_errors import QR_BAD_PERCENT_ENCODING, QR_BAD_UTF8, PairingPayloadError

_FORM_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})?")


def encode(text: str) -> str:
    """WHATWG URLSearchParams serialization of one value's UTF-8 bytes (QR-ENC-2)."""
    out = []
    for byte in text.encode("utf-8"):
        if byte in _FORM_SAFE:
            out.append(chr(byte))
        elif byte == 0x20:
            out.append("+")
        else:
            out.append("%%%02X" % byte)
    return "".join(out)


def decode(text: str) -> str:
    """One pass: `+` is 0x20, `%HH` its byte, every other character its own byte (QR-PARSE-10),
    and the result must be UTF-8 (QR-PARSE-11). `text` holds payload characters only (ASCII)."""
    if "%" in text:
        for match in _PERCENT.finditer(text):
            if match.group(1) is None:
                raise PairingPayloadError(QR_BAD_PERCENT_ENCODING)
    raw = bytearray()
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        if char == "%":
            raw.append(int(text[index + 1 : index + 3], 16))
            index += 3
            continue
        raw.append(0x20 if char == "+" else ord(char))
        index += 1
    try:
        return raw.decode("utf-8")  # strict: overlongs, surrogates, > U+10FFFF, truncation
    except UnicodeDecodeError:
        raise PairingPayloadError(QR_BAD_UTF8) from None
