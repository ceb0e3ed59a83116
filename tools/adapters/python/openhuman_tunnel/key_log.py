"""The key log (spec/kit/03-verifier.md): one secret per line, ``LABEL id-hex secret-hex``,
appended to the file named by the environment variable OPENHUMAN_KEYLOG.

Written only when that variable is set and not empty, a setting for tests and debugging: a key
log lets its holder decrypt every session it covers and, with a static key, act as that side.
Each line is one write on a file opened in append mode and closed at once, so it is in the file
before the adapter answers the request, and lines of several writers never interleave. A
failure to write is reported on stderr and never changes an answer.
"""

import os
import sys

from . import x25519

VARIABLE = "OPENHUMAN_KEYLOG"

CORE_STATIC = "CORE_STATIC"
DEVICE_STATIC = "DEVICE_STATIC"
HANDSHAKE_EPHEMERAL = "HANDSHAKE_EPHEMERAL"
CLIENT_EPHEMERAL = "CLIENT_EPHEMERAL"
SERVER_EPHEMERAL = "SERVER_EPHEMERAL"
SESSION_KEYS = "SESSION_KEYS"


def _append(label: str, ident: bytes, secret: bytes) -> None:
    path = os.environ.get(VARIABLE, "")
    if not path:
        return
    line = f"{label} {ident.hex()} {secret.hex()}\n".encode("ascii")
    try:
        # 0o600: the file holds private keys. O_APPEND: one write is one whole line at the end.
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            os.write(descriptor, line)
        finally:
            os.close(descriptor)
    except OSError as error:
        print(f"{VARIABLE}: cannot append to {path}: {error}", file=sys.stderr, flush=True)


def private(label: str, private_key: bytes) -> None:
    """A private key an operation was given or generated and uses, named by its public key."""
    if os.environ.get(VARIABLE):
        _append(label, x25519.public_key(private_key), private_key)


def session(client_ephemeral_public: bytes, server_ephemeral_public: bytes, c2s: bytes, s2c: bytes) -> None:
    """Session keys just derived (KDF-2), named by the two ephemeral public keys of their salt."""
    _append(SESSION_KEYS, client_ephemeral_public + server_ephemeral_public, c2s + s2c)
