"""The QR pairing payload `openhuman://pair?cid=..&pt=..&cpk=..[&rpc=..]&exp=..` (spec chapter 8).

The producer writes one canonical text (QR-ENC-*). The consumer accepts every text with one
unambiguous reading and refuses every other (QR-PARSE-*), running its checks in the fixed
order of QR-PARSE-1 so that the error is a function of the payload alone. Neither side reads
a clock: `now` is an input.
"""

import re

from . import base64url, x25519
from .errors import LOW_ORDER_KEY, TunnelError

MAX_PAYLOAD_OCTETS = 2_331  # byte-mode capacity of a version 40 QR code at level M
MAX_EXP = 253_402_300_799  # 9999-12-31T23:59:59Z
_PREFIX = "openhuman://pair?"
_KNOWN_NAMES = ("cid", "pt", "cpk", "rpc", "exp")

QR_TOO_LONG = "qr_too_long"
QR_BAD_CHARACTER = "qr_bad_character"
QR_BAD_SCHEME = "qr_bad_scheme"
QR_BAD_HOST = "qr_bad_host"
QR_BAD_PATH = "qr_bad_path"
QR_FRAGMENT = "qr_fragment"
QR_MISSING_QUERY = "qr_missing_query"
QR_BAD_PERCENT_ENCODING = "qr_bad_percent_encoding"
QR_BAD_UTF8 = "qr_bad_utf8"
QR_DUPLICATE_FIELD = "qr_duplicate_field"
QR_MISSING_FIELD = "qr_missing_field"
QR_EMPTY_FIELD = "qr_empty_field"
QR_BAD_CPK_BASE64URL = "qr_bad_cpk_base64url"
QR_BAD_CPK_LENGTH = "qr_bad_cpk_length"
QR_LOW_ORDER_CPK = "qr_low_order_cpk"
QR_BAD_RPC = "qr_bad_rpc"
QR_BAD_EXP = "qr_bad_exp"
QR_EXPIRED = "qr_expired"


class PairingPayloadError(Exception):
    """A refused pairing payload, identified by its stable `qr_` code."""

    __slots__ = ("code",)

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class PairingPayload:
    """The decoded fields: cid and pt as opaque text, the core key, the optional LAN URL, the expiry."""

    __slots__ = ("cid", "pt", "cpk", "rpc", "exp")

    def __init__(self, cid: str, pt: str, cpk: bytes, rpc, exp: int) -> None:
        self.cid = cid
        self.pt = pt
        self.cpk = cpk
        self.rpc = rpc
        self.exp = exp


# --- shared value rules ------------------------------------------------------------------

# A clamped scalar; any other would do. X25519 with a low-order point gives all zeros for
# every clamped scalar and with no other point (spec 2.4), so one multiplication decides.
_PROBE_SCALAR = bytes(range(1, 33))


def _is_low_order(public_key: bytes) -> bool:
    try:
        x25519.shared_secret(_PROBE_SCALAR, public_key)
    except TunnelError as error:
        return error.code == LOW_ORDER_KEY
    return False


_EXP_TEXT = re.compile(r"0|[1-9][0-9]{0,11}")


def _parse_exp(text: str) -> int:
    """QR-GRAM-5: digits only, no leading zero, at most 12 digits (counted before arithmetic)."""
    if _EXP_TEXT.fullmatch(text) is None:
        raise PairingPayloadError(QR_BAD_EXP)
    value = int(text)
    if value > MAX_EXP:
        raise PairingPayloadError(QR_BAD_EXP)
    return value


# QR-GRAM-4. Only hosts that RFC 3986 and WHATWG parsers read the same way: no user info,
# no fragment, no zone id, no numeric forms that WHATWG would rewrite into an IPv4 address.
_PCHAR = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})"
_RPC = re.compile(r"(?:[hH][tT][tT][pP][sS]?)://([^/?]*+)(?:/" + _PCHAR + r"*+)*+(?:\?(?:" + _PCHAR + r"|[/?])*+)?")
_DEC_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])"
_IPV4 = re.compile(r"(?:" + _DEC_OCTET + r"\.){3}" + _DEC_OCTET)
_H16 = re.compile(r"[0-9A-Fa-f]{1,4}")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_ALL_DIGITS = re.compile(r"[0-9]+")
_HEX_NUMBER = re.compile(r"0[xX][0-9A-Fa-f]*")
_PORT = re.compile(r"[0-9]{1,5}")


def _is_ipv6(text: str) -> bool:
    """RFC 3986 section 3.2.2 IPv6address: eight 16-bit pieces, or at most seven around one `::`;
    a dotted IPv4 address may stand for the last two pieces, at the very end of the text only."""
    if text.count("::") > 1:
        return False
    if "::" in text:
        head, tail = text.split("::")
        pieces = (head.split(":") if head else []) + (tail.split(":") if tail else [])
        ipv4_allowed_last = bool(tail)
        required = range(0, 8)  # "::" stands for at least one piece
    else:
        pieces = text.split(":")
        ipv4_allowed_last = True
        required = range(8, 9)
    count = 0
    for index, piece in enumerate(pieces):
        if ipv4_allowed_last and index == len(pieces) - 1 and _IPV4.fullmatch(piece):
            count += 2
        elif _H16.fullmatch(piece):
            count += 1
        else:
            return False
    return count in required


