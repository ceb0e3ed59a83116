"""The transport lab (spec/15-transports.md, 15.7): everything but the selection, on loopback, for
the conformance runner's transport live checks, and the device-side pieces the LAN endpoint's own
tests share with it (the LAN client, the pairing over the relay). pyenv `python3` (3.11) with
tools/relay/requirements.txt installed; see tools/lan-endpoint/README.md."""
