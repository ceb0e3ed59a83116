"""The actions the selection asks of the device (spec 15.5.2; TRANS-5, TRANS-7), and the order in
which a step lists them (SELECT-2): by kind `close`, `drain`, `connect`, `probe`, `use`, `resend`,
then within a kind by path, `lan`, `relay`, `cloud`."""

from .selection_values import preference

CLOSE = "close"
DRAIN = "drain"
CONNECT = "connect"
PROBE = "probe"
USE = "use"
RESEND = "resend"

KINDS = (CLOSE, DRAIN, CONNECT, PROBE, USE, RESEND)


class Actions:
    """The actions of one step, as `(kind, path)` pairs in the order they were taken."""

    def __init__(self) -> None:
        self._taken: list[tuple[str, str]] = []

    def add(self, kind: str, path: str) -> None:
        self._taken.append((kind, path))

    def clear(self) -> None:
        self._taken.clear()

    def listed(self) -> list[tuple[str, str]]:
        """The step's actions in SELECT-2's order."""
        return sorted(self._taken, key=lambda action: (KINDS.index(action[0]), preference(action[1])))


def action_text(action: tuple[str, str]) -> str:
    """`kind(path)`, without spaces: the form of ADP-134's answer."""
    kind, path = action
    return f"{kind}({path})"
