"""What the four channel operations of version 3 share (kit ADP-133): the `send` step, the
optional clock of the phone's steps, and the `delivered` member of a `receive` step whose session
frame the channel's session accepted.

A channel answers the application's messages, so its result says what reached the application:
the message a frame completed, or nothing yet for a fragment kept. Only a session frame gets the
member, so a handshake message's result stays as ADP-54, ADP-69, ADP-128 and ADP-129 give it.
"""

from openhuman_tunnel.session_v3_frames import TYPE_SESSION_V3

from .request_input import safe_integer, sent_message


def send_step(body: dict) -> tuple[bytes, int]:
    """`{"message": hex, "now": t}`: the message, at most 1 MiB, and the clock the session seals
    at."""
    return sent_message(body), safe_integer(body, "now")


def optional_now(body: dict) -> int:
    """The phone's `now` on `receive` and `match`, 0 when absent: it only dates a session's first
    epoch, and the vectors without a session frame need no clock."""
    return safe_integer(body, "now") if "now" in body else 0


def _received(message: bytes, delivered: bytes | None) -> dict:
    """A `receive` step's own members: for a session frame the channel accepted, `delivered` is
    the message it completed, or empty for a fragment kept; nothing for any other message."""
    if message[0] != TYPE_SESSION_V3:
        return {}
    return {"delivered": [] if delivered is None else [delivered.hex()]}


def channel_step(channel):
    """The function that runs one step read as `(kind, arguments)` on `channel`: the channel's
    method of that name (receive, send, and the users' answers), its refusal the step's error;
    a receive step's result gets `_received`'s members."""

    def apply(step) -> dict:
        kind, arguments = step
        delivered = getattr(channel, kind)(*arguments)
        return _received(arguments[0], delivered) if kind == "receive" else {}

    return apply
