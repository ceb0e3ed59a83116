"""The replay window of a version 3 session's receiver: the highest accepted counter H and one bit
for each of the 2,048 counters H - 2047 to H (V3-WINDOW-1..3; RFC 6479's and WireGuard's scheme).

The bits are one Python integer of at most 2,048 bits, bit i standing for counter H - i: a check
is one subtraction and one bit, an advance one shift and one mask, so both take the same time and
memory whatever the counter and the session's length. The width is exact, not a minimum: a wider
window would accept late frames that every other receiver refuses.
"""

WIDTH = 2_048
_MASK = (1 << WIDTH) - 1


class CounterWindow:
    """H and the window's bits; `highest` is None while nothing is accepted, and then every counter
    is above the window."""

    __slots__ = ("highest", "_bits")

    def __init__(self, highest: int | None = None, bits: int = 0) -> None:
        self.highest = highest
        self._bits = bits if highest is not None else 0

    @classmethod
    def accepted_below(cls, first: int) -> "CounterWindow":
        """A receiver whose peer's first counter is `first`: every counter below it counts as
        accepted (V3-SESS-1), they were the handshake's own messages."""
        if first == 0:
            return cls()
        return cls(first - 1, (1 << min(first, WIDTH)) - 1)

    @classmethod
    def full(cls, highest: int) -> "CounterWindow":
        """H = `highest` with every counter of its window accepted (a test vector's state)."""
        return cls(highest, _MASK)

    def is_new(self, counter: int) -> bool:
        """Whether `counter` passes V3-WINDOW-2: above H, or in the window and not yet accepted.
        At or below H - 2048 is below the window, which counts as seen."""
        highest = self.highest
        if highest is None or counter > highest:
            return True
        behind = highest - counter
        return behind < WIDTH and not (self._bits >> behind) & 1

    def record(self, counter: int) -> None:
        """Mark an accepted counter (V3-WINDOW-3): above H it becomes H and the window slides,
        forgetting the counters that fall below H - 2047; in the window its bit is set."""
        highest = self.highest
        if highest is None:
            self.highest, self._bits = counter, 1
        elif counter > highest:
            shift = counter - highest
            self._bits = ((self._bits << shift) | 1) & _MASK if shift < WIDTH else 1
            self.highest = counter
        else:
            self._bits |= 1 << (highest - counter)
