"""The conformance adapter: newline-delimited JSON requests on stdin, one response line each on stdout.

Request  {"id": <int>, "op": "<name>", "input": {...}}
Response {"id": <same>, "ok": true, "output": {...}} or {"id": <same>, "ok": false, "error": "<code>"}

Binary values are lowercase hex. Protocol errors answer with the library's stable code;
input the adapter cannot read answers `bad_request`, an unknown operation `unsupported`.
Logs go to stderr only: stdout carries nothing but response lines, each flushed at once.
"""

import json
import re
import sys
import traceback

from . import __version__, aead, handshake, hkdf, qr, x25519
from .envelope_operations import ENVELOPE_OPERATIONS
from .errors import TunnelError
from .request_errors import BadRequest, Unrepresentable
from .session import ROLES, SessionCipher, SessionKeys

ADAPTER_PROTOCOL = 1
ADAPTER_NAME = "openhuman-python"
REPLAY_MEMORY = 128

BAD_REQUEST = "bad_request"
UNSUPPORTED = "unsupported"


# --- reading inputs ------------------------------------------------------------------

_LOWER_HEX = re.compile(r"(?:[0-9a-f]{2})*")


def _object(value) -> dict:
    if not isinstance(value, dict):
        raise BadRequest("expected a JSON object")
    return value


def _bytes(source: dict, name: str, length: int = None) -> bytes:
    """A lowercase hex member, optionally of an exact decoded length."""
    text = source.get(name)
    if not isinstance(text, str) or _LOWER_HEX.fullmatch(text) is None:
        raise BadRequest(f"{name}: expected lowercase hex")
    data = bytes.fromhex(text)
    if length is not None and len(data) != length:
        raise BadRequest(f"{name}: expected {length} bytes")
    return data


def _optional_bytes(source: dict, name: str, length: int):
    if source.get(name) is None:
        return None
    return _bytes(source, name, length)


_UINT64_MAX = 2**64 - 1


def _uint64(source: dict, name: str) -> int:
    """An unsigned 64-bit integer (times are Unix seconds as UInt64)."""
    value = source.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _UINT64_MAX:
        raise BadRequest(f"{name}: expected an unsigned 64-bit integer")
    return value


_SAFE_INTEGER_MAX = 2**53 - 1


def _safe_integer(source: dict, name: str) -> int:
    """An integer from 0 to 2^53 - 1 (the QR operations' range)."""
    value = source.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _SAFE_INTEGER_MAX:
        raise BadRequest(f"{name}: expected an integer from 0 to 2^53 - 1")
    return value


