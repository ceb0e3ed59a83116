"""The core key fingerprint (spec QR-SRC-3).

What the phone shows before it acts on a payload that did not come from its own scanner, and
what the desktop shows beside its QR code, so the user can compare them. Ten bytes: an
attacker needs a second key with a given fingerprint (about 2^80 work), not a collision.
"""

import hashlib

_LABEL = b"openhuman-tunnel/v2/core-key-fingerprint"


def fingerprint(core_public: bytes) -> str:
    """The first 10 bytes of SHA-256(label || cpk) as lowercase hex, five groups of four."""
    digits = hashlib.sha256(_LABEL + core_public).digest()[:10].hex()
    return " ".join(digits[i : i + 4] for i in range(0, len(digits), 4))
