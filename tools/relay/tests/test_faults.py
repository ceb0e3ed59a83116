"""Faults in the relay's path (issue 13): frames dropped, duplicated, reordered and delayed by the
relay's --fault-plan, and a second phone with a stolen pairing token. pyenv python3.

Each case ends as the spec says, and the core counts what its application executed, so every
case also proves that nothing was executed twice (RPC-2, MEMORY-1).

Frame numbers count the frames the relay forwards on the channel in one direction, from 1. On a
paired channel (clients/pairing.py) they are: device-to-core 1 the handshake (0x03), 2 the request
that commits it (never answered: the pairing is not confirmed yet), 3 the first request after the
confirmation; core-to-device 1 the ack (0x04), 2 the answer to device-to-core frame 3.
"""

import asyncio
import time
import unittest

from relay_case import RelayTestCase

from clients.connection import RelayRefused
from clients.phone import RelayPhone
from clients.phone_base import REQUEST_TIMEOUT
from openhuman_tunnel import envelope
from openhuman_tunnel.errors import TunnelError

COUNT = "test.count"
COUNTED = b'{"counted":true}'
FIRST_REQUEST = 3  # device-to-core
FIRST_ANSWER = 2  # core-to-device
DELAY_MS = 800


def fault(direction: str, frame: int, action: str, **more) -> dict:
    return dict({"channel": "*", "direction": direction, "frame": frame, "action": action}, **more)


class FaultCase(RelayTestCase):
    async def paired_core(self):
        core = await self.core(methods={COUNT: lambda channel, params: COUNTED})
        paired = await self.pair(core)
        self.assertEqual(paired.unanswered, REQUEST_TIMEOUT)  # CONFIRM-2: nothing delivered before the user's yes
        return core, paired

    def assert_counted(self, event) -> None:
        self.assertEqual(event.kind, "response")
        self.assertEqual(event.payload.members, [("counted", True)])

    def assert_executed_once_each(self, core, request_ids) -> None:
        executed = [request_id for _, request_id, _ in core.executed()]
        self.assertEqual(sorted(executed), sorted(request_ids))  # each once, nothing else


