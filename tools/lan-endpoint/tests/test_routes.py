"""TRANS-3 on its own: where the core sends each message among its carrier connections
(tools/relay/clients/carriers.py's Routes), with connections that are only open or closed.
pyenv python3.
"""

import unittest

import lan_case  # noqa: F401  (the import paths of the clients)

from clients.carriers import Routes


class Connection:
    def __init__(self, name: str) -> None:
        self.name = name
        self.is_open = True

    def __repr__(self) -> str:
        return self.name


HANDSHAKE_ANSWER = [bytes((0x14,)) + bytes(48)]
PAIRING_RECORD = [bytes((0x12,)) + bytes(40)]


class RoutesTests(unittest.TestCase):
    def setUp(self) -> None:
        self.relay, self.lan = Connection("relay"), Connection("lan")
        self.routes = Routes()

    def test_a_handshakes_answer_goes_where_the_handshake_came_from_not_to_the_latest_message(self):
        self.routes.accepted(self.lan)
        self.assertIs(self.routes.for_reply(HANDSHAKE_ANSWER, self.relay), self.relay)  # item 1

    def test_a_handshakes_answer_whose_connection_closed_goes_to_the_latest_messages_if_open(self):
        self.routes.accepted(self.lan)
        self.relay.is_open = False
        self.assertIs(self.routes.for_reply(HANDSHAKE_ANSWER, self.relay), self.lan)  # item 3
        self.lan.is_open = False
        self.assertIsNone(self.routes.for_reply(HANDSHAKE_ANSWER, self.relay))  # item 4: dropped

    def test_a_message_that_answers_no_handshake_goes_to_the_latest_messages_connection(self):
        self.routes.accepted(self.relay)
        self.routes.accepted(self.lan)
        self.assertIs(self.routes.for_reply(PAIRING_RECORD, self.relay), self.lan)
        self.assertIs(self.routes.for_other(), self.lan)

    def test_a_requests_answer_follows_its_latest_copy_not_the_latest_message(self):
        self.routes.carried("r1", self.lan)
        self.routes.dispatched("r1")
        self.routes.accepted(self.lan)
        self.routes.carried("r1", self.relay)  # the resend, a duplicate to RPC-2
        self.routes.accepted(self.relay)
        self.routes.answered("r1")  # its duplicate_request_id went out: the method still runs
        self.routes.accepted(self.lan)  # a later message of another request, on the LAN
        self.assertIs(self.routes.for_request("r1"), self.relay)  # item 2

    def test_a_requests_entry_goes_once_its_methods_answer_is_sent(self):
        self.routes.accepted(self.lan)
        self.routes.carried("r1", self.relay)
        self.routes.dispatched("r1")
        self.routes.answered("r1", finished=True)
        self.assertIs(self.routes.for_request("r1"), self.lan)  # no entry: the latest message's

    def test_nothing_is_sent_before_any_message_was_accepted(self):
        self.assertIsNone(self.routes.for_other())
        self.assertIsNone(self.routes.for_request("r1"))
