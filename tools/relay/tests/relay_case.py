"""The base of the relay's live tests: a fresh relay child per test, clients closed and the relay
stopped whatever happens, every story bounded in time. pyenv python3.
"""

import asyncio
import hashlib
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from clients.core import RelayCore
from clients.pairing import DEV_CORE_AUTH, pair
from clients.processes import Relay

STORY_TIMEOUT = 60.0


def fault_plan(faults) -> str:
    """A --fault-plan file for the relay (tools/relay/openhuman_relay/faults.py, format in its doc)."""
    with tempfile.NamedTemporaryFile("w", prefix="fault-plan-", suffix=".json", delete=False) as plan:
        json.dump({"faults": list(faults)}, plan)
    return plan.name


def accounts_file(accounts: dict) -> str:
    """An --accounts file: each account with the SHA-256 hex digest of its core token."""
    with tempfile.NamedTemporaryFile("w", prefix="accounts-", suffix=".json", delete=False) as listing:
        json.dump({account: hashlib.sha256(token.encode()).hexdigest() for account, token in accounts.items()}, listing)
    return listing.name


class ClientsTestCase(unittest.IsolatedAsyncioTestCase):
    """Children (relays, Redis) stopped and their logs removed, and every client closed, whatever
    happens; the event loop out of debug mode."""

    def setUp(self) -> None:
        self.closers = []

    def started(self, child):
        """`child`, stopped and its log removed when the test ends."""
        self.addCleanup(child.remove_log)
        self.addCleanup(child.stop)
        return child

    async def asyncSetUp(self) -> None:
        # IsolatedAsyncioTestCase runs its loop in debug mode, which makes every step many times slower.
        asyncio.get_running_loop().set_debug(False)

    async def asyncTearDown(self) -> None:
        for close in reversed(self.closers):
            try:
                await asyncio.wait_for(close(), 10)
            except Exception:  # a client already gone must not hide the test's own failure
                pass


class RelayTestCase(ClientsTestCase):
    """A fresh relay per test; the relay and every client are stopped whatever happens.

    A subclass with `faults` runs its relay with that fault plan, one with `accounts` (account ->
    core token) with those accounts instead of the development one."""

    faults = ()
    accounts = None

    def setUp(self) -> None:
        """Outside the event loop: starting the child blocks until it prints its port."""
        super().setUp()
        arguments = ()
        if self.faults:
            plan = fault_plan(self.faults)
            self.addCleanup(os.unlink, plan)
            arguments += ("--fault-plan", plan)
        if self.accounts is not None:
            listing = accounts_file(self.accounts)
            self.addCleanup(os.unlink, listing)
            arguments += ("--accounts", listing)
        self.relay = self.started(Relay(*arguments))

    async def core(self, auth=DEV_CORE_AUTH, **options) -> RelayCore:
        core = RelayCore(self.relay.url, auth, **options)
        await core.start()
        self.closers.append(core.stop)
        return core

    async def pair(self, core):
        paired = await pair(core, self.relay.url)
        self.closers.append(paired.phone.disconnect)
        return paired

    def run_story(self, story):
        return asyncio.wait_for(story(), STORY_TIMEOUT)
