"""What the relay keeps (12.3): one record per channel and one per connection, and their stored
form for a shared store (JSON, digests in hex); besides, per account, the list of its channel ids
that may still be pending (RELAY-20), kept by the stores as a JSON list. Nothing else is kept: no payload, no token or
credential in the clear, no account secret."""

import json
from dataclasses import dataclass, field

from . import roles


@dataclass(slots=True)
class Channel:
    owner: str
    # SHA-256 of the pairing token (RELAY-3); None once revoked. A used token's digest is kept
    # until revocation only to tell `pairing_token_used` from `bad_credential` (RELAY-5).
    pairing_digest: bytes | None
    # The last second at which the pairing token is accepted (RELAY-2).
    deadline: int
    pairing_used: bool = False
    # SHA-256 of the device credential; None until pairing and after revocation.
    credential_digest: bytes | None = None
    # role -> connection id of the joined connection of that role (RELAY-8: at most one each).
    members: dict = field(default_factory=dict)
    revoked: bool = False

    def to_json(self) -> str:
        return json.dumps(
            {
                "owner": self.owner,
                "deadline": self.deadline,
                "used": self.pairing_used,
                "revoked": self.revoked,
                "members": self.members,
                "pairing": _hex(self.pairing_digest),
                "credential": _hex(self.credential_digest),
            },
            separators=(",", ":"),
        )

    @staticmethod
    def from_json(text) -> "Channel":
        value = json.loads(text)
        return Channel(
            owner=value["owner"],
            pairing_digest=_bytes(value["pairing"]),
            deadline=value["deadline"],
            pairing_used=value["used"],
            credential_digest=_bytes(value["credential"]),
            members=value["members"],
            revoked=value["revoked"],
        )


@dataclass(slots=True)
class Connection:
    # channel id -> role this connection joined it in.
    joined: dict = field(default_factory=dict)
    # channel id -> [second, frames accepted in that second] (RELAY-13).
    rate: dict = field(default_factory=dict)

    @property
    def is_device(self) -> bool:
        """Joined some channel as a device, which bars it from any other channel (RELAY-8)."""
        return roles.DEVICE in self.joined.values()

    def to_json(self) -> str:
        return json.dumps({"joined": self.joined, "rate": self.rate}, separators=(",", ":"))

    @staticmethod
    def from_json(text) -> "Connection":
        value = json.loads(text)
        return Connection(joined=value["joined"], rate=value["rate"])


def _hex(data: bytes | None):
    return None if data is None else data.hex()


def _bytes(text: str | None):
    return None if text is None else bytes.fromhex(text)
