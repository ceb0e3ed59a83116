"""The two roles of a channel, named as the deployed `tunnel:connect` names them."""

CORE = "core"
DEVICE = "client"


def peer(role: str) -> str:
    """The role a frame of `role` is forwarded to."""
    return DEVICE if role == CORE else CORE
