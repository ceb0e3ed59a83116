"""The type octets a version 3 receiver knows, and the first checks every one of them runs
(TYPE-2 to TYPE-5, V3-CORE-1, V3-DEV-1, V3-RECON-2, V3-RECON-4).

Version 3's four receivers (the core's pairing and reconnection channels, the phone's pairing and
reconnection) each take only the octets due at the moment, but they agree on how to refuse the
others: an octet chapter 04 registers (version 2's `0x02` to `0x04`, version 3's `0x10` to
`0x16`) is `unexpected_type`, since it is a real message that came at the wrong time or to the
wrong end, and any other octet is `unsupported_type`. One registry for all four keeps a sender's
mistake answered alike wherever it lands.
"""

from typing import NoReturn

from .errors import EMPTY_FRAME, LEGACY_FRAME, UNEXPECTED_TYPE, UNSUPPORTED_TYPE, TunnelError
from .pairing_v3_messages import (
    TYPE_LEGACY,
    TYPE_MESSAGE_1,
    TYPE_MESSAGE_2,
    TYPE_RECORD,
    TYPE_V2_ACK,
    TYPE_V2_HANDSHAKE,
    TYPE_V2_SESSION,
)
from .reconnect_v3_messages import TYPE_CONFIRMATION, TYPE_RECONNECT_1, TYPE_RECONNECT_2

TYPE_SESSION_V3 = 0x16  # a session frame (chapter 14)

# Every octet but legacy 0x01, which has its own code before any of these (TYPE-3).
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
        TYPE_SESSION_V3,
    )
)


def type_octet(message: bytes) -> int:
    """The first checks of every receiver: an empty message (TYPE-2), then the legacy octet
    (TYPE-3); what is left is the octet for the receiver to route or refuse."""
    if not message:
        raise TunnelError(EMPTY_FRAME)
    if message[0] == TYPE_LEGACY:
        raise TunnelError(LEGACY_FRAME)
    return message[0]


def refuse_octet(message_type: int) -> NoReturn:
    """An octet the receiver does not take now: registered, `unexpected_type` (TYPE-4); any
    other, `unsupported_type` (TYPE-5)."""
    raise TunnelError(UNEXPECTED_TYPE if message_type in REGISTERED_TYPES else UNSUPPORTED_TYPE)
