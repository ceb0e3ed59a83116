"""Where the values the relay mints come from (RELAY-3): its CSPRNG in the server, the request's
`mint` member in the conformance adapter (ADP-70). Either way they are inputs of the state
machine, filled into an inbound event before it runs."""

import secrets

from .inbound import ConnectWithPairingToken, Register, is_channel_id, is_secret


class MintMissing(Exception):
    """The adapter's step lacks a value the event needs, or has a malformed one (a shape error of
    the request, ADP-70)."""


class RandomMinter:
    """128 bits from `secrets` for every value: channel ids as well as tokens, so a channel id is
    no more guessable than a token (RELAY-3). `token_urlsafe(16)` is 22 base64url characters."""

    def channel_id(self) -> str:
        return secrets.token_urlsafe(16)

    def pairing_token(self) -> str:
        return secrets.token_urlsafe(16)

    def device_credential(self) -> str:
        return secrets.token_urlsafe(16)


class GivenMinter:
    """The values of one adapter step's `mint` object, each checked for its form."""

    def __init__(self, mint):
        if mint is not None and not isinstance(mint, dict):
            raise MintMissing("mint: expected an object")
        self._mint = mint or {}

    def _take(self, name: str, valid) -> str:
        value = self._mint.get(name)
        if not valid(value):
            raise MintMissing(f"mint.{name}: missing or malformed")
        return value

    def channel_id(self) -> str:
        return self._take("channelId", is_channel_id)

    def pairing_token(self) -> str:
        return self._take("pairingToken", is_secret)

    def device_credential(self) -> str:
        return self._take("deviceCredential", is_secret)


def supply(event, minter):
    """`event` with the values it needs minted: a registration's channel id and pairing token, a
    pairing-token connect's new credential (minted whether or not the relay accepts it)."""
    if isinstance(event, Register):
        event.channel_id, event.pairing_token = minter.channel_id(), minter.pairing_token()
    elif isinstance(event, ConnectWithPairingToken):
        event.new_credential = minter.device_credential()
    return event
