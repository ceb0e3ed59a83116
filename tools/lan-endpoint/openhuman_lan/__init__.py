"""The reference LAN endpoint (spec/15-transports.md, 15.2): the core's side of the LAN carrier, a
WebSocket per pairing that carries the tunnel's sealed messages byte for byte. aiohttp's WebSocket
server, on the pyenv `python3` (3.11) with tools/relay/requirements.txt installed."""
