"""The events a connection sends to the relay, read from their Socket.IO name and argument with the
schema checks of spec/schemas/signalling-events.schema.json (SIG-1) and the sender rules of SIG-2.

A `Register` and a pairing-token `ConnectWithPairingToken` leave their minted values unset: the
server draws them from its CSPRNG and the conformance adapter takes them from the request
(`minting.supply`), so the state machine itself never touches randomness.
"""

import re
from dataclasses import dataclass

from . import roles

_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")


def is_channel_id(value) -> bool:
    """A channel id: 1 to 128 base64url characters (12.1)."""
    return isinstance(value, str) and 1 <= len(value) <= 128 and _BASE64URL.fullmatch(value) is not None


def is_secret(value) -> bool:
    """A pairing token or device credential: 22 to 128 base64url characters (12.1)."""
    return isinstance(value, str) and 22 <= len(value) <= 128 and _BASE64URL.fullmatch(value) is not None


@dataclass(slots=True)
class Register:
    channel_id: str | None = None
    pairing_token: str | None = None


@dataclass(slots=True)
class ConnectCore:
    channel_id: str


@dataclass(slots=True)
class ConnectWithPairingToken:
    channel_id: str
    pairing_token: str
    new_credential: str | None = None


@dataclass(slots=True)
class ConnectWithCredential:
    channel_id: str
    credential: str


@dataclass(slots=True)
class Frame:
    channel_id: str
    payload: str


@dataclass(slots=True)
class Revoke:
    channel_id: str


@dataclass(slots=True)
class SessionLost:
    channel_id: str


class Disconnect:
    """The connection closed: not an event on the wire, but a step of the state machine (12.2)."""


class Invalid:
    """An unknown event, an event only the relay sends, or an argument outside its schema (SIG-1,
    SIG-2): answered `bad_request` without a channel id, changing nothing."""


DISCONNECT = Disconnect()
INVALID = Invalid()


def _secret_member(data: dict, name: str):
    """(present, valid) for an optional secret member: a present member must be a secret."""
    if name not in data:
        return False, True
    return True, is_secret(data[name])


def _connect(data: dict):
    channel_id = data.get("channelId")
    if not is_channel_id(channel_id):
        return INVALID
    role = data.get("role")
    if role == roles.CORE:
        return ConnectCore(channel_id)
    if role != roles.DEVICE:
        return INVALID
    has_token, token_ok = _secret_member(data, "pairingToken")
    has_credential, credential_ok = _secret_member(data, "deviceCredential")
    # Exactly one of the two, each a well-formed secret (RELAY-5's bad_request).
    if not (token_ok and credential_ok) or has_token == has_credential:
        return INVALID
    if has_token:
        return ConnectWithPairingToken(channel_id, data["pairingToken"])
    return ConnectWithCredential(channel_id, data["deviceCredential"])


def _channel_only(kind):
    def read(data: dict):
        channel_id = data.get("channelId")
        return kind(channel_id) if is_channel_id(channel_id) else INVALID

    return read


def _register(data: dict):
    return Register() if data.get("role") == roles.CORE else INVALID


def _frame(data: dict):
    channel_id, payload = data.get("channelId"), data.get("payload")
    # The payload's length is checked by the state machine (frame_too_large, RELAY-12), not here.
    if not is_channel_id(channel_id) or not isinstance(payload, str):
        return INVALID
    return Frame(channel_id, payload)


# The events an endpoint may send. Every other name, including the relay's own events
# (tunnel:connected, tunnel:error, ...), is refused as bad_request (SIG-2).
_READERS = {
    "tunnel:register": _register,
    "tunnel:connect": _connect,
    "tunnel:frame": _frame,
    "tunnel:revoke": _channel_only(Revoke),
    "tunnel:session-lost": _channel_only(SessionLost),
}


def read(name, data):
    """The inbound event `name` with argument `data` (members the schema does not name are ignored,
    SIG-1). `disconnect` is the connection's closing, used by the adapter's steps."""
    if name == "disconnect":
        return DISCONNECT
    reader = _READERS.get(name) if isinstance(name, str) else None
    if reader is None or not isinstance(data, dict):
        return INVALID
    return reader(data)
