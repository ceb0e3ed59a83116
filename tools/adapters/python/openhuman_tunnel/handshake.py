"""The bootstrap handshake: 0x03 (device to core) and 0x04 (core to device), spec HS-*, ACK-*, CHAN-*.

    device                                                     core
    hs_eph, client_eph fresh
    0x03 || hs_eph_pub || nonce || AEAD(k_hs, {device_pubkey, client_ephemeral_pubkey},
                                        aad = 0x03 || hs_eph_pub)  ------>
                                                      checks HS-4, channel rules, server_eph fresh
              <------  0x04 || nonce || AEAD(k_ack, {kind, server_ephemeral_pubkey},
                                             aad = 0x04 || client_eph_pub)
    both: c2s, s2c = HKDF(static_dh || eph_dh, client_eph_pub || server_eph_pub)

k_hs hides the device's identity from the relay: only the holder of core_static can
derive it. k_ack is keyed with static_dh, so only the core that holds core_static (the
key from the QR) can produce an ack the device accepts.
"""

import hmac

from . import aead, base64url, hkdf, key_log, sas, x25519
from .errors import (
    BAD_FIELD_TYPE,
    BAD_FIELD_VALUE,
    CHANNEL_REVOKED,
    HANDSHAKE_REPLAYED,
    MISSING_FIELD,
    PAIRING_EXPIRED,
    PAIRING_UNCONFIRMED,
    UNKNOWN_DEVICE,
    TunnelError,
)
from .frames import (
    MIN_ACK_FRAME,
    MIN_HANDSHAKE_FRAME,
    NONCE_LENGTH,
    TYPE_HANDSHAKE,
    TYPE_HANDSHAKE_ACK,
    check_shape,
)
from .session import SessionKeys
from .strict_json import NOT_A_STRING, parse_object_members

_INFO_HANDSHAKE = b"openhuman-tunnel/v3/handshake"
_INFO_HANDSHAKE_ACK = b"openhuman-tunnel/v3/handshake-ack"
_KEY_LENGTH = 32
_HANDSHAKE_HEADER_LENGTH = 1 + _KEY_LENGTH  # 0x03 || hs_eph_pub, also the AAD
_ACK_KIND = "handshake_ack"


# --- channel states (CHAN-1) ---------------------------------------------------------


class Pending:
    """Waiting for the first handshake; valid while now <= expires_at."""

    __slots__ = ("expires_at",)

    def __init__(self, expires_at: int) -> None:
        self.expires_at = expires_at


class Paired:
    """Bound to one device static key; remembers the last accepted handshake ephemeral."""

    __slots__ = ("device_public_key", "last_handshake_ephemeral")

    def __init__(self, device_public_key: bytes, last_handshake_ephemeral: bytes | None = None) -> None:
        self.device_public_key = device_public_key
        self.last_handshake_ephemeral = last_handshake_ephemeral


class Confirming:
    """A first pairing committed by its first frame, waiting for the user until `deadline` (CONFIRM-1).

    Bound to its device key like a paired channel (CONFIRM-5); delivers and seals nothing.
    """

    __slots__ = ("device_public_key", "last_handshake_ephemeral", "deadline")

    def __init__(self, device_public_key: bytes, last_handshake_ephemeral: bytes, deadline: int) -> None:
        self.device_public_key = device_public_key
        self.last_handshake_ephemeral = last_handshake_ephemeral
        self.deadline = deadline


class Revoked:
    """Accepts no handshake."""

    __slots__ = ()


# --- key schedule (KDF-3, KDF-4) -----------------------------------------------------


def _handshake_key(hs_dh: bytes, hs_eph_pub: bytes, core_public: bytes) -> bytes:
    return hkdf.sha256(hs_dh, hs_eph_pub + core_public, _INFO_HANDSHAKE, _KEY_LENGTH)


def _ack_key(static_dh: bytes, client_eph_pub: bytes) -> bytes:
    return hkdf.sha256(static_dh, client_eph_pub, _INFO_HANDSHAKE_ACK, _KEY_LENGTH)


