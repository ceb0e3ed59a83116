#!/usr/bin/env python3
"""A fake adapter for the runner's own tests: it answers the operation `echo` correctly and
misbehaves on purpose on the others, one way per operation, so a test can place a fault exactly
where it wants it in a run.

Operations (requests carry `{"id","op","input"}`, spec/kit/02-adapter-protocol.md):
  echo          answers ok with the input as output
  error         answers ok:false with input["code"]
  crash         writes input["lines"] (default 0) log lines and one more line to stderr, then
                kills itself with SIGSEGV
  hang          waits input["quietMs"] (default 0), writes a line to stderr, never answers
  slow          waits input["ms"], then answers ok with the input as output
  garbage       writes a line that is not JSON
  wrong-id      answers with another request's id
  exit          writes a line to stderr, then exits with status 3
  oversized     writes one response line of input["bytes"] bytes
  flood         writes input["bytes"] bytes to stderr, then answers like echo
  close-stdout  closes stdout and keeps running
  huge-error    answers ok:false with an error code of input["bytes"] bytes
  frame-seal    answers a 10-byte frame (shorter than any sealed frame)
  frame-open    answers ok:false "auth_failed"
  anything else answers ok:false "unsupported"

Options:
  --operations a,b,c    the operations hello declares (default: all of the above)
  --policy NAME=N       a declared policy (repeatable)
  --hello ok|error|garbage|exit|hang   how to answer hello (default ok)
  --start-once FILE     exit 1 at start when FILE exists, else create it: the second start fails
  --pid-file FILE       write this process's pid to FILE (one line per start, appended)
  --holder group|session FILE
                        start a `sleep` that inherits stdout and stderr and write its pid to FILE:
                        in this process's group, or (session) in a new session, out of reach of a
                        group kill; the test that asks for it kills it
  --silent              answer hello, then read every request and never answer
  --huge-answers BYTES  answer every request but hello and shutdown with an error code of BYTES bytes
  --stderr-per-request  write "fake: working on request N" to stderr before each answer
  --crash-on OP         treat operation OP like crash
"""

import json
import os
import signal
import sys
import time

ALL = [
    "echo",
    "error",
    "crash",
    "hang",
    "garbage",
    "wrong-id",
    "exit",
    "oversized",
    "flood",
    "close-stdout",
    "huge-error",
]


def parse_options(argv):
    options = {
        "operations": ALL,
        "policies": {},
        "hello": "ok",
        "start_once": None,
        "pid_file": None,
        "holder": None,
        "silent": False,
        "huge": None,
        "stderr_per_request": False,
        "crash_on": None,
    }
    args = list(argv)
    while args:
        name = args.pop(0)
        if name == "--silent":
            options["silent"] = True
            continue
        if name == "--stderr-per-request":
            options["stderr_per_request"] = True
            continue
        value = args.pop(0)
        if name == "--operations":
            options["operations"] = [op for op in value.split(",") if op]
        elif name == "--policy":
            key, number = value.split("=")
            options["policies"][key] = int(number)
        elif name == "--hello":
            options["hello"] = value
        elif name == "--start-once":
            options["start_once"] = value
        elif name == "--pid-file":
            options["pid_file"] = value
        elif name == "--holder":
            options["holder"] = (value, args.pop(0))
        elif name == "--crash-on":
            options["crash_on"] = value
        elif name == "--huge-answers":
            options["huge"] = int(value)
        else:
            sys.exit("unknown option " + name)
    return options


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def start_holder(kind, pid_path):
    """A `sleep` holding this adapter's stdout and stderr, like a daemon an implementation starts."""
    pid = os.fork()
    if pid == 0:
        if kind == "session":
            os.setsid()
        os.execvp("sleep", ["sleep", "60"])
    with open(pid_path, "a") as pid_file:
        pid_file.write("%d\n" % pid)


def main():
    options = parse_options(sys.argv[1:])
    if options["start_once"]:
        if os.path.exists(options["start_once"]):
            print("fake: refusing a second start", file=sys.stderr, flush=True)
            sys.exit(1)
        open(options["start_once"], "w").close()
    if options["pid_file"]:
        with open(options["pid_file"], "a") as pid_file:
            pid_file.write("%d\n" % os.getpid())
    if options["holder"]:
        start_holder(*options["holder"])
    for line in sys.stdin:
        request = json.loads(line)
        rid, op, data = request["id"], request["op"], request["input"]
        if options["stderr_per_request"]:
            print("fake: working on request %d" % rid, file=sys.stderr, flush=True)
        if op == options["crash_on"]:
            op = "crash"
        if op not in ("hello", "shutdown") and options["silent"]:
            continue
        if op not in ("hello", "shutdown") and options["huge"]:
            send({"id": rid, "ok": False, "error": "x" * options["huge"]})
            continue
        if op == "hello":
            if options["hello"] == "error":
                send({"id": rid, "ok": False, "error": "bad_request"})
            elif options["hello"] == "garbage":
                print("hello, runner", flush=True)
            elif options["hello"] == "hang":
                time.sleep(3600)
            elif options["hello"] == "exit":
                print("fake: cannot initialise", file=sys.stderr, flush=True)
                sys.exit(2)
            else:
                send(
                    {
                        "id": rid,
                        "ok": True,
                        "output": {
                            "protocol": 1,
                            "name": "misbehaving",
                            "version": "0.0.1",
                            "operations": options["operations"],
                            "policies": options["policies"],
                        },
                    }
                )
        elif op == "shutdown":
            send({"id": rid, "ok": True, "output": {}})
            return
        elif op == "echo":
            send({"id": rid, "ok": True, "output": data})
        elif op == "error":
            send({"id": rid, "ok": False, "error": data["code"]})
        elif op == "crash":
            for number in range(data.get("lines", 0)):
                print("fake: log line %d" % number, file=sys.stderr)
            print("fake: about to crash on request %d" % rid, file=sys.stderr, flush=True)
            os.kill(os.getpid(), signal.SIGSEGV)
        elif op == "hang":
            time.sleep(data.get("quietMs", 0) / 1000)
            print("fake: hanging", file=sys.stderr, flush=True)
            time.sleep(3600)
        elif op == "slow":
            time.sleep(data["ms"] / 1000)
            send({"id": rid, "ok": True, "output": data})
        elif op == "garbage":
            print("this line is not JSON", flush=True)
        elif op == "wrong-id":
            send({"id": rid + 1000, "ok": True, "output": {}})
        elif op == "exit":
            print("fake: exiting with status 3", file=sys.stderr, flush=True)
            sys.exit(3)
        elif op == "oversized":
            padding = "x" * data["bytes"]
            sys.stdout.write('{"id":%d,"ok":true,"output":{"pad":"%s"}}\n' % (rid, padding))
            sys.stdout.flush()
        elif op == "flood":
            chunk = ("fake: log line " + "." * 64 + "\n") * 1000
            written = 0
            while written < data["bytes"]:
                sys.stderr.write(chunk)
                written += len(chunk)
            sys.stderr.flush()
            send({"id": rid, "ok": True, "output": data})
        elif op == "huge-error":
            send({"id": rid, "ok": False, "error": "x" * data["bytes"]})
        elif op == "frame-seal":
            send({"id": rid, "ok": True, "output": {"frame": "02" + "00" * 9}})
        elif op == "frame-open":
            send({"id": rid, "ok": False, "error": "auth_failed"})
        elif op == "close-stdout":
            sys.stdout.flush()
            os.close(1)
            time.sleep(3600)
        else:
            send({"id": rid, "ok": False, "error": "unsupported"})


main()
