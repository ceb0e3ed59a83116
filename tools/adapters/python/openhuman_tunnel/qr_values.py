"""The rules of the payload's known values, one function per rule, shared by producer and consumer
and by both versions (8.2.3, 8.4.3, 8.12.1).

Each version's producer and consumer are then only the order in which they call these (QR-ENC-10,
QR3-ENC-3, QR-PARSE-1, QR3-PARSE-1), so a value is judged by one rule wherever it appears. A consumer
reads text into a value (`read_*`); a producer checks the value it is given (`check_*`).
"""

import re

from . import base64url, qr_rpc, x25519
from .errors import LOW_ORDER_KEY, TunnelError
from .qr_errors import (
    QR_BAD_CID,
    QR_BAD_CPK_BASE64URL,
    QR_BAD_CPK_LENGTH,
    QR_BAD_EXP,
    QR_BAD_PS_BASE64URL,
    QR_BAD_PS_LENGTH,
    QR_BAD_RPC,
    QR_EMPTY_FIELD,
    QR_EXPIRED,
    QR_LOW_ORDER_CPK,
    QR_MISSING_FIELD,
    PairingPayloadError,
)

MAX_EXP = 253_402_300_799  # 9999-12-31T23:59:59Z (QR-GRAM-5)
CPK_LENGTH = 32
PS_LENGTH = 16  # the pairing secret (QR3-ENC-2)
CID_V3_MAX_OCTETS = 255  # the prologue's one length byte (V3-PRO-1)

_EXP_TEXT = re.compile(r"0|[1-9][0-9]{0,11}")

# A clamped scalar; any other would do. X25519 with a low-order point gives all zeros for
# every clamped scalar and with no other point (spec 2.4), so one multiplication decides.
_PROBE_SCALAR = bytes(range(1, 33))


# --- present and not empty (QR-ENC-6, QR-PARSE-16, QR-PARSE-17) ---------------------------


def read_required(fields: dict, name: str) -> str:
    """The decoded value of a known field that must be present and not empty."""
    value = fields.get(name)
    if value is None:
        raise PairingPayloadError(QR_MISSING_FIELD)
    if not value:
        raise PairingPayloadError(QR_EMPTY_FIELD)
    return value


def check_not_empty(text: str) -> None:
    """A producer writes no empty field (QR-ENC-1, QR-ENC-6)."""
    if not text:
        raise PairingPayloadError(QR_EMPTY_FIELD)


# --- cid in version 3 (QR3-ENC-3, QR3-PARSE-3) --------------------------------------------


def check_cid_v3(cid: str) -> None:
    """A version 3 channel id enters the prologue: at most 255 bytes, each at most 0x7F.
    ASCII text has one byte per character, so the length is counted once it is known ASCII."""
    if not cid.isascii() or len(cid) > CID_V3_MAX_OCTETS:
        raise PairingPayloadError(QR_BAD_CID)


# --- cpk (QR-ENC-7, QR-PARSE-19 to 21) ----------------------------------------------------


def _is_low_order(public_key: bytes) -> bool:
    try:
        x25519.shared_secret(_PROBE_SCALAR, public_key)
    except TunnelError as error:
        return error.code == LOW_ORDER_KEY
    return False


def check_cpk(cpk: bytes) -> None:
    """The core key: 32 bytes, then not low order."""
    if len(cpk) != CPK_LENGTH:
        raise PairingPayloadError(QR_BAD_CPK_LENGTH)
    if _is_low_order(cpk):
        raise PairingPayloadError(QR_LOW_ORDER_CPK)


def read_cpk(text: str) -> bytes:
    """The core key from its text: canonical base64url, then the rules of `check_cpk`."""
    cpk = _read_base64url(text, QR_BAD_CPK_BASE64URL)
    check_cpk(cpk)
    return cpk


# --- ps (QR3-ENC-3, QR3-PARSE-4) ----------------------------------------------------------


def check_ps(ps: bytes) -> None:
    """The pairing secret: 16 bytes. Its randomness is the producer's duty (QR3-ENC-2), not a check."""
    if len(ps) != PS_LENGTH:
        raise PairingPayloadError(QR_BAD_PS_LENGTH)


def read_ps(text: str) -> bytes:
    """The pairing secret from its text: canonical base64url, then 16 bytes."""
    ps = _read_base64url(text, QR_BAD_PS_BASE64URL)
    check_ps(ps)
    return ps


def _read_base64url(text: str, code: str) -> bytes:
    """Canonical unpadded base64url (ENC-1), refused with the field's own code: a damaged QR code
    tells the user something other than chapter 1's bad_base64url would."""
    try:
        return base64url.decode(text)
    except TunnelError:
        raise PairingPayloadError(code) from None


# --- rpc (QR-ENC-4, QR-ENC-8, QR-PARSE-17, QR-PARSE-22) -----------------------------------


def check_rpc(rpc) -> None:
    """The optional LAN URL, the same rule on both sides: absent (None) is fine, empty is not
    absent but qr_empty_field, and a present one must meet QR-GRAM-4."""
    if rpc is None:
        return
    if not rpc:
        raise PairingPayloadError(QR_EMPTY_FIELD)
    if not qr_rpc.is_valid(rpc):
        raise PairingPayloadError(QR_BAD_RPC)


# --- exp (QR-ENC-9, QR-PARSE-23, QR-PARSE-24) ---------------------------------------------


def check_exp(exp: int) -> None:
    """The expiry a producer writes: at most 253402300799. No clock: a past expiry is written."""
    if not 0 <= exp <= MAX_EXP:
        raise PairingPayloadError(QR_BAD_EXP)


def read_exp(text: str, now: int) -> int:
    """The expiry from its text, then against `now`. QR-GRAM-5: digits only, no leading zero, at
    most 12 digits, counted before any arithmetic; the clock comes last (`now == exp` is valid)."""
    if _EXP_TEXT.fullmatch(text) is None:
        raise PairingPayloadError(QR_BAD_EXP)
    exp = int(text)
    check_exp(exp)
    if exp < now:
        raise PairingPayloadError(QR_EXPIRED)
    return exp
