"""A first pairing over the relay, as TRANS-2 wants (chapter 13): the phone joins the channel with
the pairing token, sends message 1 and its reveal, both screens show the code, and both users say
yes (V3-CONFIRM-1), the desktop's first. Shared by the transport lab and the endpoint's tests, so
both pair exactly alike.

The desktop's user compares the codes: a phone whose code differs is rejected (the pairing is
then revoked) and CodesDiffer raised. Every wait is bounded.
"""

import asyncio

PAIRED_SECONDS = 5.0  # until the core holds the channel paired once the phone committed


class CodesDiffer(Exception):
    """The two screens show different codes: the desktop's user said no."""


async def pair_over_relay(core, channel_id: str, phone) -> str:
    """Pair `phone` (tools/relay/clients/phone_v3.py's RelayPhoneV3, or a subclass) with the
    channel `channel_id` of `core` (core_v3.py's RelayCoreV3); the code both screens showed.

    The phone's record may still be on its way when the phone is paired, so this returns once the
    core holds the channel paired too (V3-CONFIRM-2): only then does the LAN endpoint accept its
    hello (LAN-5)."""
    await phone.connect()
    code = await phone.pair()
    shown = await core.awaiting_confirmation(channel_id)
    if shown != code:
        await core.reject(channel_id)
        raise CodesDiffer(f"the desktop shows {shown}, the phone {code}")
    await core.confirm(channel_id)
    await phone.match(code)
    await phone.wait_paired()
    await _until(lambda: core.is_paired(channel_id), PAIRED_SECONDS)
    return code


async def _until(condition, timeout: float) -> None:
    async def polled() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(polled(), timeout)
