"""A connection's *source address* (LAN-7, LAN-9): what the endpoint's per-source limits count by.

An IPv4 address is itself; an IPv6 address is its first 64 bits, since one host usually holds a
whole /64 and could otherwise open 2^64 sources; an IPv4-mapped IPv6 address (a dual-stack socket's
view of an IPv4 peer) is its IPv4 address, so one host is one source on either socket family.
"""

import ipaddress

_PREFIX = 64


def source_of(peer: str) -> str:
    """The source of the peer address `peer` (a socket's text form; an IPv6 zone id is ignored)."""
    address = ipaddress.ip_address(peer.split("%", 1)[0])
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, _PREFIX), strict=False))
    return str(address)
