"""The conformance adapter: newline-delimited JSON requests on stdin, one response line each on stdout.

Request  {"id": <int>, "op": "<name>", "input": {...}}
Response {"id": <same>, "ok": true, "output": {...}} or {"id": <same>, "ok": false, "error": "<code>"}

Binary values are lowercase hex. Protocol errors answer with the library's stable code;
input the adapter cannot read answers `bad_request`, an unknown operation `unsupported`, an
exception nobody expected `internal_error` (ADP-11).
Logs go to stderr only: stdout carries nothing but response lines, each flushed at once.
"""

import hashlib
import json
import sys
import traceback

from openhuman_tunnel import (
    __version__,
    aead,
    channel_keys,
    core_key_fingerprint,
    handshake,
    hkdf,
    noise,
    pairing_window,
    qr,
    qr_v3,
    sas,
    x25519,
)
from openhuman_tunnel.core_channel import CoreChannel
from openhuman_tunnel.core_session import SESSION_BOUND, CoreSession
from openhuman_tunnel.device_pairing import DevicePairing
from openhuman_tunnel.errors import TunnelError
from openhuman_tunnel.qr_errors import PairingPayloadError
from openhuman_tunnel.session import ROLES, SessionCipher, SessionKeys

from . import key_log_file
from .envelope_operations import ENVELOPE_OPERATIONS
from .pairing_v3_operations import PAIRING_V3_OPERATIONS
from .reconnect_v3_operations import RECONNECT_V3_OPERATIONS
from .request_errors import BadRequest, Unrepresentable
from .request_input import (
    array as _list,
    hex_bytes as _bytes,
    json_object as _object,
    optional_hex_bytes as _optional_bytes,
    safe_integer as _safe_integer,
    text as _text,
)
from .session_v3_operations import SESSION_V3_OPERATIONS
from .steps import run_steps
from .transport_select_operations import TRANSPORT_SELECT_OPERATIONS

ADAPTER_PROTOCOL = 1
ADAPTER_NAME = "openhuman-python"
REPLAY_MEMORY = 128

BAD_REQUEST = "bad_request"
INTERNAL_ERROR = "internal_error"
UNSUPPORTED = "unsupported"


# --- reading inputs ------------------------------------------------------------------


def _role(source: dict) -> str:
    role = source.get("role")
    if role not in ROLES:
        raise BadRequest("role: expected 'device' or 'core'")
    return role


def _key(source: dict, name: str) -> bytes:
    return _bytes(source, name, 32)


def _session_keys(source: dict) -> SessionKeys:
    return SessionKeys(_key(source, "c2s"), _key(source, "s2c"))


def _hex(data: bytes) -> str:
    return data.hex()


# --- primitive operations ------------------------------------------------------------


def op_x25519(inp: dict) -> dict:
    return {"shared": _hex(x25519.shared_secret(_key(inp, "scalar"), _key(inp, "u")))}


def op_hkdf_sha256(inp: dict) -> dict:
    okm = hkdf.sha256(_bytes(inp, "ikm"), _bytes(inp, "salt"), _bytes(inp, "info"), _safe_integer(inp, "length"))
    return {"okm": _hex(okm)}


def op_hchacha20(inp: dict) -> dict:
    return {"subkey": _hex(aead.hchacha20(_key(inp, "key"), _bytes(inp, "nonce", 16)))}


def op_xchacha20poly1305_seal(inp: dict) -> dict:
    ciphertext = aead.seal(_key(inp, "key"), _bytes(inp, "nonce", 24), _bytes(inp, "plaintext"), _bytes(inp, "aad"))
    return {"ciphertext": _hex(ciphertext)}


def op_xchacha20poly1305_open(inp: dict) -> dict:
    plaintext = aead.open(_key(inp, "key"), _bytes(inp, "nonce", 24), _bytes(inp, "ciphertext"), _bytes(inp, "aad"))
    return {"plaintext": _hex(plaintext)}


def op_session_keys(inp: dict) -> dict:
    keys = SessionKeys.derive(
        _key(inp, "staticDh"),
        _key(inp, "ephemeralDh"),
        _key(inp, "clientEphemeralPublic"),
        _key(inp, "serverEphemeralPublic"),
    )
    return {"c2s": _hex(keys.c2s), "s2c": _hex(keys.s2c)}


# --- session frames ------------------------------------------------------------------


