"""The relay's optional trace (openhuman_relay/trace.py): the verifier's header, one record per
event with the argument as sent, and times that never decrease.

Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from openhuman_relay.trace import TraceWriter


class TraceTests(unittest.TestCase):
    def test_records_follow_the_header_and_time_never_decreases(self):
        times = iter([1_790_000_000.5, 1_790_000_001.0, 1_789_999_999.0, 1_790_000_002.0])
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "relay.trace.jsonl")
            trace = TraceWriter(path, lambda: next(times))
            trace.record("device", "relay", "tunnel:frame", {"channelId": "chA", "payload": "AAAA"})
            trace.record("relay", "core", "tunnel:frame", {"channelId": "chA", "payload": "AAAA"})
            trace.record("core", "relay", "tunnel:nope", {"text": "\ud800"})  # a lone surrogate a client sent
            trace.record("core", "relay", "tunnel:frame", {"payload": b"\x00\x01"})  # a binary attachment
            trace.close()
            with open(path, encoding="utf-8") as file:
                lines = [json.loads(line) for line in file]
        self.assertEqual(lines[0], {"trace": "openhuman-tunnel", "version": 1})
        self.assertEqual(
            lines[1],
            {
                "time": 1_790_000_000_500,
                "event": "tunnel:frame",
                "from": "device",
                "to": "relay",
                "data": {"channelId": "chA", "payload": "AAAA"},
            },
        )
        self.assertEqual(
            [line["time"] for line in lines[1:]],
            [1_790_000_000_500, 1_790_000_001_000, 1_790_000_001_000, 1_790_000_002_000],
        )
        self.assertEqual(lines[3]["data"], {"text": "\ud800"})
        self.assertEqual(lines[4]["data"], {"payload": {"binary": 2}})


if __name__ == "__main__":
    unittest.main()
