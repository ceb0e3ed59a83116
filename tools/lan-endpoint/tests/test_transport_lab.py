"""The transport lab (spec 15.7) driven as the runner drives it: a child process at time scale 5,
JSON lines in and out (lab_process.py). Each test starts a fresh lab, as the runner does per live
check, and shows one fault or story with its positive control: what the reference device reports
(TRANS-4, TRANS-5), where answers come back (TRANS-3, TRANS-7, TRANS-8), what the core ran (RPC-2)
and which handshake bucket paid (LAN-7, LAN-8). pyenv python3.
"""

import re

from lan_case import ClientsCase

from lab_process import LabProcess
from openhuman_lan import close_codes


def event(name: str, path: str, **members) -> dict:
    return {"event": name, "path": path, **members}


CONNECTED_LAN, CONNECTED_RELAY = event("connected", "lan"), event("connected", "relay")
HEALTHY_LAN, HEALTHY_RELAY = event("health", "lan", ok=True), event("health", "relay", ok=True)
CLOSED_LAN, CLOSED_RELAY = event("closed", "lan"), event("closed", "relay")


class LabCase(ClientsCase):
    async def lab(self, lan: str = "up", relay: str = "up") -> LabProcess:
        """A lab after `setup`; ended (and its log removed) whatever happens."""
        lab = await LabProcess.start()
        self.closers.append(lab.kill)
        self.setup = await lab.ok("setup", lan=lan, relay=relay)
        return lab

    async def expect(self, lab: LabProcess, until: int | None, expected: dict) -> int:
        """The next report is `expected` (an event); its time."""
        answer = await lab.wait(until)
        self.assertEqual(answer.get("event"), expected, answer)
        return answer["at"]

    async def healthy(self, lab: LabProcess, path: str) -> None:
        """connect(p), then probe(p): connected, then healthy."""
        await lab.act(f"connect({path})")
        await self.expect(lab, None, event("connected", path))
        await lab.act(f"probe({path})")
        await self.expect(lab, None, event("health", path, ok=True))


class LanTests(LabCase):
    async def test_setup_then_the_lan_connects_and_its_first_probe_runs_a_reconnection(self):
        lab = await self.lab()
        self.assertRegex(self.setup["rpc"], r"^http://127\.0\.0\.1:\d+/rpc$")
        self.assertTrue(re.fullmatch(r"[A-Za-z0-9_-]{1,64}", self.setup["channel"]), self.setup)
        before = await lab.ok("status")
        self.assertEqual((before["sessions"], before["carriers"]), (1, {"lan": "closed", "relay": "closed"}))

        await lab.act("connect(lan)")
        await self.expect(lab, 2000, CONNECTED_LAN)
        await lab.act("probe(lan)")
        await self.expect(lab, 2000, HEALTHY_LAN)
        # The restarted phone had no session: the probe reconnected over the LAN (LAN-8's bucket).
        after = await lab.ok("status")
        self.assertEqual(after["sessions"], 2)
        self.assertEqual((after["lanBucketTouched"], after["relayBucketTouched"]), (True, False))
        self.assertEqual(after["carriers"], {"lan": "open", "relay": "closed"})

        # A second probe pings in the session: no new handshake.
        await lab.act("probe(lan)")
        await self.expect(lab, None, HEALTHY_LAN)
        await lab.act("use(lan)", "resend(lan)")
        await lab.ok("request", requestId="echo-1", method="test.echo")
        answer = await lab.wait(None)
        self.assertEqual(answer["answer"], {"requestId": "echo-1", "kind": "response", "code": None, "path": "lan"})
        status = await lab.ok("status")
        self.assertEqual(status["sessions"], 2)
        self.assertEqual(status["dispatched"], {"echo-1": 1})
        self.assertEqual(status["requests"], {"echo-1": {"sentOn": ["lan"], "answeredOn": "lan"}})

        # The endpoint stops (LAN-10's 1001): the device reports the loss; started again, the LAN is back.
        await lab.ok("fault", target="lan", mode="down")
        await self.expect(lab, None, CLOSED_LAN)
        status = await lab.ok("status")
        self.assertEqual((status["carriers"]["lan"], status["lanCloseCode"]), ("closed", close_codes.GOING_AWAY))
        await lab.ok("fault", target="lan", mode="up")
        await self.healthy(lab, "lan")

    async def test_a_refused_lan_is_an_error_at_once_while_the_relay_connects(self):
        lab = await self.lab(lan="refused")
        await lab.act("connect(lan)", "connect(relay)")
        answer = await lab.wait(2000)
        self.assertEqual(answer["event"], event("error", "lan", code="refused"))
        self.assertLess(answer["at"], 1000)  # at once: far before deadline(lan), 2,000 ms
        await self.expect(lab, 10000, CONNECTED_RELAY)
        await lab.act("close(lan)", "probe(relay)")
        await self.expect(lab, 10000, HEALTHY_RELAY)
        # Nothing else happened: the next wait runs out at its time.
        answer = await lab.wait(answer["at"] + 1000)
        self.assertEqual(answer["timeout"], True)
        self.assertGreaterEqual(answer["at"], 1000)

    async def test_a_slow_lan_connects_but_is_healthy_only_after_its_holds(self):
        lab = await self.lab(lan="slow")
        await lab.act("connect(lan)")
        connected = await self.expect(lab, 2000, CONNECTED_LAN)  # the upgrade is not held
        await lab.act("probe(lan)")
        answer = await lab.wait(connected + 2000)
        self.assertEqual(answer.get("timeout"), True, answer)  # deadline(lan) would fire here
        self.assertGreaterEqual(answer["at"], connected + 2000)
        # Message 1 held 3,000 ms, then the confirmation and the ping 3,000 ms more.
        healthy = await self.expect(lab, None, HEALTHY_LAN)
        self.assertGreaterEqual(healthy, 6000)
        # Positive control: the hold cleared, a ping in the session comes back within less than a hold.
        await lab.ok("fault", target="lan", mode="up")
        await lab.act("probe(lan)")
        self.assertLess(await self.expect(lab, None, HEALTHY_LAN), healthy + 3000)


