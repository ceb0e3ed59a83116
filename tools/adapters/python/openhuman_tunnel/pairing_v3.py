"""The values a version 3 pairing derives around its Noise handshake.

The prologue and the psk come from the QR payload alone (the channel id and the pairing secret
`ps`), so only a device that scanned it can complete the handshake; the commitment, the code and
the reconnect psk come after it. The code is bound to the handshake hash and to both nonces: the
device commits to its nonce before it sees the core's, so neither side can steer the code.
"""

import hashlib
from dataclasses import dataclass

from . import hkdf

_PROLOGUE_LABEL = b"openhuman-tunnel/v3/prologue"
_PSK_INFO = b"openhuman-tunnel/v3/psk"
_COMMIT_LABEL = b"openhuman-tunnel/v3/commit"
_CODE_INFO = b"openhuman-tunnel/v3/sas"
_RECONNECT_PSK_INFO = b"openhuman-tunnel/v3/reconnect-psk"
_CONFIRM_LABEL = b"openhuman-tunnel/v3/confirm"
_REJECT_LABEL = b"openhuman-tunnel/v3/reject"
DEVICE = 0x01  # r of V3-CONFIRM-1: whose answer a record is
CORE = 0x02
_KEY_LENGTH = 32
_CODE_OKM_LENGTH = 8
_CODES = 1_000_000


def prologue(cid: bytes) -> bytes:
    """The label, then the channel id with a one-byte length, so no two ids give one prologue."""
    return _PROLOGUE_LABEL + bytes((len(cid),)) + cid


def psk(pairing_secret: bytes, cid: bytes) -> bytes:
    """HKDF(ps, no salt, label || cid): a psk per channel from the QR's pairing secret."""
    return hkdf.sha256(pairing_secret, b"", _PSK_INFO + cid, _KEY_LENGTH)


def commitment(device_nonce: bytes) -> bytes:
    """SHA-256(label || device nonce): what the device sends before it learns the core's nonce."""
    return hashlib.sha256(_COMMIT_LABEL + device_nonce).digest()


@dataclass(frozen=True)
class AfterHandshake:
    """The six-digit code both sides show and the psk of later reconnections."""

    code: str
    reconnect_psk: bytes


def after_handshake(handshake_hash: bytes, device_nonce: bytes, core_nonce: bytes) -> AfterHandshake:
    """HKDF(device nonce || core nonce, salt = h) with one label each. The code is u64be(okm) mod
    10^6, six digits with leading zeros, the reduction of version 2's code (sas.py)."""
    nonces = device_nonce + core_nonce
    okm = hkdf.sha256(nonces, handshake_hash, _CODE_INFO, _CODE_OKM_LENGTH)
    return AfterHandshake(
        code="%06d" % (int.from_bytes(okm, "big") % _CODES),
        reconnect_psk=hkdf.sha256(nonces, handshake_hash, _RECONNECT_PSK_INFO, _KEY_LENGTH),
    )


def confirmation(party: int, handshake_hash: bytes, code: str) -> bytes:
    """A user's Yes or Match (V3-CONFIRM-1): it names the party, the attempt's h and the code
    that user saw, so it answers nothing but this comparison, and neither side can reflect the
    other's record as its own."""
    return hashlib.sha256(_CONFIRM_LABEL + bytes((party,)) + handshake_hash + code.encode("ascii")).digest()


def rejection(party: int, handshake_hash: bytes) -> bytes:
    """A user's No (V3-CONFIRM-1): names no code, since refusing whatever was shown is always safe."""
    return hashlib.sha256(_REJECT_LABEL + bytes((party,)) + handshake_hash).digest()
