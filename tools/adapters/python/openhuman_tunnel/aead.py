"""XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03) through libsodium, plus HChaCha20.

libsodium does the AEAD. PyNaCl has no binding for crypto_core_hchacha20, so the
HChaCha20 subkey function (draft section 2.2) is written out here in Python; it is
only exposed as a primitive for known-answer tests and never used on the frame path.
"""

from nacl.bindings import (
    crypto_aead_xchacha20poly1305_ietf_decrypt,
    crypto_aead_xchacha20poly1305_ietf_encrypt,
)
from nacl.exceptions import CryptoError

from .errors import AUTH_FAILED, TunnelError

KEY_LENGTH = 32
NONCE_LENGTH = 24
TAG_LENGTH = 16
HCHACHA_NONCE_LENGTH = 16


def seal(key: bytes, nonce: bytes, plaintext: bytes, aad: bytes) -> bytes:
    """Return ciphertext || 16-byte tag."""
    _require_lengths(key, nonce)
    return crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, aad, nonce, key)


def open(key: bytes, nonce: bytes, ciphertext: bytes, aad: bytes) -> bytes:
    """Return the plaintext, or raise auth_failed; nothing is released on failure."""
    _require_lengths(key, nonce)
    if len(ciphertext) < TAG_LENGTH:
        # Too short to hold a tag: cannot authenticate.
        raise TunnelError(AUTH_FAILED)
    try:
        return crypto_aead_xchacha20poly1305_ietf_decrypt(ciphertext, aad, nonce, key)
    except CryptoError:
        raise TunnelError(AUTH_FAILED) from None


def _require_lengths(key: bytes, nonce: bytes) -> None:
    if len(key) != KEY_LENGTH or len(nonce) != NONCE_LENGTH:
        raise ValueError("XChaCha20-Poly1305 needs a 32-byte key and a 24-byte nonce")


_MASK32 = 0xFFFFFFFF
_SIGMA = (0x61707865, 0x3320646E, 0x79622D32, 0x6B206574)  # "expand 32-byte k"


def hchacha20(key: bytes, nonce16: bytes) -> bytes:
    """HChaCha20(key, 16-byte nonce) -> 32-byte subkey (draft section 2.2).

    The ChaCha20 block function without the final feed-forward addition; the output
    is state words 0..3 and 12..15, little-endian.
    """
    if len(key) != KEY_LENGTH or len(nonce16) != HCHACHA_NONCE_LENGTH:
        raise ValueError("HChaCha20 needs a 32-byte key and a 16-byte nonce")
    s = list(_SIGMA)
    s += [int.from_bytes(key[i : i + 4], "little") for i in range(0, 32, 4)]
    s += [int.from_bytes(nonce16[i : i + 4], "little") for i in range(0, 16, 4)]
    for _ in range(10):  # 20 rounds = 10 double rounds
        _quarter_round(s, 0, 4, 8, 12)
        _quarter_round(s, 1, 5, 9, 13)
        _quarter_round(s, 2, 6, 10, 14)
        _quarter_round(s, 3, 7, 11, 15)
        _quarter_round(s, 0, 5, 10, 15)
        _quarter_round(s, 1, 6, 11, 12)
        _quarter_round(s, 2, 7, 8, 13)
        _quarter_round(s, 3, 4, 9, 14)
    return b"".join(w.to_bytes(4, "little") for w in s[0:4] + s[12:16])


def _rotl(v: int, n: int) -> int:
    return ((v << n) | (v >> (32 - n))) & _MASK32


def _quarter_round(s: list, a: int, b: int, c: int, d: int) -> None:
    s[a] = (s[a] + s[b]) & _MASK32
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & _MASK32
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & _MASK32
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & _MASK32
    s[b] = _rotl(s[b] ^ s[c], 7)