class RelayTests(LabCase):
    async def test_a_relay_down_to_the_phone_is_an_error_and_up_again_it_connects(self):
        lab = await self.lab(relay="down")
        await lab.act("connect(relay)")
        answer = await lab.wait(10000)
        self.assertEqual(answer["event"], event("error", "relay", code="refused"))
        self.assertLess(answer["at"], 2000)  # at once: far before deadline(relay), 10,000 ms

        await lab.ok("fault", target="relay", mode="up")
        await self.healthy(lab, "relay")  # the core stayed joined: a reconnection over the relay
        status = await lab.ok("status")
        self.assertEqual((status["sessions"], status["relayBucketTouched"]), (2, True))

        # Down again while connected: the connection is cut, which is a loss.
        await lab.ok("fault", target="relay", mode="down")
        await self.expect(lab, None, CLOSED_RELAY)
        self.assertEqual((await lab.ok("status"))["carriers"]["relay"], "closed")
        self.assertEqual(await lab.end(terminate=True), 0)  # SIGTERM ends the lab as EOF does

    async def test_a_request_lost_with_the_lan_is_resent_on_the_relay_runs_once_and_answers_there(self):
        lab = await self.lab()
        await self.healthy(lab, "lan")
        await lab.act("use(lan)", "resend(lan)")
        await lab.ok("request", requestId="hold-1", method="test.hold")
        for _ in range(100):  # until the core runs it
            if (await lab.ok("status"))["dispatched"] == {"hold-1": 1}:
                break
        self.assertEqual((await lab.ok("status"))["dispatched"], {"hold-1": 1})

        await lab.ok("fault", target="lan", mode="down")
        await self.expect(lab, None, CLOSED_LAN)
        await lab.act("close(lan)", "connect(relay)")
        await self.expect(lab, None, CONNECTED_RELAY)
        await lab.act("probe(relay)")
        await self.expect(lab, None, HEALTHY_RELAY)
        await lab.act("use(relay)", "resend(relay)")
        # Its duplicate is refused duplicate_request_id on the relay, which does not end it (TRANS-8).
        answer = await lab.wait((await lab.wait(0))["at"] + 1000)
        self.assertEqual(answer.get("timeout"), True, answer)

        await lab.ok("release", requestId="hold-1")
        answer = await lab.wait(None)
        self.assertEqual(answer["answer"], {"requestId": "hold-1", "kind": "response", "code": None, "path": "relay"})
        status = await lab.ok("status")
        self.assertEqual(status["dispatched"], {"hold-1": 1})
        self.assertEqual(status["requests"], {"hold-1": {"sentOn": ["lan", "relay"], "answeredOn": "relay"}})
        self.assertEqual(status["sessions"], 2)  # one session over both carriers (TRANS-1)


