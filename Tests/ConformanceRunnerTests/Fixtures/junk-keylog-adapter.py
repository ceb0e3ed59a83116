#!/usr/bin/env python3
"""A wrapper around a real adapter that floods the key log, for the runner's bound on what it
keeps of a key log (ADP-24, ADP-97; finding H1 of 2.3.0). Standard library only.

  junk-keylog-adapter.py MIB ADAPTER [ARGUMENT ...]

Runs ADAPTER with the same environment and passes every line through both ways. Before it
forwards a request it appends an LF to the file named by OPENHUMAN_KEYLOG (ending the previous
request's unfinished line), so the wrapped adapter's own lines are still whole; after the
adapter answers, before the answer goes on, it appends MIB MiB of junk lines, then a line of
invalid UTF-8 with no LF: what a broken or hostile adapter may write.
"""

import os
import subprocess
import sys

MIB = int(sys.argv[1])
JUNK_LINE = b"junk " + b"j" * 58 + b"\n"  # 64 bytes
JUNK = JUNK_LINE * (MIB * 1024 * 1024 // len(JUNK_LINE)) + b"\xff\xfe not utf-8, no line feed"


def append(path: str, data: bytes) -> None:
    if path:
        with open(path, "ab") as log:
            log.write(data)


def main() -> int:
    child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    path = os.environ.get("OPENHUMAN_KEYLOG", "")
    for line in sys.stdin.buffer:
        append(path, b"\n")
        child.stdin.write(line)
        child.stdin.flush()
        answer = child.stdout.readline()
        if not answer:
            break
        append(path, JUNK)
        sys.stdout.buffer.write(answer)
        sys.stdout.buffer.flush()
    child.stdin.close()
    return child.wait()


if __name__ == "__main__":
    sys.exit(main())
