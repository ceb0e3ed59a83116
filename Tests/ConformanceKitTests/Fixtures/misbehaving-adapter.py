#!/usr/bin/env python3
"""A fake adapter for the runner's own tests: it answers the operation `echo` correctly and
misbehaves on purpose on the others, one way per operation, so a test can place a fault exactly
where it wants it in a run.

Operations (requests carry `{"id","op","input"}`, spec/kit/02-adapter-protocol.md):
  echo          answers ok with the input as output
  error         answers ok:false with input["code"]
  crash         writes a line to stderr, then kills itself with SIGSEGV
  hang          never answers
  garbage       writes a line that is not JSON
  wrong-id      answers with another request's id
  exit          writes a line to stderr, then exits with status 3
  oversized     writes one response line of input["bytes"] bytes
  flood         writes input["bytes"] bytes to stderr, then answers like echo
  close-stdout  closes stdout and keeps running
  anything else answers ok:false "unsupported"

Options:
  --operations a,b,c    the operations hello declares (default: all of the above)
  --policy NAME=N       a declared policy (repeatable)
  --hello ok|error|garbage|exit|hang   how to answer hello (default ok)
  --start-once FILE     exit 1 at start when FILE exists, else create it: the second start fails
"""
import json
import os
import signal
import sys
import time

ALL = ["echo", "error", "crash", "hang", "garbage", "wrong-id", "exit", "oversized", "flood", "close-stdout"]


def parse_options(argv):
    options = {"operations": ALL, "policies": {}, "hello": "ok", "start_once": None}
    args = list(argv)
    while args:
        name = args.pop(0)
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
        else:
            sys.exit("unknown option " + name)
    return options


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    options = parse_options(sys.argv[1:])
    if options["start_once"]:
        if os.path.exists(options["start_once"]):
            print("fake: refusing a second start", file=sys.stderr, flush=True)
            sys.exit(1)
        open(options["start_once"], "w").close()
    for line in sys.stdin:
        request = json.loads(line)
        rid, op, data = request["id"], request["op"], request["input"]
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
                send({"id": rid, "ok": True, "output": {
                    "protocol": 1, "name": "misbehaving", "version": "0.0.1",
                    "operations": options["operations"], "policies": options["policies"]}})
        elif op == "shutdown":
            send({"id": rid, "ok": True, "output": {}})
            return
        elif op == "echo":
            send({"id": rid, "ok": True, "output": data})
        elif op == "error":
            send({"id": rid, "ok": False, "error": data["code"]})
        elif op == "crash":
            print("fake: about to crash on request %d" % rid, file=sys.stderr, flush=True)
            os.kill(os.getpid(), signal.SIGSEGV)
        elif op == "hang":
            print("fake: hanging", file=sys.stderr, flush=True)
            time.sleep(3600)
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
        elif op == "close-stdout":
            sys.stdout.flush()
            os.close(1)
            time.sleep(3600)
        else:
            send({"id": rid, "ok": False, "error": "unsupported"})


main()