def _cipher(inp: dict) -> SessionCipher:
    return SessionCipher(_role(inp), _session_keys(inp))


def op_frame_seal(inp: dict) -> dict:
    cipher = _cipher(inp)
    frame = cipher.seal(_bytes(inp, "plaintext"), _optional_bytes(inp, "nonce", 24))
    return {"frame": _hex(frame)}


def op_frame_open(inp: dict) -> dict:
    return {"plaintext": _hex(_cipher(inp).open(_bytes(inp, "frame")))}


def _session_step(step):
    """Parse one step into (action, arguments) before anything runs."""
    step = _object(step)
    if ("seal" in step) == ("open" in step):  # other members are ignored (ADP-31)
        raise BadRequest("a step holds exactly one of 'seal' or 'open'")
    if "seal" in step:
        seal = _object(step["seal"])
        return "seal", (_bytes(seal, "plaintext"), _optional_bytes(seal, "nonce", 24))
    if "open" in step:
        return "open", (_bytes(_object(step["open"]), "frame"),)
    raise BadRequest("a step holds exactly one of 'seal' or 'open'")


def op_session(inp: dict) -> dict:
    """One session object for all steps; a failing step reports its code and the next step runs."""
    cipher = _cipher(inp)
    steps = [_session_step(step) for step in _list(inp, "steps")]

    def apply(step) -> dict:
        action, arguments = step
        if action == "seal":
            return {"frame": _hex(cipher.seal(*arguments))}
        return {"plaintext": _hex(cipher.open(*arguments))}

    return run_steps(steps, apply)


# --- handshake -----------------------------------------------------------------------


def op_handshake_device_start(inp: dict) -> dict:
    core_public, device_private = _key(inp, "corePublicKey"), _key(inp, "deviceStaticPrivate")
    handshake_private, client_private = _key(inp, "handshakeEphemeralPrivate"), _key(inp, "clientEphemeralPrivate")
    nonce = _bytes(inp, "nonce", 24)
    frame = handshake.device_start(core_public, device_private, handshake_private, client_private, nonce)
    return {"frame": _hex(frame)}


def op_handshake_device_finish(inp: dict) -> dict:
    frame, core_public = _bytes(inp, "frame"), _key(inp, "corePublicKey")
    device_private, client_private = _key(inp, "deviceStaticPrivate"), _key(inp, "clientEphemeralPrivate")
    keys = handshake.device_finish(frame, core_public, device_private, client_private)
    return {"c2s": _hex(keys.c2s), "s2c": _hex(keys.s2c)}


def op_handshake_device(inp: dict) -> dict:
    """The device after its handshake: the ack opener takes each message until it accepts one
    (a refusal changes nothing, ACK-5); then it is closed and every later message goes to the
    new session's opener (ACK-6), so a second ack is unexpected_type."""
    core_public, device_private = _key(inp, "corePublicKey"), _key(inp, "deviceStaticPrivate")
    client_private = _key(inp, "clientEphemeralPrivate")
    messages = [_bytes(_object(step), "frame") for step in _list(inp, "steps")]
    session = None

    def apply(message: bytes) -> dict:
        nonlocal session
        if session is not None:
            return {"plaintext": _hex(session.open(message))}
        keys = handshake.device_finish(message, core_public, device_private, client_private)
        session = SessionCipher("device", keys)
        return {"c2s": _hex(keys.c2s), "s2c": _hex(keys.s2c)}

    return run_steps(messages, apply)


def op_device_state(inp: dict) -> dict:
    """One pairing of the device through its states (DEV-STATE-1 to DEV-STATE-4, ADP-111): it
    starts idle, and every result names the state after its step."""
    core_public, device_private = _key(inp, "corePublicKey"), _key(inp, "deviceStaticPrivate")
    pairing = DevicePairing(core_public, device_private, _safe_integer(inp, "ackTimeout"))
    steps = [_device_state_step(_object(step)) for step in _list(inp, "steps")]

    def apply(step) -> dict:
        action, now, value = step
        if action == "start":
            handshake_private, client_private, nonce = value
            return {"frame": _hex(pairing.start(handshake_private, client_private, nonce, now))}
        if action == "receive":
            kind, result = pairing.receive(value, now)
            if kind == "established":
                return {"c2s": _hex(result.c2s), "s2c": _hex(result.s2c)}
            return {"plaintext": _hex(result)}
        pairing.expire(now)
        return {}

    return run_steps(steps, apply, after=lambda: {"state": pairing.phase})


