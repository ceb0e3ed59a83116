"""The Python relay state machine against the Swift reference relay on random step sequences:
beyond the 35 relay vectors, every event of every step must be the same, in the same order.

Each sequence mixes registrations, core and device connects (right, wrong, foreign and reused
tokens and credentials), frames at and over the size limit and in bursts past the rate limit,
revocations, session-lost signals, disconnections, malformed and relay-only events, with the clock
jumping across the pairing deadline. The seed is fixed, so a failure names a sequence that
reproduces. Needs the reference adapter (`swift build`, which tools/test runs first).

Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import json
import os
import random
import subprocess
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
REFERENCE = os.path.join(ROOT, ".build", "debug", "reference-adapter")
PYTHON_RELAY = os.path.join(ROOT, "tools", "relay", "relay-adapter")

SEQUENCES = 300
SEED = 13
START = 1_790_000_000
CORES = {"core-a": "alice", "core-a2": "alice", "core-b": "bob"}
DEVICES = ["phone-1", "phone-2", "phone-3"]


def secret(prefix: str, number: int) -> str:
    return f"{prefix}{number:024d}"


class Sequence:
    """One random run of steps, tracking only what it minted (never what the relay answered), so
    the sequence is the same input for both relays."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.now = START
        self.steps = []
        self.channels = []  # (channel id, pairing token) as minted
        self.credentials = []
        self.minted = 0

    def mint(self, prefix: str) -> str:
        self.minted += 1
        return secret(prefix, self.minted)

    def channel(self) -> str:
        if self.channels and self.rng.random() < 0.9:
            return self.rng.choice(self.channels)[0]
        return "chUnknown"

    def token(self, channel_id: str) -> str:
        own = [token for channel, token in self.channels if channel == channel_id]
        choice = self.rng.random()
        if own and choice < 0.7:
            return own[0]
        if self.channels and choice < 0.85:
            return self.rng.choice(self.channels)[1]
        return secret("ptWrong", self.rng.randrange(3))

    def add(self, connection: str, event: str, data=None, mint=None):
        step = {"connection": connection, "event": event, "now": self.now}
        if connection in CORES:
            step["account"] = CORES[connection]
        if data is not None:
            step["data"] = data
        if mint is not None:
            step["mint"] = mint
        self.steps.append(step)

    def anyone(self) -> str:
        return self.rng.choice(list(CORES) + DEVICES)

    def one_step(self):
        rng = self.rng
        kind = rng.choices(
            [
                "register",
                "core",
                "token",
                "credential",
                "frame",
                "burst",
                "revoke",
                "lost",
                "disconnect",
                "invalid",
                "tick",
            ],
            weights=[3, 4, 4, 3, 8, 1, 1, 1, 2, 1, 2],
        )[0]
        if kind == "register":
            channel_id, token = self.mint("ch"), self.mint("pt")
            self.channels.append((channel_id, token))
            self.add(
                rng.choice(list(CORES) + DEVICES[:1]),
                "tunnel:register",
                {"role": "core"},
                {"channelId": channel_id, "pairingToken": token},
            )
        elif kind == "core":
            self.add(rng.choice(list(CORES)), "tunnel:connect", {"channelId": self.channel(), "role": "core"})
        elif kind == "token":
            channel_id = self.channel()
            credential = self.mint("dc")
            self.credentials.append(credential)
            self.add(
                rng.choice(DEVICES + ["core-a"]),
                "tunnel:connect",
                {"channelId": channel_id, "role": "client", "pairingToken": self.token(channel_id)},
                {"deviceCredential": credential},
            )
        elif kind == "credential":
            credential = rng.choice(self.credentials) if self.credentials else secret("dcWrong", 0)
            self.add(
                rng.choice(DEVICES),
                "tunnel:connect",
                {"channelId": self.channel(), "role": "client", "deviceCredential": credential},
            )
        elif kind == "frame":
            length = rng.choice([0, 4, 100, 65_536, 65_537])
            self.add(self.anyone(), "tunnel:frame", {"channelId": self.channel(), "payload": "A" * length})
        elif kind == "burst":
            connection, channel_id = self.anyone(), self.channel()
            for _ in range(rng.choice([99, 100, 101, 102])):
                self.add(connection, "tunnel:frame", {"channelId": channel_id, "payload": "Bw"})
        elif kind == "revoke":
            self.add(self.anyone(), "tunnel:revoke", {"channelId": self.channel()})
        elif kind == "lost":
            self.add(self.anyone(), "tunnel:session-lost", {"channelId": self.channel()})
        elif kind == "disconnect":
            self.add(self.anyone(), "disconnect")
        elif kind == "invalid":
            self.add(
                self.anyone(),
                rng.choice(["tunnel:connected", "tunnel:error", "tunnel:nope", "tunnel:frame", "tunnel:connect"]),
                rng.choice([{}, {"channelId": "a+b"}, {"channelId": "c", "role": "client"}, {"payload": "x"}]),
            )
        else:
            self.now += rng.choice([1, 1, 1, 300, 598, 599, 600, 601])

    def build(self, length: int) -> list:
        while len(self.steps) < length:
            self.one_step()
        return self.steps


