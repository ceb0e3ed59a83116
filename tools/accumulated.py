#!/usr/bin/env python3
"""Independent reproduction of the accumulated session-frame test (spec/kit/01-vectors.md).

Written from the spec's description, not from the Swift code: PyNaCl's libsodium bindings for
XChaCha20-Poly1305 and hashlib for SHA-256. Prints one line per case count:

    <count> <sha256>

Usage: tools/accumulated.py [COUNT ...]        (default: 1 100 10000)
       tools/accumulated.py --check vectors/accumulated.json [--slow]
"""

import hashlib
import json
import struct
import sys

from nacl.bindings import (
    crypto_aead_xchacha20poly1305_ietf_decrypt,
    crypto_aead_xchacha20poly1305_ietf_encrypt,
)
from nacl.exceptions import CryptoError

SEED = "openhuman-tunnel/accumulated/session-frames"
MAX_PLAINTEXT = 1024
OVERHEAD = 41  # 0x02 || nonce(24) || tag(16)
MAX_FRAME = 49_152


class ByteStream:
    """SHA-256 in counter mode: block(i) = SHA-256(utf8(label) || uint64_be(i))."""

    def __init__(self, label):
        self.prefix = hashlib.sha256(label.encode("utf-8"))
        self.counter = 0
        self.buffer = b""
        self.position = 0

    def next(self, count):
        out = bytearray()
        while len(out) < count:
            if self.position == len(self.buffer):
                block = self.prefix.copy()
                block.update(struct.pack(">Q", self.counter))
                self.buffer = block.digest()
                self.counter += 1
                self.position = 0
            take = min(count - len(out), len(self.buffer) - self.position)
            out += self.buffer[self.position : self.position + take]
            self.position += take
        return bytes(out)

    def byte(self):
        return self.next(1)[0]

    def uint16(self):
        return struct.unpack(">H", self.next(2))[0]


def seal(role, c2s, s2c, nonce, plaintext):
    key = c2s if role == "device" else s2c  # KDF-5: device seals with c2s
    return b"\x02" + nonce + crypto_aead_xchacha20poly1305_ietf_encrypt(plaintext, None, nonce, key)


def open_frame(role, c2s, s2c, frame):
    """FRAME-OPEN-1: the checks in order, with a fresh (empty) replay window."""
    if len(frame) == 0:
        return None, "empty_frame"
    kind = frame[0]
    if kind == 0x01:
        return None, "legacy_frame"
    if kind in (0x03, 0x04):
        return None, "unexpected_type"
    if kind != 0x02:
        return None, "unsupported_type"
    if len(frame) < OVERHEAD:
        return None, "frame_too_short"
    if len(frame) > MAX_FRAME:
        return None, "frame_too_large"
    key = s2c if role == "device" else c2s  # KDF-5: device opens with s2c
    try:
        return crypto_aead_xchacha20poly1305_ietf_decrypt(frame[25:], None, frame[1:25], key), None
    except CryptoError:
        return None, "auth_failed"


def accumulated(count, seed=SEED):
    stream = ByteStream(seed)
    digest = hashlib.sha256()
    for _ in range(count):
        sealer = "device" if stream.byte() & 1 == 0 else "core"
        opener = "core" if sealer == "device" else "device"
        c2s, s2c, nonce = stream.next(32), stream.next(32), stream.next(24)
        plaintext = stream.next(stream.uint16() % (MAX_PLAINTEXT + 1))
        frame = seal(sealer, c2s, s2c, nonce, plaintext)
        received = frame
        mode = stream.byte() % 4
        if mode == 2:
            index = stream.uint16() % len(frame)
            bit = stream.byte() % 8
            damaged = bytearray(frame)
            damaged[index] ^= 1 << bit
            received = bytes(damaged)
        elif mode == 3:
            received = frame[: stream.uint16() % len(frame)]
        opened, error = open_frame(opener, c2s, s2c, received)
        result = b"\x00" + opened if error is None else b"\x01" + error.encode("ascii")
        digest.update(struct.pack(">I", len(frame)) + frame + struct.pack(">I", len(result)) + result)
    return digest.hexdigest()


def check(path, slow):
    with open(path, encoding="utf-8") as f:
        vectors = json.load(f)["vectors"]
    failures = 0
    for vector in vectors:
        if "Slow" in vector["flags"] and not slow:
            print(f"skip {vector['id']} (slow; pass --slow)")
            continue
        got = accumulated(vector["input"]["cases"], vector["input"]["seed"])
        ok = got == vector["expected"]["sha256"]
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {vector['id']} {got}")
    return 1 if failures else 0


def main(argv):
    if argv[:1] == ["--check"]:
        if len(argv) < 2:
            print(__doc__, file=sys.stderr)
            return 2
        return check(argv[1], "--slow" in argv[2:])
    counts = [int(a) for a in argv] or [1, 100, 10_000]
    for count in counts:
        print(count, accumulated(count), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