def _device_state_step(step: dict):
    """(action, now, value), read whole before any step runs."""
    now = _safe_integer(step, "now")
    present = [name for name in ("start", "receive", "tick") if name in step]
    if present == ["start"]:
        start = _object(step["start"])
        keys = (
            _key(start, "handshakeEphemeralPrivate"),
            _key(start, "clientEphemeralPrivate"),
            _bytes(start, "nonce", 24),
        )
        return "start", now, keys
    if present == ["receive"]:
        return "receive", now, _bytes(step, "receive")
    if present == ["tick"]:
        return "tick", now, None
    raise BadRequest('step: expected exactly one of "start", "receive" and "tick"')


def _read_channel(value):
    channel = _object(value)
    state = channel.get("state")
    if state == "pending":
        return handshake.Pending(_safe_integer(channel, "expiresAt"))
    if state == "paired":
        return handshake.Paired(
            _key(channel, "devicePublicKey"), _optional_bytes(channel, "lastHandshakeEphemeral", 32)
        )
    if state == "revoked":
        return handshake.Revoked()
    raise BadRequest("channel.state: expected pending, paired or revoked")


def _write_channel(channel) -> dict:
    if isinstance(channel, handshake.Pending):
        return {"state": "pending", "expiresAt": channel.expires_at}
    if isinstance(channel, handshake.Confirming):
        return {
            "state": "confirming",
            "devicePublicKey": _hex(channel.device_public_key),
            "lastHandshakeEphemeral": _hex(channel.last_handshake_ephemeral),
            "deadline": channel.deadline,
        }
    if isinstance(channel, handshake.Paired):
        last = channel.last_handshake_ephemeral
        return {
            "state": "paired",
            "devicePublicKey": _hex(channel.device_public_key),
            "lastHandshakeEphemeral": None if last is None else _hex(last),
        }
    return {"state": "revoked"}


def _core_step(step):
    step = _object(step)
    return (
        _bytes(step, "frame"),
        _safe_integer(step, "now"),
        _key(step, "serverEphemeralPrivate"),
        _bytes(step, "ackNonce", 24),
    )


def op_handshake_core(inp: dict) -> dict:
    """Run each handshake against the channel; the state carries over only from accepted steps (CHAN-6)."""
    core_static_private = _key(inp, "coreStaticPrivate")
    channel = _read_channel(inp.get("channel"))
    steps = [_core_step(step) for step in _list(inp, "steps")]

    def apply(step) -> dict:
        nonlocal channel
        frame, now, server_ephemeral_private, ack_nonce = step
        accepted = handshake.core_accept(frame, core_static_private, channel, now, server_ephemeral_private, ack_nonce)
        channel = accepted.channel
        return {
            "ack": _hex(accepted.ack),
            "c2s": _hex(accepted.keys.c2s),
            "s2c": _hex(accepted.keys.s2c),
            "devicePublicKey": _hex(accepted.device_public_key),
        }

    return run_steps(steps, apply, after=lambda: {"channel": _write_channel(channel)})


# --- safe pairing ----------------------------------------------------------------------


def op_sas(inp: dict) -> dict:
    code = sas.derive(_key(inp, "staticDh"), _key(inp, "ephemeralDh"), _bytes(inp, "handshake"), _bytes(inp, "ack"))
    return {"sas": code}


def op_core_key_fingerprint(inp: dict) -> dict:
    return {"fingerprint": core_key_fingerprint.fingerprint(_key(inp, "corePublicKey"))}


def op_pairing_window(inp: dict) -> dict:
    return {
        "expiresAt": pairing_window.expires_at(_safe_integer(inp, "issuedAt"), _safe_integer(inp, "relayExpiresAtMs"))
    }


def op_channel_keys(inp: dict) -> dict:
    ids, keys = [], []
    for channel in _list(inp, "channels"):
        channel = _object(channel)
        if not isinstance(channel.get("id"), str):
            raise BadRequest("channels[].id: expected a string")
        ids.append(channel["id"])
        keys.append(_key(channel, "corePublicKey"))
    candidate = _optional_bytes(inp, "candidate", 32)
    if candidate is not None:
        channel_keys.check_candidate(keys, candidate)
    return {"revoke": [id_ for id_, shared in zip(ids, channel_keys.shared(keys), strict=False) if shared]}


