"""X25519 (RFC 7748) through libsodium, with the mandatory all-zero check (spec DH-1, DH-2).

libsodium clamps the scalar, ignores the top bit of the u-coordinate and reduces a
non-canonical u modulo p, as RFC 7748 section 5 requires. Its crypto_scalarmult
returns an error for the known small-order points and for an all-zero result; PyNaCl
raises RuntimeError on that error. Both cases are exactly "the output would be all
zero" (every small-order point times a clamped scalar is the identity), so both map to
low_order_key. The explicit zero comparison below keeps the guarantee even if the
library ever stops checking.
"""

import hmac

from nacl.bindings import crypto_scalarmult, crypto_scalarmult_base
from nacl.exceptions import RuntimeError as SodiumRuntimeError

from .errors import BAD_KEY_LENGTH, LOW_ORDER_KEY, TunnelError

KEY_LENGTH = 32
_ALL_ZERO = bytes(KEY_LENGTH)


def public_key(private_key: bytes) -> bytes:
    """X25519(private_key, 9): the public half of a 32-byte private key."""
    _require_key_length(private_key)
    return crypto_scalarmult_base(private_key)


def shared_secret(private_key: bytes, peer_public_key: bytes) -> bytes:
    """X25519(private_key, peer_public_key); an all-zero output raises low_order_key.

    A zero output means the peer sent a low-order point: the "shared" secret would be
    known to everyone, so it must never reach a KDF (DH-2).
    """
    _require_key_length(private_key)
    _require_key_length(peer_public_key)
    try:
        shared = crypto_scalarmult(private_key, peer_public_key)
    except SodiumRuntimeError:
        raise TunnelError(LOW_ORDER_KEY) from None
    # Constant-time comparison: the secret's bytes must not steer timing.
    if hmac.compare_digest(shared, _ALL_ZERO):
        raise TunnelError(LOW_ORDER_KEY)
    return shared


def _require_key_length(key: bytes) -> None:
    # libsodium reads exactly 32 bytes through a raw pointer: a shorter buffer would be
    # read past its end, so the length is checked before the call.
    if len(key) != KEY_LENGTH:
        raise TunnelError(BAD_KEY_LENGTH)
