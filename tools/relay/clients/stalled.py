"""A Socket.IO client over a bare TCP socket that stops reading when told to: the slow or dead
reader of the relay's hostile tests (H3, H4), which python-socketio's client cannot be, since it
always reads. It speaks just enough WebSocket (RFC 6455, masked client frames) and Engine.IO 4 /
Socket.IO 5 text packets to connect, send events and read until a named event arrives.
"""

import base64
import json
import os
import socket
import time

# A small receive buffer, so a reader that stops fills its kernel buffer after a few frames and
# the relay's own buffering is what the tests see.
RECEIVE_BUFFER = 16 * 1024


class StalledClient:
    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        self.sock.settimeout(timeout)
        self.sock.connect(("127.0.0.1", port))
        self._buffer = b""
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % key
            ).encode()
        )
        while b"\r\n\r\n" not in self._buffer:
            self._fill()
        head, self._buffer = self._buffer.split(b"\r\n\r\n", 1)
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(head.decode("latin-1"))
        self.open = self.read_text()  # Engine.IO open packet "0{...}"

    def join_socketio(self) -> None:
        """Socket.IO connect to the default namespace, without auth (a device)."""
        self.send_text("40")
        while not self.read_text().startswith("40"):
            pass

    def emit(self, event: str, data: dict) -> None:
        self.send_text("42" + json.dumps([event, data], separators=(",", ":")))

    def wait_event(self, name: str, deadline_seconds: float = 10.0):
        """Reads (answering pings) until the event `name` arrives: its argument."""
        deadline = time.monotonic() + deadline_seconds
        while time.monotonic() < deadline:
            text = self.read_text()
            if text == "2":
                self.send_text("3")
            elif text.startswith("42"):
                event = json.loads(text[2:])
                if event[0] == name:
                    return event[1] if len(event) > 1 else None
        raise TimeoutError(name)

    def send_text(self, text: str) -> None:
        body = text.encode()
        mask = os.urandom(4)
        length = len(body)
        if length < 126:
            header = bytes([0x81, 0x80 | length])
        elif length < 1 << 16:
            header = bytes([0x81, 0x80 | 126]) + length.to_bytes(2, "big")
        else:
            header = bytes([0x81, 0x80 | 127]) + length.to_bytes(8, "big")
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(body)))

    def read_text(self) -> str:
        """One server frame's text (the server never masks, RFC 6455 section 5.1)."""
        header = self._take(2)
        length = header[1] & 0x7F
        if length == 126:
            length = int.from_bytes(self._take(2), "big")
        elif length == 127:
            length = int.from_bytes(self._take(8), "big")
        return self._take(length).decode()

    def close(self) -> None:
        self.sock.close()

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            self._fill()
        taken, self._buffer = self._buffer[:count], self._buffer[count:]
        return taken

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed by the relay")
        self._buffer += chunk
