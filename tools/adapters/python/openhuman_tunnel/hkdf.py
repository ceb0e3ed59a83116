"""HKDF with HMAC-SHA256 (RFC 5869), spec KDF-1."""

import hmac

from .errors import HKDF_OUTPUT_TOO_LONG, TunnelError

HASH_LENGTH = 32
MAX_OUTPUT_LENGTH = 255 * HASH_LENGTH  # 8160: the block counter is one octet.


def extract(salt: bytes, ikm: bytes) -> bytes:
    """PRK = HMAC-Hash(salt, IKM); an absent salt is HashLen zero octets."""
    return hmac.digest(salt or bytes(HASH_LENGTH), ikm, "sha256")


def expand(prk: bytes, info: bytes, length: int) -> bytes:
    """T(i) = HMAC-Hash(PRK, T(i-1) || info || i); OKM = first `length` octets."""
    if length > MAX_OUTPUT_LENGTH:
        raise TunnelError(HKDF_OUTPUT_TOO_LONG)
    okm = bytearray()
    block = b""
    counter = 1
    while len(okm) < length:
        block = hmac.digest(prk, block + info + bytes((counter,)), "sha256")
        okm += block
        counter += 1
    return bytes(okm[:length])


def sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """HKDF-SHA256(ikm, salt, info, length); length > 8160 -> hkdf_output_too_long."""
    if length > MAX_OUTPUT_LENGTH:
        raise TunnelError(HKDF_OUTPUT_TOO_LONG)
    return expand(extract(salt, ikm), info, length)