_OPEN_MANY_MAX_COUNT = 1_048_576


def _stream(seed: bytes):
    """stream(seed) of spec chapter 10: SHA-256(seed || u64be(0)) || SHA-256(seed || u64be(1)) || ..."""
    counter = 0
    while True:
        yield hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        counter += 1


def _device_frames(keys, seed: bytes, count: int):
    """The openMany frames (ADP-51): empty plaintexts sealed by the device (c2s), nonces from stream(seed)."""
    buffer = bytearray()
    blocks = _stream(seed)
    for _ in range(count):
        while len(buffer) < 24:
            buffer += next(blocks)
        nonce = bytes(buffer[:24])
        del buffer[:24]
        yield b"\x02" + nonce + aead.seal(keys.c2s, nonce, b"", b"")


def _core_session_step(step):
    """Parse one core-session step into (action, arguments) before anything runs."""
    step = _object(step)
    if len(step) == 1 and "openMany" in step:
        many = _object(step["openMany"])
        seed, count = _text(many, "seed"), many.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= _OPEN_MANY_MAX_COUNT:
            raise BadRequest("openMany.count: expected an integer from 0 to 1048576")
        return "openMany", (seed.encode("utf-8"), count)
    return _session_step(step)


def op_core_session(inp: dict) -> dict:
    """One core session (MEMORY-1, MEMORY-2) through seal, open and openMany steps."""
    keys = _session_keys(inp)
    session = CoreSession(keys)
    steps = [_core_session_step(step) for step in _list(inp, "steps")]

    def apply(step) -> dict:
        action, arguments = step
        if action == "openMany":
            opened = 0
            for frame in _device_frames(keys, *arguments):
                try:
                    session.open(frame)
                except TunnelError as error:
                    return {"opened": opened, "error": error.code}
                opened += 1
            return {"opened": opened}
        if action == "seal":
            return {"frame": _hex(session.seal(*arguments))}
        return {"plaintext": _hex(session.open(*arguments))}

    return run_steps(steps, apply)


def _core_channel_step(step):
    """Parse one core-channel step into (kind, arguments) before anything runs."""
    step = _object(step)
    if len(step) != 1:
        raise BadRequest("a step holds exactly one member")
    ((kind, body),) = step.items()
    body = _object(body)
    now = _safe_integer(body, "now")
    if kind == "handshake":
        return kind, (_bytes(body, "frame"), now, _key(body, "serverEphemeralPrivate"), _bytes(body, "ackNonce", 24))
    if kind == "open":
        return kind, (_bytes(body, "frame"), now)
    if kind == "seal":
        return kind, (_bytes(body, "plaintext"), _optional_bytes(body, "nonce", 24), now)
    if kind == "confirm":  # CONFIRM-4: the handshake whose code the user was shown
        return kind, (now, _key(body, "handshakeEphemeral"))
    if kind in ("reject", "tick", "fillSession", "restart"):
        return kind, (now,)
    if kind == "signal":
        if body.get("event") != "tunnel:revoked":
            raise BadRequest('signal.event: expected "tunnel:revoked"')
        return "relay_revoked", (now,)
    raise BadRequest(f"unknown step kind {kind!r}")


def _write_slot(slot):
    if slot is None:
        return None
    return {"devicePublicKey": _hex(slot.device_public_key), "handshakeEphemeral": _hex(slot.handshake_ephemeral)}


def op_core_channel(inp: dict) -> dict:
    """One core channel (KEYCONF-*, CONFIRM-*, ADP-55, ADP-56); each result shows the channel and the slot
    after it (ADP-50) and what it owes the relay (ADP-57)."""
    core_static_private = _key(inp, "coreStaticPrivate")
    channel = CoreChannel(core_static_private, _read_channel(inp.get("channel")))
    steps = [_core_channel_step(step) for step in _list(inp, "steps")]

    def apply(step) -> dict:
        kind, arguments = step
        if kind == "handshake":
            opened = channel.handshake(*arguments)
            return {
                "ack": _hex(opened.ack),
                "sas": opened.sas,
                "c2s": _hex(opened.keys.c2s),
                "s2c": _hex(opened.keys.s2c),
                "devicePublicKey": _hex(opened.device_public_key),
            }
        if kind == "open":
            return {"plaintext": _hex(channel.open(*arguments))}
        if kind == "seal":
            return {"frame": _hex(channel.seal(*arguments))}
        if kind == "fillSession":
            channel.fill_session(*arguments)  # ADP-55
            return {}
        getattr(channel, kind)(*arguments)
        return {}

    def after() -> dict:
        attempts = channel.attempts()
        return {
            "channel": _write_channel(channel.state),
            "pending": _write_slot(channel.slot),
            "attempts": None if attempts is None else {"handshakes": attempts[0], "deviceKeys": attempts[1]},
            "send": [{"event": event} for event in channel.take_signals()],
        }

    return run_steps(steps, apply, after=after)


