"""LAN-2's refusals of an HTTP request, before any WebSocket is opened, in the spec's order.

Each check names the first thing wrong, so a device (and a test) learns which rule it broke:
another path is not this endpoint's (404, whatever else the request says); a plain HTTP request,
the core's JSON-RPC for example, is told to upgrade (426); a WebSocket client that does not speak
this carrier's subprotocol is refused (400). The connection limits (503) come last, in the
endpoint, because only a request that would otherwise be upgraded may take a slot.
"""

import base64
import binascii

from aiohttp import HttpVersion, web

from .limits import SUBPROTOCOL

_KEY_BYTES = 16  # RFC 6455 section 4.1: a base64 nonce of 16 bytes
_VERSION = "13"


def refusal(request: web.BaseRequest, target: str) -> web.Response | None:
    """The answer to `request` when it must not be upgraded at `target` (the rpc URL's path and
    query as written), or None."""
    if request.raw_path != target:
        return web.Response(status=404)
    if not is_websocket_upgrade(request):
        return web.Response(status=426, headers={"Upgrade": "websocket", "Sec-WebSocket-Version": _VERSION})
    if SUBPROTOCOL not in _tokens(request, "Sec-WebSocket-Protocol"):
        return web.Response(status=400)
    return None


def is_websocket_upgrade(request: web.BaseRequest) -> bool:
    """RFC 6455 section 4.2.1: a GET of HTTP/1.1 or later with `Upgrade: websocket`, `Connection:
    Upgrade`, a 16-byte Sec-WebSocket-Key and Sec-WebSocket-Version 13 (the header values compared
    without regard to case, as the RFC says). Its Host is HTTP/1.1's own rule: aiohttp answers an
    HTTP/1.1 request without one 400 before any handler runs (RFC 9112 section 3.2)."""
    return (
        request.method == "GET"
        and request.version >= HttpVersion(1, 1)
        and "websocket" in (token.lower() for token in _tokens(request, "Upgrade"))
        and "upgrade" in (token.lower() for token in _tokens(request, "Connection"))
        and _is_key(request.headers.get("Sec-WebSocket-Key", ""))
        and request.headers.get("Sec-WebSocket-Version") == _VERSION
    )


def _tokens(request: web.BaseRequest, name: str) -> list[str]:
    """The comma-separated tokens of every `name` header, in order."""
    return [token.strip() for value in request.headers.getall(name, ()) for token in value.split(",")]


def _is_key(value: str) -> bool:
    try:
        return len(base64.b64decode(value, validate=True)) == _KEY_BYTES
    except (binascii.Error, ValueError):
        return False