def _is_dns_name(text: str) -> bool:
    if not 1 <= len(text) <= 253:
        return False
    labels = text.split(".")
    if not all(_LABEL.fullmatch(label) for label in labels):
        return False
    last = labels[-1]
    return _ALL_DIGITS.fullmatch(last) is None and _HEX_NUMBER.fullmatch(last) is None


def _is_valid_rpc(url: str) -> bool:
    match = _RPC.fullmatch(url)
    if match is None:
        return False
    authority = match.group(1)
    if authority.startswith("["):
        end = authority.find("]")
        if end < 0 or not _is_ipv6(authority[1:end]):
            return False
        rest = authority[end + 1 :]
    else:
        host, colon, port = authority.partition(":")
        if not (_IPV4.fullmatch(host) or _is_dns_name(host)):
            return False
        rest = colon + port
    if not rest:
        return True
    port = rest[1:]
    return rest[0] == ":" and _PORT.fullmatch(port) is not None and 1 <= int(port) <= 65535


# --- producing (QR-ENC-*) ------------------------------------------------------------------

_FORM_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")


def _form_encode(text: str) -> str:
    """WHATWG URLSearchParams serialization of one value (QR-ENC-2)."""
    out = []
    for byte in text.encode("utf-8"):
        if byte in _FORM_SAFE:
            out.append(chr(byte))
        elif byte == 0x20:
            out.append("+")
        else:
            out.append("%%%02X" % byte)
    return "".join(out)


def encode(cid: str, pt: str, cpk: bytes, rpc, exp: int) -> str:
    """The canonical payload, or the first failure in the order of QR-ENC-10."""
    if not cid or not pt:
        raise PairingPayloadError(QR_EMPTY_FIELD)
    if len(cpk) != 32:
        raise PairingPayloadError(QR_BAD_CPK_LENGTH)
    if _is_low_order(cpk):
        raise PairingPayloadError(QR_LOW_ORDER_CPK)
    if rpc is not None:
        if not rpc:
            raise PairingPayloadError(QR_EMPTY_FIELD)
        if not _is_valid_rpc(rpc):
            raise PairingPayloadError(QR_BAD_RPC)
    if not 0 <= exp <= MAX_EXP:
        raise PairingPayloadError(QR_BAD_EXP)
    payload = _PREFIX + "cid=" + _form_encode(cid) + "&pt=" + _form_encode(pt) + "&cpk=" + base64url.encode(cpk)
    if rpc is not None:
        payload += "&rpc=" + _form_encode(rpc)
    payload += "&exp=%d" % exp
    if len(payload) > MAX_PAYLOAD_OCTETS:  # ASCII only, so characters are octets
        raise PairingPayloadError(QR_TOO_LONG)
    return payload


# --- consuming (QR-PARSE-*) ----------------------------------------------------------------

# RFC 3986 characters without `[` and `]` (QR-PARSE-3).
_PAYLOAD_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})?")


def _form_decode(text: str) -> str:
    """One pass: `+` is 0x20, `%HH` its byte, every other character its own byte (QR-PARSE-10),
    and the result must be UTF-8 (QR-PARSE-11)."""
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


def _required(fields: dict, name: str) -> str:
    value = fields.get(name)
    if value is None:
        raise PairingPayloadError(QR_MISSING_FIELD)
    if not value:
        raise PairingPayloadError(QR_EMPTY_FIELD)
    return value


def parse(payload: str, now: int) -> PairingPayload:
    """Read a scanned payload, checking in the order of QR-PARSE-1."""
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
    # 8. fields in order of appearance, the name then the value of each.
    decoded = []
    for field in rest[1:].split("&"):
        if not field:
            continue
        name, _, value = field.partition("=")
        decoded.append((_form_decode(name), _form_decode(value)))
    # 9. each known name at most once, before any value is looked at.
    fields = {}
    for name, value in decoded:
        if name in _KNOWN_NAMES:
            if name in fields:
                raise PairingPayloadError(QR_DUPLICATE_FIELD)
            fields[name] = value
    # 10-14. the known fields, each completely before the next.
    cid = _required(fields, "cid")
    pt = _required(fields, "pt")
    cpk_text = _required(fields, "cpk")
    try:
        cpk = base64url.decode(cpk_text)
    except TunnelError:
        raise PairingPayloadError(QR_BAD_CPK_BASE64URL) from None
    if len(cpk) != 32:
        raise PairingPayloadError(QR_BAD_CPK_LENGTH)
    if _is_low_order(cpk):
        raise PairingPayloadError(QR_LOW_ORDER_CPK)
    rpc = fields.get("rpc")
    if rpc is not None:
        if not rpc:
            raise PairingPayloadError(QR_EMPTY_FIELD)
        if not _is_valid_rpc(rpc):
            raise PairingPayloadError(QR_BAD_RPC)
    exp = _parse_exp(_required(fields, "exp"))
    if exp < now:
        raise PairingPayloadError(QR_EXPIRED)
    return PairingPayload(cid, pt, cpk, rpc, exp)
