"""The version 2 pairing payload `openhuman://pair?cid=..&pt=..&cpk=..[&rpc=..]&exp=..` (spec chapter 8).

The producer writes one canonical text (QR-ENC-*). The consumer accepts every text with one
unambiguous reading and refuses every other (QR-PARSE-*), running its checks in the fixed order of
QR-PARSE-1 so that the error is a function of the payload alone. Neither side reads a clock: `now`
is an input. The text (`qr_text`), the form encoding (`qr_form`) and the value rules (`qr_values`)
are shared with version 3 (`qr_v3`); this module is version 2's order of them.
"""

from . import base64url, qr_text, qr_values
from .qr_errors import PairingPayloadError

__all__ = ["KNOWN_NAMES", "PairingPayload", "PairingPayloadError", "encode", "parse", "read_fields"]

# The names a version 2 consumer knows (QR-PARSE-12); every other name is ignored (QR-PARSE-14).
KNOWN_NAMES = frozenset(("cid", "pt", "cpk", "rpc", "exp"))


class PairingPayload:
    """The decoded fields: cid and pt as opaque text, the core key, the optional LAN URL, the expiry."""

    __slots__ = ("cid", "pt", "cpk", "rpc", "exp")

    def __init__(self, cid: str, pt: str, cpk: bytes, rpc, exp: int) -> None:
        self.cid = cid
        self.pt = pt
        self.cpk = cpk
        self.rpc = rpc
        self.exp = exp


def encode(cid: str, pt: str, cpk: bytes, rpc, exp: int) -> str:
    """The canonical payload, or the first failure in the order of QR-ENC-10."""
    qr_values.check_not_empty(cid)
    qr_values.check_not_empty(pt)
    qr_values.check_cpk(cpk)
    qr_values.check_rpc(rpc)
    qr_values.check_exp(exp)
    fields = [("cid", cid), ("pt", pt), ("cpk", base64url.encode(cpk))]
    if rpc is not None:
        fields.append(("rpc", rpc))
    fields.append(("exp", "%d" % exp))
    return qr_text.compose(fields)


def parse(payload: str, now: int) -> PairingPayload:
    """Read a scanned payload, checking in the order of QR-PARSE-1."""
    return read_fields(qr_text.known_fields(payload, KNOWN_NAMES), now)


def read_fields(fields: dict, now: int) -> PairingPayload:
    """QR-PARSE-1's checks 10 to 14 on the known fields, each completely before the next. A version
    3 consumer reads a payload without `v` here too, so both consumers give it one answer (QR3-PARSE-1)."""
    cid = qr_values.read_required(fields, "cid")
    pt = qr_values.read_required(fields, "pt")
    cpk = qr_values.read_cpk(qr_values.read_required(fields, "cpk"))
    rpc = fields.get("rpc")
    qr_values.check_rpc(rpc)
    exp = qr_values.read_exp(qr_values.read_required(fields, "exp"), now)
    return PairingPayload(cid, pt, cpk, rpc, exp)