class DuplicatedRequestTests(FaultCase):
    faults = (fault("device-to-core", FIRST_REQUEST, "duplicate"),)

    async def test_a_duplicated_request_frame_is_replayed_at_the_core_and_executed_once(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        first = await paired.phone.request(COUNT, b"{}")
        self.assert_counted(first)
        await asyncio.sleep(0.3)  # the copy arrives right behind the original
        self.assertEqual(core.reported("replayed", paired.channel_id), 1)  # KEYCONF-3 step 5
        second = await paired.phone.request(COUNT, b"{}")  # control: the next frame is not touched
        self.assert_counted(second)
        self.assertEqual(core.reported("replayed", paired.channel_id), 1)
        self.assert_executed_once_each(core, [first.request_id, second.request_id])
        self.assertEqual(paired.phone.reports, [])


class DuplicatedAnswerTests(FaultCase):
    faults = (fault("core-to-device", FIRST_ANSWER, "duplicate"),)

    async def test_a_duplicated_answer_frame_is_replayed_at_the_phone_and_delivered_once(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        first = await paired.phone.request(COUNT, b"{}")
        self.assert_counted(first)
        await asyncio.sleep(0.3)
        self.assertEqual(paired.phone.reports, ["replayed"])  # REPLAY-3: the window has its nonce
        second = await paired.phone.request(COUNT, b"{}")
        self.assert_counted(second)
        self.assertEqual(paired.phone.reports, ["replayed"])
        self.assert_executed_once_each(core, [first.request_id, second.request_id])


class DroppedRequestTests(FaultCase):
    faults = (fault("device-to-core", FIRST_REQUEST, "drop"),)

    async def test_a_dropped_request_retried_under_its_id_is_executed_once(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        phone = paired.phone
        with self.assertRaises(TunnelError) as lost:
            await phone.request(COUNT, b"{}", timeout_ms=1000, request_id="dropped-1")
        self.assertEqual(lost.exception.code, REQUEST_TIMEOUT)  # RPC-5
        self.assertEqual(core.executed(), [])
        # ENV-5: the retry of the same action reuses its requestId; the core never saw it, so it runs.
        retry = await phone.request(COUNT, b"{}", request_id="dropped-1")
        self.assert_counted(retry)
        self.assert_executed_once_each(core, ["dropped-1"])
        self.assertEqual(core.reported(envelope.DUPLICATE_REQUEST_ID, paired.channel_id), 0)


class DroppedAnswerTests(FaultCase):
    faults = (fault("core-to-device", FIRST_ANSWER, "drop"),)

    async def test_a_retry_after_a_dropped_answer_is_answered_from_what_the_core_did_and_not_executed_again(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        phone = paired.phone
        with self.assertRaises(TunnelError) as lost:
            await phone.request(COUNT, b"{}", timeout_ms=1000, request_id="answer-dropped")
        self.assertEqual(lost.exception.code, REQUEST_TIMEOUT)
        self.assert_executed_once_each(core, ["answer-dropped"])  # it ran; its answer was lost
        # ENV-5: the retry reuses the id. RPC-2: the core remembers that it dispatched the request and
        # answers the duplicate `duplicate_request_id` instead of running the action again.
        duplicate = await phone.request(COUNT, b"{}", request_id="answer-dropped")
        self.assertEqual((duplicate.kind, duplicate.code), ("error", envelope.DUPLICATE_REQUEST_ID))
        retry = await phone.request(COUNT, b"{}", request_id="answer-retry")  # control: a new action runs
        self.assert_counted(retry)
        self.assert_executed_once_each(core, ["answer-dropped", "answer-retry"])


class ReorderedRequestsTests(FaultCase):
    faults = (fault("device-to-core", FIRST_REQUEST, "reorder"),)

    async def test_two_requests_swapped_by_the_relay_are_both_accepted_and_executed_once(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        phone = paired.phone
        first = asyncio.ensure_future(phone.request(COUNT, b"{}", request_id="sent-first"))
        await asyncio.sleep(0.05)  # on the wire in this order
        second = asyncio.ensure_future(phone.request(COUNT, b"{}", request_id="sent-second"))
        answers = await asyncio.gather(first, second)
        for answer in answers:
            self.assert_counted(answer)
        # The core saw them swapped, and accepted both: its memory is of nonces, not of an order.
        self.assertEqual([request_id for _, request_id, _ in core.executed()], ["sent-second", "sent-first"])
        self.assertEqual(core.reports, [(paired.channel_id, "pairing_unconfirmed")])
        self.assertEqual(phone.reports, [])


class ReorderedAnswersTests(FaultCase):
    faults = (fault("core-to-device", FIRST_ANSWER, "reorder"),)

    async def test_two_answers_swapped_by_the_relay_are_both_inside_the_window_and_delivered(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        phone = paired.phone
        arrived = []
        first = asyncio.ensure_future(phone.request(COUNT, b"{}", request_id="asked-first"))
        first.add_done_callback(lambda _: arrived.append("asked-first"))
        await asyncio.sleep(0.05)
        second = asyncio.ensure_future(phone.request(COUNT, b"{}", request_id="asked-second"))
        second.add_done_callback(lambda _: arrived.append("asked-second"))
        answers = await asyncio.gather(first, second)
        self.assertEqual(arrived, ["asked-second", "asked-first"])  # the relay did swap them
        for answer in answers:
            self.assert_counted(answer)
        self.assertEqual(phone.reports, [])  # REPLAY-3: any order inside the window of 128
        self.assert_executed_once_each(core, ["asked-first", "asked-second"])


class DelayedRequestTests(FaultCase):
    faults = (fault("device-to-core", FIRST_REQUEST, "delay", delayMs=DELAY_MS),)

    async def test_a_delayed_request_arrives_late_and_is_answered_correctly(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        phone = paired.phone
        started = time.monotonic()
        late = asyncio.ensure_future(phone.request(COUNT, b"{}", request_id="delayed"))
        await asyncio.sleep(0.05)
        prompt = await phone.request(COUNT, b"{}", request_id="behind-it")  # not held back
        self.assertLess(time.monotonic() - started, DELAY_MS / 1000)
        self.assert_counted(prompt)
        self.assert_counted(await late)
        self.assertGreaterEqual(time.monotonic() - started, DELAY_MS / 1000)
        self.assertEqual([request_id for _, request_id, _ in core.executed()], ["behind-it", "delayed"])
        self.assertEqual(phone.reports, [])


class DroppedAckTests(FaultCase):
    faults = (fault("core-to-device", 1, "drop"),)

    async def test_a_dropped_ack_is_recovered_by_a_new_handshake(self):
        await self.run_story(self._story)

    async def _story(self):
        core = await self.core(methods={COUNT: lambda channel, params: COUNTED})
        channel = await core.register()
        phone = RelayPhone(self.relay.url, core.pairing_payload(channel))
        self.closers.append(phone.disconnect)
        await phone.connect()
        with self.assertRaises(asyncio.TimeoutError):
            await phone.handshake(timeout=2)  # DEV-STATE-3: no ack, back to idle
        # The channel stays pending (KEYCONF-1: the lost handshake only held the slot); the next
        # handshake, with new keys, takes the slot and its first frame commits it.
        code = await phone.handshake()
        commit = asyncio.ensure_future(phone.request("openhuman.ping", b"{}", 1000))
        self.assertEqual(await core.awaiting_confirmation(channel), code)
        core.confirm(channel)
        await asyncio.gather(commit, return_exceptions=True)
        self.assert_counted(await phone.request(COUNT, b"{}"))
        self.assertEqual(len(core.executed()), 1)
        self.assertEqual(phone.reports, [])


class DuplicatedHandshakeTests(FaultCase):
    faults = (fault("device-to-core", 1, "duplicate"),)

    async def test_a_duplicated_handshake_is_refused_as_replayed_and_gets_no_second_ack(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        self.assertEqual(core.reported("handshake_replayed", paired.channel_id), 1)  # KEYCONF-2
        self.assertEqual(paired.phone.reports, [])  # one ack only: a second would be unexpected_type
        self.assert_counted(await paired.phone.request(COUNT, b"{}"))


class LateAnswerTests(FaultCase):
    faults = (fault("core-to-device", FIRST_ANSWER, "delay", delayMs=1500),)

    async def test_an_answer_delayed_past_the_deadline_is_an_unknown_request_and_delivered_to_nobody(self):
        await self.run_story(self._story)

    async def _story(self):
        core, paired = await self.paired_core()
        phone = paired.phone
        with self.assertRaises(TunnelError) as timed_out:
            await phone.request(COUNT, b"{}", timeout_ms=500, request_id="too-slow")
        self.assertEqual(timed_out.exception.code, REQUEST_TIMEOUT)  # RPC-5
        await asyncio.sleep(1.5)
        self.assertEqual(phone.reports, [envelope.UNKNOWN_REQUEST])  # RPC-4: nobody waits for it
        self.assert_counted(await phone.request(COUNT, b"{}", request_id="in-time"))
        self.assert_executed_once_each(core, ["too-slow", "in-time"])


class StolenPairingTokenTests(FaultCase):
    async def test_a_second_phone_with_the_used_pairing_token_is_refused_and_the_pairing_goes_on(self):
        await self.run_story(self._story)

    async def _story(self):
        core = await self.core(methods={COUNT: lambda channel, params: COUNTED})
        channel = await core.register()
        payload = core.pairing_payload(channel)
        owner = RelayPhone(self.relay.url, payload)
        self.closers.append(owner.disconnect)
        self.assertIn("deviceCredential", await owner.connect())  # control: the token works once

        thief = RelayPhone(self.relay.url, payload)  # the same payload, seen over the user's shoulder
        self.closers.append(thief.disconnect)
        with self.assertRaises(RelayRefused) as refused:
            await thief.connect()
        self.assertEqual(refused.exception.code, "pairing_token_used")  # RELAY-2, RELAY-5
        self.assertEqual(owner.connection.seen("tunnel:evicted"), [])

        code = await owner.handshake()
        commit = asyncio.ensure_future(owner.request("openhuman.ping", b"{}", 1000))
        self.assertEqual(await core.awaiting_confirmation(channel), code)
        core.confirm(channel)
        await asyncio.gather(commit, return_exceptions=True)
        self.assert_counted(await owner.request(COUNT, b"{}"))
        self.assertEqual(len(core.executed()), 1)

    async def test_a_thief_who_uses_the_token_first_shows_a_code_the_owner_cannot_match_and_is_rejected(self):
        await self.run_story(self._thief_first)

    async def _thief_first(self):
        core = await self.core(methods={COUNT: lambda channel, params: COUNTED})
        channel = await core.register()
        payload = core.pairing_payload(channel)
        thief = RelayPhone(self.relay.url, payload)
        self.closers.append(thief.disconnect)
        await thief.connect()
        thief_code = await thief.handshake()
        commit = asyncio.ensure_future(thief.request(COUNT, b"{}", 1000))
        desktop_code = await core.awaiting_confirmation(channel)
        self.assertEqual(desktop_code, thief_code)  # the desktop shows the thief's pairing

        owner = RelayPhone(self.relay.url, payload)
        self.closers.append(owner.disconnect)
        with self.assertRaises(RelayRefused) as refused:
            await owner.connect()
        self.assertEqual(refused.exception.code, "pairing_token_used")
        self.assertIsNone(owner.code)  # the owner's phone shows no code to match: the user says No
        core.reject(channel)  # CONFIRM-3 case 2: revoked

        await asyncio.gather(commit, return_exceptions=True)
        with self.assertRaises(TunnelError) as thief_unanswered:
            await thief.request(COUNT, b"{}", 1000)
        self.assertEqual(thief_unanswered.exception.code, REQUEST_TIMEOUT)
        self.assertEqual(core.executed(), [])  # nothing of the thief's ever ran (CONFIRM-2, CHAN-4)
        self.assertEqual(core.reported("channel_revoked", channel), 1)


if __name__ == "__main__":
    unittest.main()
