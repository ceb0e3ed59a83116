"""The application behind a core: the methods it serves, the companion set it grants, and a record
of every execution, shared by the version 2 and version 3 cores, which differ only in how a
request reaches it and how its answer travels back.

`executions` lists (channel id, request id, method) for each run, so a test can assert that
nothing ran twice (RPC-2).
"""

import inspect

from openhuman_tunnel import envelope
from openhuman_tunnel.rpc import CoreGate, Dispatch


class Application:
    def __init__(self, methods=None, grant=None) -> None:
        """`methods`: name -> function(channel id, params node) -> JSON text (bytes), or a coroutine
        function returning it; `grant`: the companion set (AUTH-2), which always holds the pings
        (AUTH-3); every method when not given."""
        self.methods = dict(methods or {})
        self.grant = frozenset(grant if grant is not None else self.methods)
        self.executions = []

    def gate(self, **options) -> CoreGate:
        """A new envelope gate (chapter 11) for these methods and this grant."""
        return CoreGate(self.grant, self.methods, **options)

    async def run(self, channel_id: str, request: Dispatch) -> bytes:
        """RPC-6 step 4: the method runs once; its answer envelope, or `method_failed` when it fails."""
        self.executions.append((channel_id, request.request_id, request.method))
        try:
            result = self.methods[request.method](channel_id, request.params)
            if inspect.isawaitable(result):
                result = await result
            return envelope.encode_value(request.request_id, envelope.RESPONSE, 0, result)
        except Exception as failure:  # the application's failure is the device's answer, never a crash
            return envelope.encode_error(request.request_id, envelope.METHOD_FAILED, type(failure).__name__)

    def executed(self, channel_id: str | None = None) -> list:
        return [e for e in self.executions if channel_id is None or e[0] == channel_id]