# --- pairing payload -----------------------------------------------------------------


def _lan_url(inp: dict):
    """`rpc`: absent and null both mean no LAN URL (8.8)."""
    return None if inp.get("rpc") is None else _text(inp, "rpc")


def _payload_text(inp: dict) -> str:
    payload = inp.get("payload")
    if not isinstance(payload, str):
        raise BadRequest("payload: expected a string")
    # A lone surrogate in the payload is not refused here: the parser answers qr_bad_character.
    return payload


def op_qr_encode(inp: dict) -> dict:
    payload = qr.encode(
        _text(inp, "cid"), _text(inp, "pt"), _bytes(inp, "cpk"), _lan_url(inp), _safe_integer(inp, "exp")
    )
    return {"payload": payload}


def op_qr_parse(inp: dict) -> dict:
    result = qr.parse(_payload_text(inp), _safe_integer(inp, "now"))
    return {"cid": result.cid, "pt": result.pt, "cpk": _hex(result.cpk), "rpc": result.rpc, "exp": result.exp}


def op_qr_encode_v3(inp: dict) -> dict:
    """The version 3 producer (ADP-126, 8.12.6): `ps` of any even length, checked by the producer."""
    cid, pt, cpk, ps = _text(inp, "cid"), _text(inp, "pt"), _bytes(inp, "cpk"), _bytes(inp, "ps")
    return {"payload": qr_v3.encode(cid, pt, cpk, ps, _lan_url(inp), _safe_integer(inp, "exp"))}


def op_qr_parse_v3(inp: dict) -> dict:
    """The consumer of both versions (ADP-127, 8.12.6): a version 2 payload answers what qr-parse
    answers, with `v` 2 and `ps` null."""
    result = qr_v3.parse(_payload_text(inp), _safe_integer(inp, "now"))
    return {
        "v": result.version,
        "cid": result.cid,
        "pt": result.pt,
        "cpk": _hex(result.cpk),
        "ps": None if result.ps is None else _hex(result.ps),
        "rpc": result.rpc,
        "exp": result.exp,
    }


# --- wire version 3 ------------------------------------------------------------------


def _hex_list(source: dict, name: str) -> list[bytes]:
    return [_bytes({name: value}, name) for value in _list(source, name)]


def _message_lengths(pattern: noise.Pattern, payloads: list[bytes]) -> list[int]:
    """The length of every message on the wire, from its payload's: a message over Noise's
    65,535 bytes cannot be sent, so its payload is bad_request (ADP-58)."""
    lengths = [pattern.message_length(index, len(payloads[index])) for index in range(len(pattern.messages))]
    lengths += [len(payload) + noise.TAG_LENGTH for payload in payloads[len(pattern.messages) :]]
    if max(lengths) > noise.MAX_MESSAGE_LENGTH:
        raise BadRequest("payloads: a message would be longer than 65,535 bytes")
    return lengths


def _substitution(inp: dict, message_lengths: list[int]):
    """(message index, offset, bytes) of `substitute`, or None; the bytes must fit inside the
    message, which is known before any message is written."""
    if inp.get("substitute") is None:
        return None
    substitute = _object(inp["substitute"])
    message, offset = _safe_integer(substitute, "message"), _safe_integer(substitute, "offset")
    replacement = _bytes(substitute, "bytes")
    if message >= len(message_lengths) or offset + len(replacement) > message_lengths[message]:
        raise BadRequest("substitute: the bytes do not fit inside the message")
    return message, offset, replacement


