"""The values and the paths of the phone's selection of a path (spec 15.5.1).

Times are milliseconds on the device's monotonic clock. Paths are ordered by preference: `lan`,
then `relay`, then `cloud`; `lan` and `relay` are the tunnel paths (the carriers, 15.1).
"""

LAN = "lan"
RELAY = "relay"
CLOUD = "cloud"

PATHS = (LAN, RELAY, CLOUD)  # most preferred first
TUNNEL_PATHS = (LAN, RELAY)

DEADLINE = {LAN: 2_000, RELAY: 10_000, CLOUD: 5_000}  # deadline(p): a check's connect and probe
BASE = 10_000  # the first delay of a background check or retry, and the delay between promotion checks
CAP = 300_000  # the largest delay of a background check or retry
PROMOTION = 3  # consecutive healthy LAN checks that move the device from the relay to the LAN
KEEPALIVE_INTERVAL = 25_000  # the interval of the probe of the path in use
IDLE_TIMEOUT = 300_000  # no activity for this long closes every carrier


def preference(path: str) -> int:
    """The path's rank: 0 for the most preferred."""
    return PATHS.index(path)


def more_preferred(path: str, than: str) -> bool:
    return preference(path) < preference(than)


def doubled(delay: int) -> int:
    """The next delay after a failure: twice this one, at most `cap` (SELECT-2 steps 3 and 5)."""
    return min(2 * delay, CAP)