class PathChangeTests(LabCase):
    async def test_a_drained_relay_closes_once_its_last_request_is_answered_there(self):
        lab = await self.lab()
        await self.healthy(lab, "relay")
        await lab.act("use(relay)", "resend(relay)")
        await lab.ok("request", requestId="hold-2", method="test.hold")
        await self.healthy(lab, "lan")
        # SELECT-16's promotion: the relay drains (TRANS-7 item 2), new requests go on the LAN.
        await lab.act("drain(relay)", "use(lan)")
        await lab.ok("request", requestId="echo-2", method="test.echo")
        answer = await lab.wait(None)
        self.assertEqual(answer["answer"], {"requestId": "echo-2", "kind": "response", "code": None, "path": "lan"})
        self.assertEqual((await lab.ok("status"))["carriers"], {"lan": "open", "relay": "open"})
        await lab.ok("release", requestId="hold-2")
        answer = await lab.wait(None)
        self.assertEqual(answer["answer"], {"requestId": "hold-2", "kind": "response", "code": None, "path": "relay"})
        status = await lab.ok("status")
        self.assertEqual(status["carriers"], {"lan": "open", "relay": "closed"})
        self.assertEqual(status["dispatched"], {"hold-2": 1, "echo-2": 1})
        # The device closed it: no `closed(relay)` follows.
        self.assertEqual((await lab.wait(answer["at"] + 1000)).get("timeout"), True)

    async def test_two_pings_in_a_row_without_a_response_end_the_session(self):
        lab = await self.lab(lan="slow")  # a ping on the LAN is held past the point its probe is given up
        await self.healthy(lab, "relay")

        async def unanswered_lan_probe() -> None:
            await lab.act("connect(lan)")
            await self.expect(lab, None, CONNECTED_LAN)
            await lab.act("probe(lan)")
            await lab.act("close(lan)")  # as at deadline(lan), its ping unanswered

        # One unanswered ping is not enough (TRANS-6), and an answer starts the count again.
        await unanswered_lan_probe()
        await lab.act("probe(relay)")
        await self.expect(lab, None, HEALTHY_RELAY)
        self.assertEqual((await lab.ok("status"))["sessions"], 2)
        # Two in a row: the next probe runs a new handshake.
        await unanswered_lan_probe()
        await unanswered_lan_probe()
        await lab.act("probe(relay)")
        await self.expect(lab, None, HEALTHY_RELAY)
        self.assertEqual((await lab.ok("status"))["sessions"], 3)


class FloodTests(LabCase):
    async def test_a_flood_from_the_phones_address_denies_its_lan_but_not_its_relay(self):
        lab = await self.lab()
        flood = await lab.ok("flood", count=1000)
        self.assertEqual(flood["sent"], 1000)
        self.assertLessEqual(flood["reachedChannel"], 3)
        self.assertGreaterEqual(flood["reachedChannel"], 1)  # the flood did reach the core: LAN-7 bounds it
        self.assertGreaterEqual(flood["closedRateLimited"], 1)
        status = await lab.ok("status")
        self.assertEqual((status["lanBucketTouched"], status["relayBucketTouched"]), (True, False))

        # The phone's own LAN handshake shares the flooded source: its connection closes 4429.
        await lab.act("connect(lan)")
        await self.expect(lab, None, CONNECTED_LAN)
        await lab.act("probe(lan)")
        await self.expect(lab, None, CLOSED_LAN)
        status = await lab.ok("status")
        self.assertEqual((status["lanCloseCode"], status["sessions"]), (close_codes.RATE_LIMITED, 1))

        # The relay kept its bucket: the phone reconnects there.
        await lab.act("close(lan)")
        await self.healthy(lab, "relay")
        status = await lab.ok("status")
        self.assertEqual((status["sessions"], status["relayBucketTouched"]), (2, True))


class ProtocolTests(LabCase):
    async def test_malformed_commands_are_refused_the_lab_goes_on_and_eof_ends_it_with_nothing_left(self):
        lab = await LabProcess.start()
        self.closers.append(lab.kill)
        refused = {
            b"not json": "not a JSON line",
            b"[1]": "a command is a JSON object",
            b'{"op":"status"}': "send setup first",
        }
        for line, error in refused.items():
            answer = await lab.line(line)
            self.assertEqual(answer["ok"], False, answer)
            self.assertIn(error, answer["error"])
        await lab.ok("setup", lan="up", relay="up")
        refused = {
            b'{"op":"setup","lan":"up","relay":"up"}': "already",
            b'{"op":"jump"}': "unknown op",
            b'{"op":"act","actions":["connect(cloud)"]}': "the lab has no cloud path",
            b'{"op":"act","actions":["connect(lan)","jump(lan)"]}': "not an action",
            b'{"op":"wait","until":"soon"}': "until",
            b'{"op":"fault","target":"relay","mode":"slow"}': "the relay has no mode",
            b'{"op":"request","requestId":"a b","method":"test.echo"}': "requestId",
            b'{"op":"flood","count":0}': "count",
        }
        for line, error in refused.items():
            answer = await lab.line(line)
            self.assertEqual(answer["ok"], False, answer)
            self.assertIn(error, answer["error"])
        # Nothing of the refused act ran (connect(lan) came before the bad action): no report.
        answer = await lab.wait(200)
        self.assertEqual(answer.get("timeout"), True, answer)
        # The lab goes on.
        await self.healthy(lab, "lan")

        children = lab.children()
        self.assertEqual(len(children), 1)  # the relay
        self.assertEqual(await lab.end(), 0)
        self.assertFalse(any(_alive(pid) for pid in children))


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