# --- plaintexts (HS-2, ACK-2, JSON-*) ------------------------------------------------


def _handshake_plaintext(device_public: bytes, client_eph_pub: bytes) -> bytes:
    """The exact sender form: this member order, no whitespace."""
    return (
        '{"device_pubkey":"%s","client_ephemeral_pubkey":"%s"}'
        % (base64url.encode(device_public), base64url.encode(client_eph_pub))
    ).encode("ascii")


def _ack_plaintext(server_eph_pub: bytes) -> bytes:
    return ('{"kind":"%s","server_ephemeral_pubkey":"%s"}' % (_ACK_KIND, base64url.encode(server_eph_pub))).encode(
        "ascii"
    )


def _string_field(fields: dict, name: str) -> str:
    """Present (missing_field) and a JSON string (bad_field_type)."""
    if name not in fields:
        raise TunnelError(MISSING_FIELD)
    value = fields[name]
    if value is NOT_A_STRING:
        raise TunnelError(BAD_FIELD_TYPE)
    return value


def _key_field(fields: dict, name: str) -> bytes:
    """A string member holding a strict base64url 32-byte key (JSON-6)."""
    return base64url.decode_key(_string_field(fields, name))


def _read_fields(plaintext: bytes) -> dict:
    """JSON-1, JSON-2; unknown members stay in the dict and are never looked at (JSON-5)."""
    return dict(parse_object_members(plaintext))


# --- device side (HS-3, ACK-4) -------------------------------------------------------


def device_start(
    core_public: bytes,
    device_static_private: bytes,
    handshake_ephemeral_private: bytes,
    client_ephemeral_private: bytes,
    nonce: bytes,
) -> bytes:
    """Build 0x03 || hs_eph_pub || nonce || AEAD(k_hs, plaintext, aad = 0x03 || hs_eph_pub).

    The private keys and the nonce are inputs (fresh from a CSPRNG in real use, DH-3) so
    that the output is reproducible. A low-order core key is refused before anything
    is built (HS-3).
    """
    hs_dh = x25519.shared_secret(handshake_ephemeral_private, core_public)
    x25519.shared_secret(device_static_private, core_public)  # the later static DH must not be zero either
    hs_eph_pub = x25519.public_key(handshake_ephemeral_private)
    header = bytes((TYPE_HANDSHAKE,)) + hs_eph_pub
    plaintext = _handshake_plaintext(
        x25519.public_key(device_static_private), x25519.public_key(client_ephemeral_private)
    )
    key = _handshake_key(hs_dh, hs_eph_pub, core_public)
    key_log.handshake_key(hs_eph_pub, core_public, key)
    return header + nonce + aead.seal(key, nonce, plaintext, header)


def _device_open_ack(ack: bytes, core_public: bytes, device_static_private: bytes, client_ephemeral_private: bytes):
    """Open the core's 0x04 ack in the order of ACK-4: (static_dh, eph_dh, client_eph_pub, server_eph_pub)."""
    check_shape(ack, TYPE_HANDSHAKE_ACK, MIN_ACK_FRAME)
    static_dh = x25519.shared_secret(device_static_private, core_public)
    client_eph_pub = x25519.public_key(client_ephemeral_private)
    nonce = ack[1 : 1 + NONCE_LENGTH]
    aad = bytes((TYPE_HANDSHAKE_ACK,)) + client_eph_pub
    ack_key = _ack_key(static_dh, client_eph_pub)
    plaintext = aead.open(ack_key, nonce, ack[1 + NONCE_LENGTH :], aad)

    fields = _read_fields(plaintext)
    if _string_field(fields, "kind") != _ACK_KIND:
        raise TunnelError(BAD_FIELD_VALUE)
    server_eph_pub = _key_field(fields, "server_ephemeral_pubkey")

    eph_dh = x25519.shared_secret(client_ephemeral_private, server_eph_pub)
    key_log.ack_key(client_eph_pub, ack_key)  # logged only now: the ack is accepted (KEYLOG-9)
    return static_dh, eph_dh, client_eph_pub, server_eph_pub


