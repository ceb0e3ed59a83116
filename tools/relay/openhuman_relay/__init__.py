"""The reference relay of spec/12-signalling.md: a state machine (`machine`) behind a store
(`store`, `redis_store`), a conformance adapter (`adapter`) and a Socket.IO server (`server`).

Runs on the pyenv `python3` (3.11) with tools/relay/requirements.txt installed.
"""

__version__ = "1.0.0"
