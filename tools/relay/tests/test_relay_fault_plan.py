"""The test-only fault plan (openhuman_relay/faults.py): which frame each entry hits, what each
action does to the delivery order, and that a malformed plan is refused whole.

Interpreter: pyenv python3 (3.11). Run: python3 -m unittest discover -s tools/relay/tests -p 'test_relay_*.py'
"""

import asyncio
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from openhuman_relay.faults import CORE_TO_DEVICE, DEVICE_TO_CORE, FaultPlan, FaultPlanError


async def deliveries(faults, frames, settle=0.0):
    """Forwards `frames` [(channel, direction, label)] through a plan; returns the labels delivered,
    in order, after waiting `settle` seconds for delayed or held frames."""
    plan = FaultPlan.parse({"faults": faults})
    delivered = []

    def deliver(label):
        async def run():
            delivered.append(label)

        return run

    for channel, direction, label in frames:
        await plan.forward(channel, direction, deliver(label))
    await asyncio.sleep(settle)
    return delivered


def core_frames(count, channel="chA"):
    return [(channel, CORE_TO_DEVICE, f"{channel}:{n}") for n in range(1, count + 1)]


class FaultPlanTests(unittest.IsolatedAsyncioTestCase):
    async def test_no_fault_delivers_every_frame_in_order(self):
        self.assertEqual(await deliveries([], core_frames(4)), ["chA:1", "chA:2", "chA:3", "chA:4"])

    async def test_drop_removes_only_the_nth_frame(self):
        plan = [{"direction": CORE_TO_DEVICE, "frame": 2, "action": "drop"}]
        self.assertEqual(await deliveries(plan, core_frames(3)), ["chA:1", "chA:3"])

    async def test_duplicate_delivers_the_nth_frame_twice(self):
        plan = [{"frame": 1, "action": "duplicate"}]
        self.assertEqual(await deliveries(plan, core_frames(2)), ["chA:1", "chA:1", "chA:2"])

    async def test_reorder_swaps_the_nth_with_the_next(self):
        plan = [{"frame": 2, "action": "reorder"}]
        self.assertEqual(await deliveries(plan, core_frames(4)), ["chA:1", "chA:3", "chA:2", "chA:4"])

    async def test_a_held_frame_is_released_after_hold_ms_when_no_frame_follows(self):
        plan = [{"frame": 1, "action": "reorder", "holdMs": 20}]
        self.assertEqual(await deliveries(plan, core_frames(1), settle=0.3), ["chA:1"])

    async def test_delay_lets_later_frames_pass(self):
        plan = [{"frame": 1, "action": "delay", "delayMs": 50}]
        self.assertEqual(await deliveries(plan, core_frames(2), settle=0.3), ["chA:2", "chA:1"])

    async def test_counters_are_per_channel_and_direction(self):
        plan = [{"channel": "chB", "direction": DEVICE_TO_CORE, "frame": 1, "action": "drop"}]
        frames = core_frames(1, "chB") + [
            ("chB", DEVICE_TO_CORE, "up:1"),
            ("chA", DEVICE_TO_CORE, "a-up:1"),
            ("chB", DEVICE_TO_CORE, "up:2"),
        ]
        self.assertEqual(await deliveries(plan, frames), ["chB:1", "a-up:1", "up:2"])

    async def test_the_first_matching_entry_wins(self):
        plan = [{"frame": 1, "action": "duplicate"}, {"frame": 1, "action": "drop"}]
        self.assertEqual(await deliveries(plan, core_frames(1)), ["chA:1", "chA:1"])


class FaultPlanParsingTests(unittest.TestCase):
    def test_malformed_plans_are_refused(self):
        for plan in (
            {},
            {"faults": {}},
            {"faults": [{"frame": 1, "action": "explode"}]},
            {"faults": [{"frame": 0, "action": "drop"}]},
            {"faults": [{"action": "drop"}]},
            {"faults": [{"frame": 1, "action": "drop", "direction": "sideways"}]},
            {"faults": [{"frame": 1, "action": "drop", "frmae": 2}]},
            {"faults": [{"frame": 1, "action": "delay", "delayMs": -1}]},
            {"faults": [{"frame": True, "action": "drop"}]},
        ):
            with self.subTest(plan=plan), self.assertRaises(FaultPlanError):
                FaultPlan.parse(plan)

    def test_a_well_formed_plan_is_accepted(self):
        FaultPlan.parse({"faults": [{"channel": "chA", "direction": "*", "frame": 3, "action": "delay", "delayMs": 0}]})


if __name__ == "__main__":
    unittest.main()