def device_finish(
    ack: bytes, core_public: bytes, device_static_private: bytes, client_ephemeral_private: bytes
) -> SessionKeys:
    """Open the core's 0x04 ack and derive the session keys, checking in the order of ACK-4."""
    static_dh, eph_dh, client_eph_pub, server_eph_pub = _device_open_ack(
        ack, core_public, device_static_private, client_ephemeral_private
    )
    return SessionKeys.derive(static_dh, eph_dh, client_eph_pub, server_eph_pub)


def device_finish_with_code(
    handshake_frame: bytes,
    ack: bytes,
    core_public: bytes,
    device_static_private: bytes,
    client_ephemeral_private: bytes,
):
    """device_finish and the code the device shows (SAS-2, SAS-4): (SessionKeys, six digits).

    `handshake_frame` is the 0x03 this device sent: the code binds both messages' exact bytes.
    """
    static_dh, eph_dh, client_eph_pub, server_eph_pub = _device_open_ack(
        ack, core_public, device_static_private, client_ephemeral_private
    )
    return (
        SessionKeys.derive(static_dh, eph_dh, client_eph_pub, server_eph_pub),
        sas.derive(static_dh, eph_dh, handshake_frame, ack),
    )


# --- core side (HS-4, CHAN-*) --------------------------------------------------------


class Opened:
    """A handshake that passed HS-4: the ack to send, the session keys and the code (SAS-2)."""

    __slots__ = ("ack", "keys", "device_public_key", "handshake_ephemeral", "client_ephemeral", "sas")

    def __init__(
        self,
        ack: bytes,
        keys: SessionKeys,
        device_public_key: bytes,
        handshake_ephemeral: bytes,
        client_ephemeral: bytes,
        code: str,
    ) -> None:
        self.ack = ack
        self.client_ephemeral = client_ephemeral  # refused again at step 9 (HS-4-9, R3-16)
        self.keys = keys
        self.device_public_key = device_public_key
        self.handshake_ephemeral = handshake_ephemeral
        self.sas = code


class Accepted:
    """A successful core accept: the ack to send, the session keys and the new channel state."""

    __slots__ = ("ack", "keys", "device_public_key", "channel")

    def __init__(self, ack: bytes, keys: SessionKeys, device_public_key: bytes, channel) -> None:
        self.ack = ack
        self.keys = keys
        self.device_public_key = device_public_key
        self.channel = channel


