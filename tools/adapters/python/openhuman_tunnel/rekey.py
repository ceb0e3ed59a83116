"""Key epochs of a version 3 session: which key a counter uses, and Noise's REKEY that derives the
next one (V3-REKEY-1).

Every 65,536 counters share one key; the key of the next epoch is REKEY of the current one, a
one-way function, so a key stolen from memory opens nothing sealed under an earlier epoch, and the
receiver knows from a frame's counter alone which key sealed it: no message announces a rotation.
"""

from nacl.bindings import crypto_aead_chacha20poly1305_ietf_encrypt

EPOCH_BITS = 16
EPOCH_LENGTH = 1 << EPOCH_BITS  # 65,536 counters
KEY_LENGTH = 32

# Noise section 4.2: REKEY(k) = ENCRYPT(k, maxnonce, zerolen, zeros) truncated to 32 bytes, where
# maxnonce is 2^64 - 1; ChaChaPoly's nonce is 32 zero bits, then the 64-bit nonce little-endian.
_MAX_NONCE = bytes(4) + b"\xff" * 8
_ZEROS = bytes(KEY_LENGTH)


def epoch(counter: int) -> int:
    """The epoch of `counter`: counter / 65,536, rounded down."""
    return counter >> EPOCH_BITS


def first_counter(epoch_number: int) -> int:
    """The first counter of an epoch, a multiple of 65,536."""
    return epoch_number << EPOCH_BITS


def rekey(key: bytes) -> bytes:
    """The next epoch's key: the first 32 bytes of ChaCha20-Poly1305-IETF under `key` of 32 zero
    bytes, nonce 0x00000000 || 0xffffffffffffffff, empty associated data (the tag is dropped)."""
    return crypto_aead_chacha20poly1305_ietf_encrypt(_ZEROS, b"", _MAX_NONCE, key)[:KEY_LENGTH]


def advance(key: bytes, epochs: int) -> bytes:
    """The key `epochs` epochs after `key`'s own (each step one ChaCha20 block)."""
    for _ in range(epochs):
        key = rekey(key)
    return key
