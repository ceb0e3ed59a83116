"""The two transport keys of a version 3 handshake, as (device-to-core, core-to-device), for the
session it starts (V3-SESS-1: a session's keys of epoch 0 are its handshake's transport keys).

The library's pairing and reconnection objects check and answer the handshake messages, but
only the core's reconnection exposes the keys it split (`Reconnection.from_device` and
`to_device`); a pairing erases its attempt's ciphers when it commits (V3-CONFIRM-2), and the
device's reconnection keeps them private. These clients read them at the one moment they are
final and before they are erased: the core right after it answered a message 1 (the answered
attempt's keys, replaced by each newer attempt), the device right after its message 2 passed.
The reading of private members is confined to this module, so a future public accessor of the
library replaces three lines.
"""

from openhuman_tunnel.core_pairing_v3 import CorePairingV3
from openhuman_tunnel.core_reconnect_v3 import Reconnection
from openhuman_tunnel.device_pairing_v3 import DevicePairingV3
from openhuman_tunnel.device_reconnect_v3 import DeviceReconnectionV3


def core_attempt(pairing: CorePairingV3) -> tuple:
    """The keys of the core's current attempt: call right after it answered a message 1."""
    attempt = pairing._attempt
    return attempt.from_device.key, attempt.to_device.key


def core_reconnection(reconnection: Reconnection) -> tuple:
    """The keys of a committed (or pending) reconnection at the core."""
    return reconnection.from_device.key, reconnection.to_device.key


def device_pairing(pairing: DevicePairingV3) -> tuple:
    """The keys of the phone's pairing: call right after its message 2 passed (before commit)."""
    return pairing._to_core.key, pairing._from_core.key


def device_reconnection(reconnection: DeviceReconnectionV3) -> tuple:
    """The keys of the phone's reconnection once its message 2 passed."""
    return reconnection._to_core.key, reconnection._from_core.key
