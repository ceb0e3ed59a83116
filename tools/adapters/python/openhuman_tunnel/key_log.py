"""Where the implementation reports its secrets for a key log (spec/kit/03-verifier.md).

The handshake, session and pairing code call ``handshake_key``, ``ack_key``, ``session`` and
``pairing_code`` at the moments KEYLOG-2 and KEYLOG-8 to KEYLOG-10 name, and version 3's pairing
``pairing_v3_message_one`` and ``pairing_v3_message_two`` at those of KEYLOG-13: the secrets of one
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
V3_M1_STATIC_KEY = "V3_M1_STATIC_KEY"
V3_M1_PAYLOAD = "V3_M1_PAYLOAD"
V3_M2_PAYLOAD = "V3_M2_PAYLOAD"
V3_TRANSPORT = "V3_TRANSPORT"

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


def pairing_v3_message_one(handshake, device_ephemeral_public: bytes) -> None:
    """Message 1 of a version 3 pairing sent (device) or answered (core), KEYLOG-13: the key after
    `es`, and the key and h after `psk`, named by e_D. Never ps, the psk or a DH output."""
    if _writer is not None:
        static_key, _ = handshake.token_secret(0, "es")
        payload_key, payload_hash = handshake.token_secret(0, "psk")
        _writer(V3_M1_STATIC_KEY, device_ephemeral_public, static_key)
        _writer(V3_M1_PAYLOAD, device_ephemeral_public, payload_key + payload_hash)


def pairing_v3_message_two(handshake, device_ephemeral_public: bytes, to_core: bytes, to_device: bytes) -> None:
    """Message 2 of a version 3 pairing accepted (device) or sent (core), KEYLOG-13: the key after
    `se` and the two Split() keys, device to core first, named by e_D."""
    if _writer is not None:
        core_nonce_key, _ = handshake.token_secret(1, "se")
        _writer(V3_M2_PAYLOAD, device_ephemeral_public, core_nonce_key)
        _writer(V3_TRANSPORT, device_ephemeral_public, to_core + to_device)


def reconnect_v3(device_ephemeral_public: bytes, to_core: bytes, to_device: bytes) -> None:
    """A version 3 reconnection's Split() keys (KEYLOG-13), device to core first, named by the e
    of its 0x13: a message 2 the device accepted or the core sent. Its two handshake payloads are
    empty, so no other line is logged."""
    if _writer is not None:
        _writer(V3_TRANSPORT, device_ephemeral_public, to_core + to_device)
