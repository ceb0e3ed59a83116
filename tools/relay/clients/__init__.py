"""A core and a phone that talk to the relay of spec chapter 12 over real Socket.IO (pyenv python3).

They are the Python implementation (tools/adapters/python/openhuman_tunnel) wired to
python-socketio's AsyncClient on the WebSocket transport, for the end-to-end, fault, load and
two-relay tests. The implementation is not an installed package, so its home is put on the
import path here, once, instead of in every test.
"""

import os
import sys

_IMPLEMENTATION = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "adapters", "python")
if os.path.normpath(_IMPLEMENTATION) not in map(os.path.normpath, sys.path):
    sys.path.insert(0, os.path.normpath(_IMPLEMENTATION))
