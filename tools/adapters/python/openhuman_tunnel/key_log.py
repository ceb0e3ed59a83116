"""Where the implementation reports its secrets for a key log (spec/kit/03-verifier.md).

The handshake and session code call ``private`` and ``session`` at the moments KEYLOG-2 names;
they do nothing until a writer is installed with ``install``. Only the adapter installs one
(openhuman_adapter/key_log_file.py, when OPENHUMAN_KEYLOG asks for it): the library itself holds
no code that writes a key log, and a production package leaves the adapter package out (KEYLOG-6).
"""

from . import x25519

CORE_STATIC = "CORE_STATIC"
DEVICE_STATIC = "DEVICE_STATIC"
HANDSHAKE_EPHEMERAL = "HANDSHAKE_EPHEMERAL"
CLIENT_EPHEMERAL = "CLIENT_EPHEMERAL"
SERVER_EPHEMERAL = "SERVER_EPHEMERAL"
SESSION_KEYS = "SESSION_KEYS"

_writer = None


def install(writer) -> None:
    """Send every secret to ``writer(label, id_bytes, secret_bytes)`` from now on."""
    global _writer
    _writer = writer


def private(label: str, private_key: bytes) -> None:
    """A private key an operation was given or generated and uses, named by its public key."""
    if _writer is not None:
        _writer(label, x25519.public_key(private_key), private_key)


def session(client_ephemeral_public: bytes, server_ephemeral_public: bytes, c2s: bytes, s2c: bytes) -> None:
    """Session keys just derived (KDF-2), named by the two ephemeral public keys of their salt."""
    if _writer is not None:
        _writer(SESSION_KEYS, client_ephemeral_public + server_ephemeral_public, c2s + s2c)
