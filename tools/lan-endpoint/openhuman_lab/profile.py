"""What the reference device keeps of its pairing across a restart (TRANS-10): the channel id, the
core's key, the `rpc` URL as scanned, the relay's device credential, its static key and the
reconnection psk (the last two in a key store on a real phone).

Nothing else survives: no session, no handshake in progress, no pending request, no carrier, and
nothing of the selection. The lab restarts its phone by building a new device from this profile
alone, so the first probe after the restart must run a reconnection (TRANS-5 item 2).
"""

import dataclasses

from clients.clock import unix_seconds
from openhuman_tunnel import qr_v3


@dataclasses.dataclass(frozen=True)
class DeviceProfile:
    channel_id: str
    core_public: bytes
    rpc: str | None
    credential: str
    device_static: bytes
    reconnect_psk: bytes

    @property
    def cid(self) -> bytes:
        """The prologue's bytes (V3-PRO-1)."""
        return self.channel_id.encode("ascii")

    @classmethod
    def of(cls, phone, payload: str) -> "DeviceProfile":
        """The profile of `phone` (clients/phone_v3.py's RelayPhoneV3), once paired from `payload`."""
        if phone.reconnect_psk is None or phone.credential is None:
            raise ValueError("the phone is not paired")
        return cls(
            phone.channel_id,
            phone.core_public,
            qr_v3.parse(payload, unix_seconds()).rpc,
            phone.credential,
            phone.device_static,
            phone.reconnect_psk,
        )
