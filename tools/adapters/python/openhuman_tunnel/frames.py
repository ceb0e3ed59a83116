"""The type octet registry and the checks every receiver runs first (spec TYPE-1..5, SIZE-1).

Every binary message starts with one type octet. A receiver takes exactly one type;
the checks below run in this order, and the first failure is the error:
empty, type, too short, too large.
"""

from .errors import (
    EMPTY_FRAME,
    FRAME_TOO_LARGE,
    FRAME_TOO_SHORT,
    LEGACY_FRAME,
    UNEXPECTED_TYPE,
    UNSUPPORTED_TYPE,
    TunnelError,
)

TYPE_LEGACY = 0x01  # wire version 1: answered with "re-pair required", never parsed
TYPE_SESSION = 0x02
TYPE_HANDSHAKE = 0x03
TYPE_HANDSHAKE_ACK = 0x04
REGISTERED_TYPES = frozenset((TYPE_LEGACY, TYPE_SESSION, TYPE_HANDSHAKE, TYPE_HANDSHAKE_ACK))

MAX_FRAME_LENGTH = 49_152  # a 65,536-character base64url relay payload
NONCE_LENGTH = 24
TAG_LENGTH = 16
SESSION_OVERHEAD = 1 + NONCE_LENGTH + TAG_LENGTH  # 41
MAX_SESSION_PLAINTEXT = MAX_FRAME_LENGTH - SESSION_OVERHEAD  # 49,111
MIN_SESSION_FRAME = SESSION_OVERHEAD  # 41
MIN_HANDSHAKE_FRAME = 1 + 32 + NONCE_LENGTH + TAG_LENGTH  # 73
MIN_ACK_FRAME = 1 + NONCE_LENGTH + TAG_LENGTH  # 41


def check_shape(message: bytes, accepted_type: int, minimum_length: int) -> None:
    """Reject `message` unless it is a plausibly sized message of `accepted_type`."""
    if not message:
        raise TunnelError(EMPTY_FRAME)
    message_type = message[0]
    if message_type != accepted_type:
        if message_type == TYPE_LEGACY:
            raise TunnelError(LEGACY_FRAME)
        if message_type in REGISTERED_TYPES:
            raise TunnelError(UNEXPECTED_TYPE)
        raise TunnelError(UNSUPPORTED_TYPE)
    if len(message) < minimum_length:
        raise TunnelError(FRAME_TOO_SHORT)
    if len(message) > MAX_FRAME_LENGTH:
        raise TunnelError(FRAME_TOO_LARGE)
