"""One HTTP request written byte for byte, for LAN-2's refusals: a client library would normalize
the target (`/rpc?` to `/rpc`) or add the very headers under test."""

import asyncio

from openhuman_lan.limits import SUBPROTOCOL

WAIT_SECONDS = 5.0
KEY = "dGhlIHNhbXBsZSBub25jZQ=="  # RFC 6455 section 1.3's sample key: 16 bytes in base64


def upgrade_headers(protocols: str | None = SUBPROTOCOL) -> list:
    """A WebSocket upgrade of RFC 6455 section 4.2.1, offering `protocols` (None: no header)."""
    headers = [
        ("Upgrade", "websocket"),
        ("Connection", "Upgrade"),
        ("Sec-WebSocket-Key", KEY),
        ("Sec-WebSocket-Version", "13"),
    ]
    if protocols is not None:
        headers.append(("Sec-WebSocket-Protocol", protocols))
    return headers


async def request(
    port: int, target: str, headers: list, *, method: str = "GET", version: str = "HTTP/1.1", source="127.0.0.1"
):
    """(status, {lowercase header name: value}) of the answer to one request; Host is sent unless
    `headers` holds ("Host", None)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        lines = [f"{method} {target} {version}"]
        if ("Host", None) not in headers:
            lines.append(f"Host: 127.0.0.1:{port}")
        lines += [f"{name}: {value}" for name, value in headers if value is not None]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT_SECONDS)
    finally:
        writer.close()
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    fields = dict(line.split(": ", 1) for line in header_lines if line)
    return int(status_line.split(" ")[1]), {name.lower(): value for name, value in fields.items()}
