"""The version 3 phone with a LAN carrier beside its relay connection, for the end-to-end tests.

It is tools/relay/clients/phone_v3.py's phone (pairing over the relay, reconnections, sessions,
requests) with what a phone of chapter 15 adds, as far as these tests need it:
- the LAN carrier at the payload's `rpc` URL as written (LAN-3): the subprotocol, the hello, no
  credential; frames from it go to the same pairing state as the relay's (TRANS-1);
- the path in use, chosen by the test (`use`): every message goes there (TRANS-7);
- `resend`: a pending request sent again on the path in use, same requestId, method and params
  (TRANS-7 item 1, ENV-5); a `duplicate_request_id` for a request sent more than once does not
  complete it (TRANS-8);
- `answers`: every answer envelope received, with the carrier that brought it.
"""

from clients.clock import unix_seconds
from clients.phone_v3 import RelayPhoneV3
from openhuman_lab.lan_client import LanClient
from openhuman_tunnel import envelope, qr_v3

LAN, RELAY = "lan", "relay"


class LanPhone(RelayPhoneV3):
    def __init__(self, relay_url: str, payload_text: str) -> None:
        super().__init__(relay_url, payload_text)
        self.rpc = qr_v3.parse(payload_text, unix_seconds()).rpc
        self.lan: LanClient | None = None
        self.path = RELAY
        self.answers = []  # (requestId, kind, error code or None, carrier)
        self._resent = set()
        self._arriving = None  # the carrier of the frame being read

    async def open_lan(self, source: str = "127.0.0.1") -> LanClient:
        """LAN-3 and LAN-4's hello, on a new connection (a previous one is closed first); the phone
        goes on sending on its path until `use(LAN)`."""
        await self.close_lan()
        self.lan = await LanClient.open(self.rpc, self.channel_id, source=source, on_message=self._from_lan)
        return self.lan

    async def close_lan(self) -> None:
        if self.lan is not None:
            await self.lan.close()

    def use(self, path: str) -> None:
        self.path = path

    async def resend(self, request_id: str, method: str, params: bytes) -> None:
        self._resent.add(request_id)
        message = envelope.encode_request(request_id, method, params, False)
        await self._send_all(self.session.send(message, unix_seconds()))

    async def _send(self, frame: bytes) -> None:
        if self.path == LAN:
            await self.lan.send(frame)
        else:
            await super()._send(frame)

    # What arrives: the carrier is noted before the frame is read. A session frame is read without
    # an await up to _deliver, so no frame of the other carrier can come in between.

    async def _frame(self, channel_id, payload) -> None:
        self._arriving = RELAY
        await super()._frame(channel_id, payload)

    async def _from_lan(self, frame: bytes) -> None:
        self._arriving = LAN
        await self.receive(frame)

    def _deliver(self, message: bytes) -> None:
        answer = envelope.parse(message, "device")
        self.answers.append((answer.request_id, answer.kind, answer.code, self._arriving))
        if (
            answer.kind == envelope.ERROR
            and answer.code == envelope.DUPLICATE_REQUEST_ID
            and answer.request_id in self._resent
        ):
            return  # TRANS-8: the request stays pending for its own answer
        super()._deliver(message)
