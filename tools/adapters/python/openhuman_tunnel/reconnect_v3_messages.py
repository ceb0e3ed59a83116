"""The messages of a version 3 reconnection on the wire: their type octets and fixed sizes
(V3-RECON-1), and the octets each end may meet on a paired channel.

A reconnection is Noise_KKpsk2 with empty payloads, so every message has one size, known before
it is read: both ends refuse another size before any DH (`check_size`, shared with the pairing's
messages), so a wrong-sized message costs no X25519 and no token.
"""

from .pairing_v3_messages import (
    TYPE_MESSAGE_1,
    TYPE_MESSAGE_2,
    TYPE_RECORD,
    TYPE_V2_ACK,
    TYPE_V2_HANDSHAKE,
    TYPE_V2_SESSION,
)

TYPE_RECONNECT_1 = 0x13  # device to core: KKpsk2 message 1 (e, es, ss)
TYPE_RECONNECT_2 = 0x14  # core to device: KKpsk2 message 2 (e, ee, se, psk)
TYPE_CONFIRMATION = 0x15  # device to core: the first transport message of the new session

# Octet, 32-byte e, then the 16-byte tag of the empty payload.
RECONNECT_1_LENGTH = 49
RECONNECT_2_LENGTH = 49
CONFIRMATION_LENGTH = 17  # octet, then the tag of the empty plaintext

# Version 2's octets other than legacy 0x01, and version 3's: the registry the device answers
# with unexpected_type when one is not due (V3-RECON-4); every other octet is unsupported_type.
REGISTERED_TYPES = frozenset(
    (
        TYPE_V2_SESSION,
        TYPE_V2_HANDSHAKE,
        TYPE_V2_ACK,
        TYPE_MESSAGE_1,
        TYPE_MESSAGE_2,
        TYPE_RECORD,
        TYPE_RECONNECT_1,
        TYPE_RECONNECT_2,
        TYPE_CONFIRMATION,
    )
)
