"""The messages of a version 3 pairing on the wire: their type octets and fixed sizes (V3-MSG-1).

Both ends read them, the core message 1 and records, the device message 2 and records, and both
refuse a message of the wrong size before any DH: every size is fixed, so a size check costs
nothing and tells the sender nothing the relay does not already see.
"""

from .errors import FRAME_TOO_LARGE, FRAME_TOO_SHORT, TunnelError

TYPE_LEGACY = 0x01
TYPE_V2_SESSION = 0x02
TYPE_V2_HANDSHAKE = 0x03
TYPE_V2_ACK = 0x04
TYPE_MESSAGE_1 = 0x10
TYPE_MESSAGE_2 = 0x11
TYPE_RECORD = 0x12

NONCE_LENGTH = 32  # N_D and N_C (13.4)
MESSAGE_1_LENGTH = 129  # octet, IKpsk1 message 1 with the 32-byte commitment
MESSAGE_2_LENGTH = 81  # octet, IKpsk1 message 2 with the 32-byte N_C
RECORD_LENGTH = 49  # octet, 32-byte plaintext and its tag


def check_size(message: bytes, length: int) -> None:
    """V3-MSG-1: every message has one size, checked before any DH."""
    if len(message) < length:
        raise TunnelError(FRAME_TOO_SHORT)
    if len(message) > length:
        raise TunnelError(FRAME_TOO_LARGE)
