"""The padding of a version 3 session frame's content to one of twelve sizes (V3-PAD-1, V3-PAD-2).

The relay sees every frame's length; padding to a few buckets shows it a size class instead of the
exact length of the plaintext (F-16). The content's length travels in front of it, so the receiver
needs no marker and can accept a larger bucket than the smallest.
"""

from .errors import BAD_PADDING, PLAINTEXT_TOO_LARGE, TunnelError

LENGTH_FIELD = 2  # uint16_be(n) in front of the content
# Padded sizes, smallest first; the last one makes a frame of exactly 49,152 bytes (SIZE-1).
BUCKETS = (32, 64, 128, 256, 512, 1_024, 2_048, 4_096, 8_192, 16_384, 32_768, 49_127)
BUCKET_SET = frozenset(BUCKETS)
MAX_CONTENT = BUCKETS[-1] - LENGTH_FIELD  # 49,125: one version 2 envelope plaintext


def bucket_for(content_length: int) -> int:
    """The smallest bucket that holds `content_length` bytes and their length field."""
    needed = content_length + LENGTH_FIELD
    for bucket in BUCKETS:
        if needed <= bucket:
            return bucket
    raise TunnelError(PLAINTEXT_TOO_LARGE)


def pad(content: bytes) -> bytes:
    """`uint16_be(n) || content || zeros` to the smallest bucket (V3-PAD-1); more than 49,125
    bytes is plaintext_too_large."""
    bucket = bucket_for(len(content))
    return len(content).to_bytes(LENGTH_FIELD, "big") + content + bytes(bucket - LENGTH_FIELD - len(content))


def unpad(padded: bytes) -> bytes:
    """The content of an opened, authenticated plaintext (V3-PAD-2): its length field must fit and
    every byte after the content must be zero, whatever bucket the sender chose.

    `padded` is always a bucket's length here: the frame's length was checked before any key was
    touched (V3-FRAME-2 step 2).
    """
    length = int.from_bytes(padded[:LENGTH_FIELD], "big")
    end = LENGTH_FIELD + length
    # rstrip leaves the zeros of the content alone only if a nonzero byte follows them, so the
    # tail is all zeros exactly when what rstrip leaves ends at or before the content's end.
    if end > len(padded) or len(padded.rstrip(b"\x00")) > end:
        raise TunnelError(BAD_PADDING)
    return padded[LENGTH_FIELD:end]
