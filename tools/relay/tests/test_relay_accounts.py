"""Core authentication of the reference relay (openhuman_relay/accounts.py): the Socket.IO auth
object gives a connection its account, or none for a device, or refuses it.

Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from openhuman_relay.accounts import (
    DEV_ACCOUNT,
    DEV_CORE_TOKEN,
    Accounts,
    AccountsFileError,
    Unauthorized,
    token_digest,
)


def accounts_file(value) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        json.dump(value, file)
    return file.name


class AccountsTests(unittest.TestCase):
    def setUp(self):
        path = accounts_file({"alice": token_digest("alice-token"), "bob": token_digest("bob-token")})
        self.addCleanup(os.unlink, path)
        self.accounts = Accounts.load(path)

    def test_a_core_proves_its_account_with_its_token(self):
        self.assertEqual(self.accounts.authenticate({"account": "alice", "coreToken": "alice-token"}), "alice")
        self.assertEqual(self.accounts.authenticate({"account": "bob", "coreToken": "bob-token"}), "bob")

    def test_another_accounts_token_or_a_wrong_one_is_refused(self):
        for auth in (
            {"account": "alice", "coreToken": "bob-token"},
            {"account": "alice", "coreToken": "alice-token "},
            {"account": "carol", "coreToken": "alice-token"},
            {"account": "alice"},
            {"coreToken": "alice-token"},
            {"account": "alice", "coreToken": 1},
            "alice-token",
            ["alice"],
        ):
            with self.subTest(auth=auth), self.assertRaises(Unauthorized):
                self.accounts.authenticate(auth)

    def test_a_connection_without_a_core_proof_is_a_device(self):
        for auth in (None, {}, {"something": "else"}):
            with self.subTest(auth=auth):
                self.assertIsNone(self.accounts.authenticate(auth))

    def test_the_development_default_serves_one_published_account(self):
        development = Accounts.development()
        self.assertEqual(development.authenticate({"account": DEV_ACCOUNT, "coreToken": DEV_CORE_TOKEN}), DEV_ACCOUNT)
        with self.assertRaises(Unauthorized):
            development.authenticate({"account": DEV_ACCOUNT, "coreToken": "guess"})

    def test_the_file_holds_digests_and_a_malformed_file_is_refused(self):
        # SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        self.assertEqual(token_digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        for value in ({}, [], {"alice": "alice-token"}, {"alice": token_digest("x").upper()}, {"": token_digest("x")}):
            path = accounts_file(value)
            self.addCleanup(os.unlink, path)
            with self.subTest(value=value), self.assertRaises(AccountsFileError):
                Accounts.load(path)
        with self.assertRaises(AccountsFileError):
            Accounts.load("/nonexistent/accounts.json")


if __name__ == "__main__":
    unittest.main()
