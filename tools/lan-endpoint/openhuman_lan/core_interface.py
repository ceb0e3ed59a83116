"""What the endpoint needs of a core: the plug between the LAN carrier and any core.

The reference version 3 core (tools/relay/clients/core_v3.py) implements it, and so do the tests'
stubs; another core plugs in by these two methods. The endpoint owns no channel state: whether a
channel is paired, every check of a message, the sessions and the answers are the core's, one
state per channel whatever carrier brought a message (TRANS-1). The core's host tells the
endpoint when a channel leaves `paired` (LanEndpoint.channel_left, LAN-10).
"""

from typing import Protocol

from .connection import LanConnection


class LanCore(Protocol):
    def is_paired(self, channel_id: str) -> bool:
        """LAN-5: whether `channel_id` is, byte for byte, the id of a channel of this core that is
        `paired` (CHAN-1; a version 3 channel once V3-CONFIRM-2 committed it)."""

    async def receive_lan(self, channel_id: str, message: bytes, connection: LanConnection) -> None:
        """LAN-6: one binary message of `connection`, for its hello's channel, in arrival order.

        The core checks it as it checks a relay frame (TRANS-1), takes a handshake's token from its
        LAN bucket (LAN-8), and sends what it owes on the connections TRANS-3 picks. The endpoint
        awaits this before it reads the connection's next message, so the core must return
        without waiting for an application method."""
