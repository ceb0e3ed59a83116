"""One core key per channel (spec CHAN-KEY-1, CHAN-KEY-2).

The channel id is in no key and no AAD: only a core key that no other channel uses binds a
handshake to its channel. Two channels sharing a key would let the relay move a device from
one to the other, and the core could not tell which channel the device believes it is on.
"""

from collections import Counter

from .errors import DUPLICATE_CORE_KEY, TunnelError


def check_candidate(keys: list, candidate: bytes) -> None:
    """CHAN-KEY-1: a new channel must not reuse any held channel's key, in any state."""
    if candidate in keys:
        raise TunnelError(DUPLICATE_CORE_KEY)


def shared(keys: list) -> list:
    """CHAN-KEY-2: for each channel, whether another channel has the same key (revoke all of them)."""
    counts = Counter(keys)
    return [counts[key] > 1 for key in keys]
