"""The version 3 session frame 0x16 on the wire, and the checks a receiver runs on it before it
looks at the counter (V3-FRAME-1, V3-FRAME-2 steps 1 and 2).

    0x16 || uint64_le(counter) || ChaCha20-Poly1305(k, 0x00000000 || uint64_le(counter), padded,
                                                    ad = 0x16 || uint64_le(counter))

The type octet and the counter are the associated data, so a relay that rewrites either makes the
tag fail; the nonce is Noise's for the counter, so this is Noise's EncryptWithAd on a CipherState
whose nonce was set to the counter, and any Noise library can check it.
"""

from .errors import BAD_PADDING, FRAME_TOO_LARGE, FRAME_TOO_SHORT, TunnelError
from .session_v3_padding import BUCKET_SET, BUCKETS
from .type_octets_v3 import TYPE_SESSION_V3, refuse_octet, type_octet

COUNTER_LENGTH = 8
HEADER_LENGTH = 1 + COUNTER_LENGTH  # the associated data
TAG_LENGTH = 16
OVERHEAD = HEADER_LENGTH + TAG_LENGTH  # 25
MIN_FRAME = BUCKETS[0] + OVERHEAD  # 57
MAX_FRAME = BUCKETS[-1] + OVERHEAD  # 49,152 (SIZE-1)
MAX_COUNTER = (1 << 64) - 1  # Noise's reserved nonce: never sealed, never opened

NONCE_PREFIX = bytes(4)  # a frame's nonce is these, then its 8 counter bytes
_TYPE_OCTET = bytes((TYPE_SESSION_V3,))


def header(counter: int) -> bytes:
    """The frame's first 9 bytes: the type octet and the counter, little-endian."""
    return _TYPE_OCTET + counter.to_bytes(COUNTER_LENGTH, "little")


def nonce(frame_header: bytes) -> bytes:
    """ChaChaPoly's nonce for a frame: four zero bytes, then the 8 counter bytes exactly as they
    stand in the frame."""
    return NONCE_PREFIX + frame_header[1:HEADER_LENGTH]


def check_shape(frame: bytes) -> None:
    """V3-FRAME-2 steps 1 and 2, which cost nothing and touch no state: empty, the type octet
    (version 2's and version 3's other octets are unexpected_type), too short, too large, and a
    length that no bucket gives (bad_padding before any counter or key, V3-PAD-2)."""
    message_type = type_octet(frame)
    if message_type != TYPE_SESSION_V3:
        refuse_octet(message_type)
    length = len(frame)
    if length < MIN_FRAME:
        raise TunnelError(FRAME_TOO_SHORT)
    if length > MAX_FRAME:
        raise TunnelError(FRAME_TOO_LARGE)
    if length - OVERHEAD not in BUCKET_SET:
        raise TunnelError(BAD_PADDING)