def core_open(
    frame: bytes,
    core_static_private: bytes,
    channel,
    now: int,
    server_ephemeral_private: bytes,
    ack_nonce: bytes,
    slot_handshake_ephemeral: bytes | None = None,
    refused_client_ephemerals=(),
    rate=None,
) -> Opened:
    """Open a 0x03 handshake for `channel` and answer it, in the exact order of HS-4; changes nothing.

    The caller decides when the handshake takes effect (KEYCONF-1). A confirming channel takes
    no handshake until the user answered (CONFIRM-5); `slot_handshake_ephemeral` is the
    hs_eph_pub of the pending handshake, refused as a replay at step 9 (KEYCONF-2), and so is a
    client_ephemeral_pubkey in `refused_client_ephemerals` (HS-4-9, R3-16). `rate`, when given,
    is the channel's HandshakeRate, which takes its token between steps 4 and 5 (HS-RATE-1): the
    only effect a failing handshake has. The stateless handshake-core passes neither.
    """
    # 1-3: empty/type, too short, too large.
    check_shape(frame, TYPE_HANDSHAKE, MIN_HANDSHAKE_FRAME)

    # 4: channel state, before any cryptography, so a dead channel costs no DH.
    if isinstance(channel, Revoked):
        raise TunnelError(CHANNEL_REVOKED)
    if isinstance(channel, Pending) and now > channel.expires_at:
        raise TunnelError(PAIRING_EXPIRED)
    # CONFIRM-5: the code the desktop shows must not change while the user compares it.
    if isinstance(channel, Confirming):
        raise TunnelError(PAIRING_UNCONFIRMED)
    if rate is not None:
        rate.take(now)

    # 5-6: the handshake key, then authentication of header and plaintext.
    header = frame[:_HANDSHAKE_HEADER_LENGTH]
    hs_eph_pub = frame[1:_HANDSHAKE_HEADER_LENGTH]
    hs_dh = x25519.shared_secret(core_static_private, hs_eph_pub)
    core_public = x25519.public_key(core_static_private)
    nonce = frame[_HANDSHAKE_HEADER_LENGTH : _HANDSHAKE_HEADER_LENGTH + NONCE_LENGTH]
    handshake_key = _handshake_key(hs_dh, hs_eph_pub, core_public)
    plaintext = aead.open(handshake_key, nonce, frame[_HANDSHAKE_HEADER_LENGTH + NONCE_LENGTH :], header)

    # 7: JSON, each required member completely before the next (JSON-7).
    fields = _read_fields(plaintext)
    device_public = _key_field(fields, "device_pubkey")
    client_eph_pub = _key_field(fields, "client_ephemeral_pubkey")

    # 8-9: channel binding. Constant-time compares: these are identity checks on keys.
    if isinstance(channel, Paired):
        if not hmac.compare_digest(device_public, channel.device_public_key):
            raise TunnelError(UNKNOWN_DEVICE)
        last = channel.last_handshake_ephemeral
        if last is not None and hmac.compare_digest(hs_eph_pub, last):
            raise TunnelError(HANDSHAKE_REPLAYED)
    if slot_handshake_ephemeral is not None and hmac.compare_digest(hs_eph_pub, slot_handshake_ephemeral):
        raise TunnelError(HANDSHAKE_REPLAYED)
    if any(hmac.compare_digest(client_eph_pub, seen) for seen in refused_client_ephemerals):
        raise TunnelError(HANDSHAKE_REPLAYED)

    # 10-11: the session DHs.
    static_dh = x25519.shared_secret(core_static_private, device_public)
    server_eph_pub = x25519.public_key(server_ephemeral_private)
    eph_dh = x25519.shared_secret(server_ephemeral_private, client_eph_pub)

    # Logged only now, for an accepted handshake, in the order of the exchange (KEYLOG-8, KEYLOG-9):
    # k_hs, k_ack, then the session keys and the code's key material as they are derived.
    ack_key = _ack_key(static_dh, client_eph_pub)
    key_log.handshake_key(hs_eph_pub, core_public, handshake_key)
    key_log.ack_key(client_eph_pub, ack_key)
    keys = SessionKeys.derive(static_dh, eph_dh, client_eph_pub, server_eph_pub)
    ack_aad = bytes((TYPE_HANDSHAKE_ACK,)) + client_eph_pub
    ack = (
        bytes((TYPE_HANDSHAKE_ACK,))
        + ack_nonce
        + aead.seal(ack_key, ack_nonce, _ack_plaintext(server_eph_pub), ack_aad)
    )
    return Opened(ack, keys, device_public, hs_eph_pub, client_eph_pub, sas.derive(static_dh, eph_dh, frame, ack))


def core_accept(
    frame: bytes, core_static_private: bytes, channel, now: int, server_ephemeral_private: bytes, ack_nonce: bytes
) -> Accepted:
    """The handshake-core operation: core_open, committed at once.

    Pure: the channel passed in is never modified. On success the caller replaces its
    channel state with `Accepted.channel` together with the new session (CHAN-6); on
    any error it keeps the old state.
    """
    opened = core_open(frame, core_static_private, channel, now, server_ephemeral_private, ack_nonce)
    return Accepted(
        opened.ack, opened.keys, opened.device_public_key, Paired(opened.device_public_key, opened.handshake_ephemeral)
    )
