"""The short authentication string of a pairing (spec SAS-1, SAS-2).

Six digits both sides show, so the user can see that the phone and the desktop ran the same
exchange with each other. static_dh binds both static keys (a rogue device or core gets an
unrelated code); eph_dh makes the code new per session and unknown to the relay, which cannot
compute it; the transcript binds the exact bytes of the 0x03 and 0x04 messages, so a replayed
handshake (answered with a new ack) and any changed byte give another code. It is never sent.
"""

import hashlib

from . import hkdf, key_log

_INFO = b"openhuman-tunnel/v2/sas"
_OKM_LENGTH = 8
_CODES = 1_000_000


def _length_prefixed(message: bytes) -> bytes:
    return len(message).to_bytes(4, "big") + message


def derive(static_dh: bytes, ephemeral_dh: bytes, handshake: bytes, ack: bytes) -> str:
    """u64be(HKDF(static_dh || eph_dh, SHA-256(transcript), info, 8)) mod 10^6, six digits.

    The modulo leaves a relative bias below 3e-14 per code (spec section 3.7).
    """
    salt = hashlib.sha256(_length_prefixed(handshake) + _length_prefixed(ack)).digest()
    okm = hkdf.sha256(static_dh + ephemeral_dh, salt, _INFO, _OKM_LENGTH)
    key_log.pairing_code(salt, okm)
    return "%06d" % (int.from_bytes(okm, "big") % _CODES)