def _text(source: dict, name: str) -> str:
    """A JSON string that is Unicode text (a lone surrogate escape is not)."""
    value = source.get(name)
    if not isinstance(value, str):
        raise BadRequest(f"{name}: expected a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"{name}: contains an unpaired surrogate") from None
    return value


def _list(source: dict, name: str) -> list:
    value = source.get(name)
    if not isinstance(value, list):
        raise BadRequest(f"{name}: expected an array")
    return value


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
    okm = hkdf.sha256(_bytes(inp, "ikm"), _bytes(inp, "salt"), _bytes(inp, "info"), _uint64(inp, "length"))
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
    keys = SessionKeys.derive(_key(inp, "staticDh"), _key(inp, "ephemeralDh"),
                              _key(inp, "clientEphemeralPublic"), _key(inp, "serverEphemeralPublic"))
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
    if len(step) != 1:
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
    results = []
    for action, arguments in steps:
        try:
            if action == "seal":
                results.append({"frame": _hex(cipher.seal(*arguments))})
            else:
                results.append({"plaintext": _hex(cipher.open(*arguments))})
        except TunnelError as error:
            results.append({"error": error.code})
    return {"steps": results}


# --- handshake -----------------------------------------------------------------------

def op_handshake_device_start(inp: dict) -> dict:
    frame = handshake.device_start(_key(inp, "corePublicKey"), _key(inp, "deviceStaticPrivate"),
                                   _key(inp, "handshakeEphemeralPrivate"), _key(inp, "clientEphemeralPrivate"),
                                   _bytes(inp, "nonce", 24))
    return {"frame": _hex(frame)}


def op_handshake_device_finish(inp: dict) -> dict:
    keys = handshake.device_finish(_bytes(inp, "frame"), _key(inp, "corePublicKey"),
                                   _key(inp, "deviceStaticPrivate"), _key(inp, "clientEphemeralPrivate"))
    return {"c2s": _hex(keys.c2s), "s2c": _hex(keys.s2c)}


def _read_channel(value):
    channel = _object(value)
    state = channel.get("state")
    if state == "pending":
        return handshake.Pending(_uint64(channel, "expiresAt"))
    if state == "paired":
        return handshake.Paired(_key(channel, "devicePublicKey"),
                                _optional_bytes(channel, "lastHandshakeEphemeral", 32))
    if state == "revoked":
        return handshake.Revoked()
    raise BadRequest("channel.state: expected pending, paired or revoked")


def _write_channel(channel) -> dict:
    if isinstance(channel, handshake.Pending):
        return {"state": "pending", "expiresAt": channel.expires_at}
    if isinstance(channel, handshake.Paired):
        last = channel.last_handshake_ephemeral
        return {"state": "paired", "devicePublicKey": _hex(channel.device_public_key),
                "lastHandshakeEphemeral": None if last is None else _hex(last)}
    return {"state": "revoked"}


def _core_step(step):
    step = _object(step)
    return (_bytes(step, "frame"), _uint64(step, "now"), _key(step, "serverEphemeralPrivate"),
            _bytes(step, "ackNonce", 24))


def op_handshake_core(inp: dict) -> dict:
    """Run each handshake against the channel; the state carries over only from accepted steps (CHAN-6)."""
    core_static_private = _key(inp, "coreStaticPrivate")
    channel = _read_channel(inp.get("channel"))
    steps = [_core_step(step) for step in _list(inp, "steps")]
    results = []
    for frame, now, server_ephemeral_private, ack_nonce in steps:
        try:
            accepted = handshake.core_accept(frame, core_static_private, channel, now,
                                             server_ephemeral_private, ack_nonce)
        except TunnelError as error:
            results.append({"error": error.code, "channel": _write_channel(channel)})
            continue
        channel = accepted.channel
        results.append({"ack": _hex(accepted.ack), "c2s": _hex(accepted.keys.c2s), "s2c": _hex(accepted.keys.s2c),
                        "devicePublicKey": _hex(accepted.device_public_key), "channel": _write_channel(channel)})
    return {"steps": results}


# --- pairing payload -----------------------------------------------------------------

def op_qr_encode(inp: dict) -> dict:
    rpc = None if inp.get("rpc") is None else _text(inp, "rpc")
    payload = qr.encode(_text(inp, "cid"), _text(inp, "pt"), _bytes(inp, "cpk"), rpc, _safe_integer(inp, "exp"))
    return {"payload": payload}


def op_qr_parse(inp: dict) -> dict:
    payload = inp.get("payload")
    if not isinstance(payload, str):
        raise BadRequest("payload: expected a string")
    # A lone surrogate in the payload is not refused here: the parser answers qr_bad_character.
    result = qr.parse(payload, _safe_integer(inp, "now"))
    return {"cid": result.cid, "pt": result.pt, "cpk": _hex(result.cpk), "rpc": result.rpc, "exp": result.exp}


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
    "handshake-core": op_handshake_core,
    "qr-encode": op_qr_encode,
    "qr-parse": op_qr_parse,
    **ENVELOPE_OPERATIONS,
}


def op_hello(inp: dict) -> dict:
    if inp.get("protocol") != ADAPTER_PROTOCOL:
        raise BadRequest("protocol: only 1 is spoken")
    return {"protocol": ADAPTER_PROTOCOL, "name": ADAPTER_NAME, "version": __version__,
            "operations": list(OPERATIONS), "policies": {"replayMemory": REPLAY_MEMORY}}


def handle(request) -> dict:
    """Return the response object for one decoded request; never raises."""
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
    except (TunnelError, qr.PairingPayloadError) as error:
        return {"id": request_id, "ok": False, "error": error.code}
    except Unrepresentable:
        print(f"openhuman-python: request {request_id}: output not representable (ADP-1)", file=sys.stderr)
        return {"id": request_id, "ok": False, "error": UNSUPPORTED}
    except BadRequest as error:
        print(f"openhuman-python: request {request_id}: bad_request: {error}", file=sys.stderr)
        return {"id": request_id, "ok": False, "error": BAD_REQUEST}
    except Exception:  # never die on input: report it and carry on
        traceback.print_exc(file=sys.stderr)
        return {"id": request_id, "ok": False, "error": BAD_REQUEST}
    return {"id": request_id, "ok": True, "output": output}


def main() -> int:
    """Serve requests until `shutdown` or end of input; both exit 0."""
    stdout = sys.stdout
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):
            request = None
        response = handle(request)
        stdout.write(json.dumps(response, separators=(",", ":")) + "\n")
        stdout.flush()
        if response["ok"] and request.get("op") == "shutdown":
            return 0
    return 0
