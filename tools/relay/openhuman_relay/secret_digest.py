"""Pairing tokens and device credentials as the relay keeps them: SHA-256 digests (RELAY-3 SHOULD),
so a leak of the relay's state (a memory dump, a Redis snapshot) lets no device in."""

import hashlib
import hmac


def digest(secret: str) -> bytes:
    return hashlib.sha256(secret.encode("utf-8")).digest()


def matches(secret: str, stored) -> bool:
    """Whether `secret` hashes to `stored` (None never matches), in a time independent of where the
    values differ (RELAY-5): both sides are fixed-length digests compared by hmac.compare_digest."""
    if stored is None:
        return False
    return hmac.compare_digest(digest(secret), stored)
