"""The events one step makes the relay send, in order, each addressed to one connection as
(connection id, event name, argument). The ack of `tunnel:register` has the event name `ack`."""

from . import error_codes

ACK = "ack"


class Outcome:
    __slots__ = ("connection", "emissions")

    def __init__(self, connection: str):
        self.connection = connection
        self.emissions = []

    def send(self, target: str, event: str, data: dict):
        self.emissions.append((target, event, data))

    def refuse(self, code: str, channel_id=None):
        """A refusal goes to the refused connection alone (RELAY-17); a `bad_request` names no
        channel (12.6)."""
        data = {"code": code}
        if channel_id is not None and code != error_codes.BAD_REQUEST:
            data["channelId"] = channel_id
        self.send(self.connection, "tunnel:error", data)
