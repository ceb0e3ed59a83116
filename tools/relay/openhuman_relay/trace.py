"""An optional capture of what crosses this relay process, in the trace format of the kit's
verifier (JSON Lines: a header, then one record per event with `time` in Unix milliseconds,
`event`, `from`, `to` and `data` exactly as sent). Written only when `--trace FILE` is given,
never by default: a trace holds every payload, pairing token and device credential that crossed
the relay, so with a key log it decrypts the sessions it covers and without one it still lets its
reader pair or reconnect as a device.

A relay capture records what the relay received (`from` the endpoint, `to` "relay") and what it
sent to its own connections (`from` "relay"); with several relay processes each trace covers the
connections of its own process.
"""

import json

HEADER = {"trace": "openhuman-tunnel", "version": 1}


class TraceWriter:
    def __init__(self, path: str, clock):
        self._file = open(path, "w", encoding="utf-8")
        self._clock = clock
        self._last = 0
        self._write(HEADER)

    def _write(self, value):
        # ASCII escapes: a lone surrogate a client sent is written as its escape, never fails.
        self._file.write(json.dumps(value, separators=(",", ":"), default=_not_json) + "\n")
        self._file.flush()

    def record(self, sender: str, receiver: str, event: str, data):
        # Non-decreasing, as the format requires, even if the wall clock steps back.
        self._last = max(self._last, int(self._clock() * 1000))
        self._write({"time": self._last, "event": event, "from": sender, "to": receiver, "data": data})

    def close(self):
        self._file.close()


def _not_json(value):
    """A Socket.IO binary attachment has no JSON form: recorded as its kind and length."""
    if isinstance(value, (bytes, bytearray)):
        return {"binary": len(value)}
    return repr(type(value).__name__)