def op_noise_handshake(inp: dict) -> dict:
    """One whole handshake with both parties in the adapter, then the transport messages
    (ADP-58): a refusal by the receiver of any message is the answer."""
    protocol = inp.get("protocol")
    if not isinstance(protocol, str) or protocol not in noise.PATTERNS:  # a list or an object cannot be looked up
        raise BadRequest(f"protocol: expected {noise.IKPSK1} or {noise.KKPSK2}")
    prologue, psk = _bytes(inp, "prologue"), _key(inp, "psk")
    initiator_static, initiator_ephemeral = _key(inp, "initiatorStatic"), _key(inp, "initiatorEphemeral")
    responder_static, responder_ephemeral = _key(inp, "responderStatic"), _key(inp, "responderEphemeral")
    payloads = _hex_list(inp, "payloads")
    if len(payloads) < 2:
        raise BadRequest("payloads: expected the two handshake payloads at least")
    responder_psk = _optional_bytes(inp, "responderPsk", 32)
    responder_prologue = _optional_bytes(inp, "responderPrologue")
    known_initiator = _optional_bytes(inp, "responderKnowsInitiator", 32)
    if known_initiator is not None and protocol != noise.KKPSK2:
        raise BadRequest("responderKnowsInitiator: only KKpsk2 has the initiator's static key as a pre-message")
    substitution = _substitution(inp, _message_lengths(noise.PATTERNS[protocol], payloads))

    if protocol == noise.KKPSK2 and known_initiator is None:
        known_initiator = x25519.public_key(initiator_static)
    initiator = noise.HandshakeState(
        protocol, True, prologue, psk, initiator_static, initiator_ephemeral, x25519.public_key(responder_static)
    )
    responder = noise.HandshakeState(
        protocol,
        False,
        prologue if responder_prologue is None else responder_prologue,
        psk if responder_psk is None else responder_psk,
        responder_static,
        responder_ephemeral,
        known_initiator,
    )
    messages = []

    def send(message: bytes) -> bytes:
        """Records the message as sent; returns it as its receiver gets it, with `substitute`
        applied when it names this one."""
        if substitution is not None and substitution[0] == len(messages):
            _, offset, replacement = substitution
            received = message[:offset] + replacement + message[offset + len(replacement) :]
        else:
            received = message
        messages.append(message)
        return received

    responder.read_message(send(initiator.write_message(payloads[0])))
    initiator.read_message(send(responder.write_message(payloads[1])))
    initiator_ciphers, responder_ciphers = initiator.split(), responder.split()
    for index, payload in enumerate(payloads[2:], start=2):
        direction = index % 2  # Split's c1 carries the initiator's messages (even), c2 the responder's
        sender, receiver = (
            (initiator_ciphers, responder_ciphers) if direction == 0 else (responder_ciphers, initiator_ciphers)
        )
        receiver[direction].decrypt_with_ad(b"", send(sender[direction].encrypt_with_ad(b"", payload)))
    return {
        "messages": [_hex(message) for message in messages],
        "handshakeHash": _hex(initiator.handshake_hash),
        "transportKeys": {
            "initiatorToResponder": _hex(initiator_ciphers[0].key),
            "responderToInitiator": _hex(initiator_ciphers[1].key),
        },
    }


# --- the loop ------------------------------------------------------------------------

OPERATIONS = {
    "x25519": op_x25519,
    "hkdf-sha256": op_hkdf_sha256,
    "hchacha20": op_hchacha20,
    "xchacha20poly1305-seal": op_xchacha20poly1305_seal,
    "xchacha20poly1305-open": op_xchacha20poly1305_open,
    "session-keys": op_session_keys,
    "frame-seal": op_frame_seal,
    "frame-open": op_frame_open,
    "session": op_session,
    "handshake-device-start": op_handshake_device_start,
    "handshake-device-finish": op_handshake_device_finish,
    "handshake-device": op_handshake_device,
    "handshake-core": op_handshake_core,
    "device-state": op_device_state,
    "qr-encode": op_qr_encode,
    "qr-parse": op_qr_parse,
    "qr-encode-v3": op_qr_encode_v3,
    "qr-parse-v3": op_qr_parse_v3,
    "sas": op_sas,
    "core-key-fingerprint": op_core_key_fingerprint,
    "pairing-window": op_pairing_window,
    "channel-keys": op_channel_keys,
    "core-session": op_core_session,
    "core-channel": op_core_channel,
    "noise-handshake": op_noise_handshake,
    **PAIRING_V3_OPERATIONS,
    **RECONNECT_V3_OPERATIONS,
    **SESSION_V3_OPERATIONS,
    **ENVELOPE_OPERATIONS,
    **TRANSPORT_SELECT_OPERATIONS,
}


