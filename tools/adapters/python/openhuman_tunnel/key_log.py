"""Where the implementation reports its secrets for a key log (spec/kit/03-verifier.md).

The handshake, session and pairing code call ``handshake_key``, ``ack_key``, ``session`` and
``pairing_code`` at the moments KEYLOG-2 and KEYLOG-8 to KEYLOG-10 name: the secrets of one
exchange, each named by the salt of the HKDF that derived it, and never a static or ephemeral
private key (KEYLOG-11), so no line is a credential beyond the exchange it names. They do nothing
until a writer is installed with ``install``. Only the adapter installs one
(openhuman_adapter/key_log_file.py, when OPENHUMAN_KEYLOG asks for it): the library itself holds
no code that writes a key log, and a production package leaves the adapter package out (KEYLOG-6).
"""

HANDSHAKE_KEY = "K_HS"
ACK_KEY = "K_ACK"
SESSION_KEYS = "SESSION_KEYS"
PAIRING_CODE_KEY = "SAS_OKM"

_writer = None


def install(writer) -> None:
    """Send every secret to ``writer(label, id_bytes, secret_bytes)`` from now on."""
    global _writer
    _writer = writer


def handshake_key(handshake_ephemeral_public: bytes, core_public: bytes, key: bytes) -> None:
    """k_hs of a handshake sealed or accepted (KEYLOG-8), named by KDF-3's salt."""
    if _writer is not None:
        _writer(HANDSHAKE_KEY, handshake_ephemeral_public + core_public, key)


def ack_key(client_ephemeral_public: bytes, key: bytes) -> None:
    """k_ack of an ack sent or accepted (KEYLOG-9), named by KDF-4's salt."""
    if _writer is not None:
        _writer(ACK_KEY, client_ephemeral_public, key)


def session(client_ephemeral_public: bytes, server_ephemeral_public: bytes, c2s: bytes, s2c: bytes) -> None:
    """Session keys just derived (KDF-2, KEYLOG-2), named by the two ephemeral public keys of their salt."""
    if _writer is not None:
        _writer(SESSION_KEYS, client_ephemeral_public + server_ephemeral_public, c2s + s2c)


def pairing_code(salt: bytes, okm: bytes) -> None:
    """The pairing code's 8 bytes of key material (KEYLOG-10), named by SAS-1's salt."""
    if _writer is not None:
        _writer(PAIRING_CODE_KEY, salt, okm)
