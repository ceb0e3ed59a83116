#!/usr/bin/env python3
"""A fake adapter for the runner's own tests whose `hello` output is given whole on the command
line, so a test can send any hello, lawful or not: one without `policies`, a replayMemory the
spec forbids, an unknown operation name, a name carrying terminal escapes or a forged summary.

Usage: scripted-hello-adapter.py 'HELLO-OUTPUT-JSON'
       scripted-hello-adapter.py @FILE   (the JSON read from FILE: a hello too large for argv)

Operations after hello (requests are `{"id","op","input"}`, spec/kit/02-adapter-protocol.md):
  echo          answers ok with the input as output
  error         answers ok:false with input["code"] (any string, escapes included)
  fraction      answers a response that is valid JSON but holds a number with a fraction
  shutdown      answers ok and exits
  anything else answers ok:false "unsupported"
"""

import json
import sys


def send(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    argument = sys.argv[1]
    if argument.startswith("@"):
        with open(argument[1:], encoding="utf-8") as source:
            argument = source.read()
    hello = json.loads(argument)
    for line in sys.stdin:
        request = json.loads(line)
        rid, op, data = request["id"], request["op"], request["input"]
        if op == "hello":
            send(json.dumps({"id": rid, "ok": True, "output": hello}))
        elif op == "shutdown":
            send(json.dumps({"id": rid, "ok": True, "output": {}}))
            return
        elif op == "echo":
            send(json.dumps({"id": rid, "ok": True, "output": data}))
        elif op == "error":
            send(json.dumps({"id": rid, "ok": False, "error": data["code"]}))
        elif op == "fraction":
            send('{"id":%d,"ok":true,"output":{"value":1.5}}' % rid)
        else:
            send(json.dumps({"id": rid, "ok": False, "error": "unsupported"}))


main()