def op_hello(inp: dict) -> dict:
    if inp.get("protocol") != ADAPTER_PROTOCOL:
        raise BadRequest("protocol: only 1 is spoken")
    return {
        "protocol": ADAPTER_PROTOCOL,
        "name": ADAPTER_NAME,
        "version": __version__,
        "operations": list(OPERATIONS),
        "policies": {"replayMemory": REPLAY_MEMORY, "sessionReplayMemory": SESSION_BOUND},
    }


def _holds_lone_surrogate(value) -> bool:
    """Whether a decoded request holds a string with an unpaired surrogate escape: JSON by the
    grammar, but no Unicode text, so the request is bad_request under its own id (ADP-32).
    Python's json module decodes such an escape to a lone code point instead of refusing it."""
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, dict):
        return any(_holds_lone_surrogate(k) or _holds_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_holds_lone_surrogate(v) for v in value)
    return False


def handle(request) -> dict:
    """Return the response object for one decoded request; never raises."""
    if isinstance(request, dict) and _holds_lone_surrogate(request):
        request_id = request.get("id")
        valid_id = isinstance(request_id, int) and not isinstance(request_id, bool)
        return {"id": request_id if valid_id else None, "ok": False, "error": BAD_REQUEST}
    if not isinstance(request, dict):
        return {"id": None, "ok": False, "error": BAD_REQUEST}
    request_id = request.get("id")
    if not isinstance(request_id, int) or isinstance(request_id, bool):
        return {"id": None, "ok": False, "error": BAD_REQUEST}
    op = request.get("op")
    try:
        if op == "shutdown":
            output = {}
        elif op == "hello":
            output = op_hello(_object(request.get("input")))
        else:
            operation = OPERATIONS.get(op) if isinstance(op, str) else None
            if operation is None:
                return {"id": request_id, "ok": False, "error": UNSUPPORTED if isinstance(op, str) else BAD_REQUEST}
            output = operation(_object(request.get("input")))
    except (TunnelError, PairingPayloadError) as error:
        return {"id": request_id, "ok": False, "error": error.code}
    except Unrepresentable:
        print(f"openhuman-python: request {request_id}: output not representable (ADP-1)", file=sys.stderr)
        return {"id": request_id, "ok": False, "error": UNSUPPORTED}
    except BadRequest as error:
        print(f"openhuman-python: request {request_id}: bad_request: {error}", file=sys.stderr)
        return {"id": request_id, "ok": False, "error": BAD_REQUEST}
    except Exception:  # never die on input: report it and carry on
        # An exception nobody expected is the adapter's own failure, not a malformed input:
        # internal_error (ADP-11), which fails the case even where bad_request is expected.
        traceback.print_exc(file=sys.stderr)
        return {"id": request_id, "ok": False, "error": INTERNAL_ERROR}
    return {"id": request_id, "ok": True, "output": output}


# ADP-2's cap on a line, line feed excluded.
MAXIMUM_LINE_LENGTH = 4 << 20
RESPONSE_TOO_LARGE = "response_too_large"


def response_line(response: dict) -> str:
    """The response as one JSON line; an answer over the line cap becomes response_too_large (ADP-25),
    so the runner gets a short answer instead of a line it must refuse."""
    line = json.dumps(response, separators=(",", ":"))
    if len(line.encode("utf-8")) > MAXIMUM_LINE_LENGTH:
        print(
            f"openhuman-python: response of {len(line)} bytes exceeds the line cap: {RESPONSE_TOO_LARGE}",
            file=sys.stderr,
        )
        line = json.dumps({"id": response.get("id"), "ok": False, "error": RESPONSE_TOO_LARGE}, separators=(",", ":"))
    return line


def main() -> int:
    """Serve requests until `shutdown` or end of input; both exit 0."""
    key_log_file.install_from_environment()
    return serve(handle)


def serve(answer) -> int:
    """Answers each request line of stdin with `answer(request)` (None for a line that is not
    JSON), one response line each, flushed at once (ADP-4), until `shutdown` or end of input;
    both exit 0. Other adapters on this plumbing (tools/relay's) pass their own `answer`."""
    stdout = sys.stdout
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):
            request = None
        response = answer(request)
        stdout.write(response_line(response) + "\n")
        stdout.flush()
        if response["ok"] and request.get("op") == "shutdown":
            return 0
    return 0
