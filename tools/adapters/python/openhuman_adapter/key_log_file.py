"""The adapter's key log writer: appends ``LABEL id-hex secret-hex`` lines to the file named by
the environment variable OPENHUMAN_KEYLOG (KEYLOG-7, ADP-95).

Installed only when that variable is set and not empty, a setting for tests and debugging: a key
log lets its holder decrypt the exchanges it covers (never a private key: KEYLOG-11).
Each line is one write on a file opened in append mode and closed at once, so it is in the file
before the adapter answers the request that used the key, and lines of several writers never
interleave. A failure to write is reported on stderr and never changes an answer.
"""

import os
import sys

from openhuman_tunnel import key_log

VARIABLE = "OPENHUMAN_KEYLOG"


def install_from_environment() -> None:
    """Install the writer when OPENHUMAN_KEYLOG names a file; otherwise nothing is ever written."""
    path = os.environ.get(VARIABLE, "")
    if not path:
        return

    def append(label: str, ident: bytes, secret: bytes) -> None:
        line = f"{label} {ident.hex()} {secret.hex()}\n".encode("ascii")
        try:
            # 0o600: the file holds secrets. O_APPEND: one write is one whole line at the end.
            descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                os.write(descriptor, line)
            finally:
                os.close(descriptor)
        except OSError as error:
            print(f"{VARIABLE}: cannot append to {path}: {error}", file=sys.stderr, flush=True)

    key_log.install(append)
