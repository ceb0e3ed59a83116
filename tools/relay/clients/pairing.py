"""The whole pairing of one phone through the relay, as a user does it (chapter 8, 5.10, 5.11).

The core registers a channel and shows the payload; the phone scans it, joins the channel with
the pairing token, handshakes and shows its code; its first request commits the handshake at the
core (KEYCONF-4), which then shows its own code and delivers nothing (CONFIRM-2); the user
compares the two codes and confirms only when they are equal (CONFIRM-3, SAS-3, SAS-4).
"""

from openhuman_tunnel.errors import TunnelError

from .phone import RelayPhone
from .phone_base import PING

# The relay's default account when it runs without --accounts (loopback development only).
DEV_CORE_AUTH = {"account": "dev", "coreToken": "openhuman-dev-core-token"}
COMMIT_TIMEOUT_MS = 1000  # the committing request is never answered; it only has to reach the core


class CodesDiffer(Exception):
    """The two screens show different digits: the user rejects (CONFIRM-3 case 2)."""


class Paired:
    """One finished pairing: its channel id, the phone, and the code both screens showed."""

    def __init__(self, channel_id: str, phone: RelayPhone, code: str, unanswered: str) -> None:
        self.channel_id = channel_id
        self.phone = phone
        self.code = code
        self.unanswered = unanswered  # what happened to the committing request (request_timeout)


async def pair(core, url: str) -> Paired:
    channel_id = await core.register()
    phone = RelayPhone(url, core.pairing_payload(channel_id))
    await phone.connect()
    phone_code = await phone.handshake()
    try:
        await phone.request(PING, b"{}", COMMIT_TIMEOUT_MS)
        unanswered = "answered"
    except TunnelError as error:
        unanswered = error.code
    core_code = await core.awaiting_confirmation(channel_id)
    if core_code != phone_code:
        core.reject(channel_id)
        raise CodesDiffer("core shows %s, phone shows %s" % (core_code, phone_code))
    core.confirm(channel_id)
    return Paired(channel_id, phone, phone_code, unanswered)


def assert_ok(event) -> None:
    """The ping's answer is exactly {"ok":true} (RPC-6 step 2)."""
    payload = getattr(event, "payload", None)
    if event is None or event.kind != "response" or getattr(payload, "members", None) != [("ok", True)]:
        raise AssertionError(
            'not {"ok":true}: kind %r, payload %r, code %r'
            % (getattr(event, "kind", None), payload, getattr(event, "code", None))
        )
