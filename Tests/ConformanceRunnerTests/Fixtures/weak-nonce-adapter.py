#!/usr/bin/env python3
"""A fake adapter whose `frame-seal` is correct except for where its nonces come from, for the
live nonce check's tests. Needs PyNaCl (libsodium's XChaCha20-Poly1305).

  weak-nonce-adapter.py random    nonces from os.urandom: conforming (the positive control)
  weak-nonce-adapter.py counter   nonce = a 24-byte big-endian counter: distinct, but not random
  weak-nonce-adapter.py repeat    the same nonce after 300 frames: a reuse

With OPENHUMAN_KEYLOG set it writes a key log as ADP-95 asks (appended, one write per line,
before the answer): a comment line at hello, then for every seal the line
`TEST_SEAL <nonce> <sealing key>` (a label verifiers ignore), so the runner's tests can check
that a saved key log holds exactly the lines of its check, in the order of its frames.
"""

import json
import os
import sys

from nacl.bindings import crypto_aead_xchacha20poly1305_ietf_encrypt as seal

MODE = sys.argv[1]
counter = 0


def next_nonce():
    global counter
    counter += 1
    if MODE == "counter":
        return counter.to_bytes(24, "big")
    if MODE == "repeat" and counter > 300:
        return b"\x5a" * 24
    return os.urandom(24)


def key_log(line):
    path = os.environ.get("OPENHUMAN_KEYLOG")
    if path:
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.write(descriptor, (line + "\n").encode())
        os.close(descriptor)


def frame_seal(data):
    key = bytes.fromhex(data["c2s"] if data["role"] == "device" else data["s2c"])
    nonce = bytes.fromhex(data["nonce"]) if data.get("nonce") else next_nonce()
    key_log(f"TEST_SEAL {nonce.hex()} {key.hex()}")
    return {"frame": (b"\x02" + nonce + seal(bytes.fromhex(data["plaintext"]), b"", nonce, key)).hex()}


for line in sys.stdin:
    request = json.loads(line)
    rid, op = request["id"], request["op"]
    if op == "hello":
        key_log("# hello, before any check")
        output = {
            "protocol": 1,
            "name": "weak-nonce-" + MODE,
            "version": "0",
            "operations": ["frame-seal"],
            "policies": {},
        }
        response = {"id": rid, "ok": True, "output": output}
    elif op == "frame-seal":
        response = {"id": rid, "ok": True, "output": frame_seal(request["input"])}
    elif op == "shutdown":
        response = {"id": rid, "ok": True, "output": {}}
    else:
        response = {"id": rid, "ok": False, "error": "unsupported"}
    print(json.dumps(response, separators=(",", ":")), flush=True)
    if op == "shutdown":
        break
