"""The version 3 pairing payload `openhuman://pair?v=3&cid=..&pt=..&cpk=..&ps=..[&rpc=..]&exp=..` (8.12).

Version 3 adds the version `v` and the pairing secret `ps`, and holds `cid` to what the prologue
carries. The producer is a version 3 core; the consumer is a phone that runs both wire versions:
`v` alone decides which (QR3-PARSE-2), and a payload without `v` is read exactly as a version 2
consumer reads it (`qr.read_fields`), so both consumers give it one answer. Only the order of the
checks is this module's; the text, the decoding and the value rules are the ones version 2 uses.
"""

import re

from . import base64url, qr, qr_text, qr_values
from .qr_errors import (
    QR_BAD_VERSION,
    QR_EMPTY_FIELD,
    QR_MISSING_FIELD,
    QR_UNSUPPORTED_VERSION,
    PairingPayloadError,
)

VERSION = 3
# The names a version 3 consumer knows, for duplicates (QR3-PARSE-1 step 1).
KNOWN_NAMES = qr.KNOWN_NAMES | {"v", "ps"}

# `later-version` (8.12.1): 4 to 999 without a leading zero, a version this consumer cannot run yet.
_LATER_VERSION = re.compile(r"[4-9]|[1-9][0-9]{1,2}")


class ScannedPayload:
    """What a version 3 consumer read: the version, which decides the handshake (QR3-PARSE-5), the
    values of 8.1, and the pairing secret (None in version 2, which has none)."""

    __slots__ = ("version", "cid", "pt", "cpk", "ps", "rpc", "exp")

    def __init__(self, version: int, cid: str, pt: str, cpk: bytes, ps, rpc, exp: int) -> None:
        self.version = version
        self.cid = cid
        self.pt = pt
        self.cpk = cpk
        self.ps = ps
        self.rpc = rpc
        self.exp = exp


def encode(cid: str, pt: str, cpk: bytes, ps: bytes, rpc, exp: int) -> str:
    """The canonical version 3 payload (QR3-ENC-1), or the first failure in QR3-ENC-3's order."""
    qr_values.check_not_empty(cid)
    qr_values.check_cid_v3(cid)
    qr_values.check_not_empty(pt)
    qr_values.check_cpk(cpk)
    qr_values.check_ps(ps)
    qr_values.check_rpc(rpc)
    qr_values.check_exp(exp)
    fields = [
        ("v", "%d" % VERSION),
        ("cid", cid),
        ("pt", pt),
        ("cpk", base64url.encode(cpk)),
        ("ps", base64url.encode(ps)),
    ]
    if rpc is not None:
        fields.append(("rpc", rpc))
    fields.append(("exp", "%d" % exp))
    return qr_text.compose(fields)


def parse(payload: str, now: int) -> ScannedPayload:
    """Read a scanned payload of either version, checking in the order of QR3-PARSE-1."""
    fields = qr_text.known_fields(payload, KNOWN_NAMES)
    if read_version(fields) == 2:
        values = qr.read_fields(fields, now)
        return ScannedPayload(2, values.cid, values.pt, values.cpk, None, values.rpc, values.exp)
    cid = qr_values.read_required(fields, "cid")
    qr_values.check_cid_v3(cid)
    pt = qr_values.read_required(fields, "pt")
    cpk = qr_values.read_cpk(qr_values.read_required(fields, "cpk"))
    ps = qr_values.read_ps(qr_values.read_required(fields, "ps"))
    rpc = fields.get("rpc")
    qr_values.check_rpc(rpc)
    exp = qr_values.read_exp(qr_values.read_required(fields, "exp"), now)
    return ScannedPayload(VERSION, cid, pt, cpk, ps, rpc, exp)


def read_version(fields: dict) -> int:
    """The version from `v` alone (QR3-PARSE-2), before any other value is looked at. No `v` is
    version 2, but not with a secret: that payload was cut or edited, and the version is missing."""
    text = fields.get("v")
    if text is None:
        if "ps" in fields:
            raise PairingPayloadError(QR_MISSING_FIELD)
        return 2
    if not text:
        raise PairingPayloadError(QR_EMPTY_FIELD)
    if text == "%d" % VERSION:
        return VERSION
    if _LATER_VERSION.fullmatch(text) is not None:
        raise PairingPayloadError(QR_UNSUPPORTED_VERSION)
    # `2` too: version 2 is the absence of `v`, so `v=2` would be its second spelling.
    raise PairingPayloadError(QR_BAD_VERSION)