class Adapter:
    def __init__(self, command: str):
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        self.next_id = 0
        self.call("hello", {"protocol": 1})

    def call(self, op: str, inp: dict) -> dict:
        self.next_id += 1
        self.process.stdin.write(json.dumps({"id": self.next_id, "op": op, "input": inp}) + "\n")
        self.process.stdin.flush()
        response = json.loads(self.process.stdout.readline())
        assert response["id"] == self.next_id, response
        return response

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()


class DifferentialTests(unittest.TestCase):
    def setUp(self):
        if not os.access(REFERENCE, os.X_OK):
            self.skipTest(f"{REFERENCE} is not built: run swift build (tools/test does, before this)")
        self.reference, self.python = Adapter(REFERENCE), Adapter(PYTHON_RELAY)
        self.addCleanup(self.reference.close)
        self.addCleanup(self.python.close)

    def test_random_sequences_give_the_reference_relays_events(self):
        rng = random.Random(SEED)
        kinds = set()
        for number in range(SEQUENCES):
            steps = Sequence(rng).build(rng.randrange(5, 60))
            expected = self.reference.call("relay", {"steps": steps})
            self.assertTrue(expected["ok"], f"sequence {number}: the reference refused it: {expected}")
            actual = self.python.call("relay", {"steps": steps})
            if actual != expected:
                for index, (mine, theirs) in enumerate(
                    zip(actual["output"]["steps"], expected["output"]["steps"], strict=False)
                ):
                    if mine != theirs:
                        self.fail(
                            f"sequence {number} (seed {SEED}), step {index}: {json.dumps(steps[index])[:300]}\n"
                            f"python:    {json.dumps(mine)[:600]}\nreference: {json.dumps(theirs)[:600]}"
                        )
                self.fail(f"sequence {number}: {actual} != {expected}")
            for result in expected["output"]["steps"]:
                kinds.update(
                    emission["data"].get("code", emission["event"])
                    if emission["event"] == "tunnel:error"
                    else emission["event"]
                    for emission in result["emit"]
                )
        # The sequences reached every kind of outcome, so agreeing on them means something.
        self.assertLessEqual(
            {
                "ack",
                "tunnel:connected",
                "tunnel:frame",
                "tunnel:peer-status",
                "tunnel:evicted",
                "tunnel:revoked",
                "tunnel:session-lost",
                "bad_request",
                "not_channel_owner",
                "unknown_channel",
                "channel_revoked",
                "bad_credential",
                "pairing_token_used",
                "pairing_token_expired",
                "already_joined",
                "not_joined",
                "frame_too_large",
                "rate_limited",
                "peer_offline",
            },
            kinds,
        )


if __name__ == "__main__":
    unittest.main()
